"""NumPy's reductions for `npm run bench:reduce` (run when python3 with NumPy is present): the
cases of cases.ts on the same float32 inputs, `x.sum(axis)`, `x.mean(axis)`, `x.max(axis)`,
`x.argmax(axis)`, `x.var(axis)`, and softmax written as NumPy users write it (subtract the row's
max, exp, divide by the sum). One JSON line per case, as the JavaScript runners print."""

import json
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from run_numpy import fill, median_ms, sample  # noqa: E402  (the element-wise runner's inputs and timing)

CASES = [  # cases.ts REDUCE_CASES: id, op, axis
    ("sum-all", "sum", None),
    ("sum-rows", "sum", -1),
    ("sum-cols", "sum", 0),
    ("mean-rows", "mean", -1),
    ("max-rows", "max", -1),
    ("argmax-rows", "argmax", -1),
    ("variance-rows", "var", -1),
    ("softmax-rows", "softmax", -1),
]


def softmax(x, axis):
    e = np.exp(x - x.max(axis=axis, keepdims=True))
    return e / e.sum(axis=axis, keepdims=True)


x = fill((1000, 1000), 1)
for case_id, op, axis in CASES:
    run = (lambda: softmax(x, axis)) if op == "softmax" else (lambda: getattr(x, op)(axis=axis))
    ms = median_ms(run, 1)
    values = np.asarray(run(), dtype=np.float64)
    picked = sample(values) if values.size > 1 else [float(values)]
    print(json.dumps({"library": "numpy", "variant": "alloc", "id": case_id, "ms": ms, "sample": picked}), flush=True)
