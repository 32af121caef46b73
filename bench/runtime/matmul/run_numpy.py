"""NumPy's matmul for `npm run bench:matmul` (run when python3 with NumPy is present, with one
BLAS thread, as every JavaScript runner has one): the cases of cases.ts with the same float32
inputs as bench/runtime/cases.ts fills them, `a @ b` allocating its result. One JSON line per
case, as the JavaScript runners print."""

import json
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from run_numpy import fill, median_ms, sample  # noqa: E402  (the element-wise runner's inputs and timing)

CASES = [  # cases.ts MATMUL_CASES
    ("mm256", (256, 256), (256, 256)),
    ("bmm", (64, 128, 128), (128, 64)),
]


for case_id, shape_a, shape_b in CASES:
    a = fill(shape_a, 1)
    b = fill(shape_b, 2)
    ms = median_ms(lambda: a @ b, 1)
    print(json.dumps({"library": "numpy", "variant": "alloc", "id": case_id, "ms": ms, "sample": sample(a @ b)}), flush=True)
