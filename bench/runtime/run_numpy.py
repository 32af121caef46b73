"""NumPy's add for `npm run bench` (bench/runtime/index.ts runs it when python3 with NumPy is
present): the cases of cases.ts with the same float32 inputs (the same linear congruential
sequence), `a + b` allocating its output and `np.add(a, b, out=o)` into a given one; case g adds
the transposed view `a.T`. The median of calls timed for BENCH_TIME_MS (default 600) after a
warm-up; one JSON line per measurement, as the JavaScript runners print (ms per op, a sample of
values)."""

import json
import os
import time

import numpy as np

TIME_MS = float(os.environ.get("BENCH_TIME_MS", "600"))
SMALL_BATCH = 1000  # cases.ts SMALL_BATCH

CASES = [  # cases.ts CASES
    ("a", (1000, 1000), (1000, 1000), False, False),
    ("b", (1000, 1000), (1000,), False, False),
    ("c", (1000, 1000), (1000, 1), False, False),
    ("d", (1000, 1), (1, 1000), False, False),
    ("e", (8, 64, 64, 64), (64, 1, 64), False, False),
    ("g", (1000, 1000), (1000, 1000), True, False),
    ("f", (3, 4), (4,), False, True),
]


def fill(shape, seed):
    """cases.ts fill: state = state * 1664525 + 1013904223 (mod 2^32), value (state / 2^32) * 2 - 1."""
    n = int(np.prod(shape))
    out = np.empty(n, dtype=np.float32)
    state = seed & 0xFFFFFFFF
    for i in range(n):
        state = (state * 1664525 + 1013904223) & 0xFFFFFFFF
        out[i] = (state / 4294967296) * 2 - 1
    return out.reshape(shape)


def sample(values):
    flat = values.reshape(-1)
    n = flat.size
    return [float(flat[i]) for i in (0, 1, n // 3, n // 2, n - 1)]  # cases.ts samplePositions


def median_ms(run, batch):
    for _ in range(5):
        run()
    times = []
    start = time.perf_counter()
    while len(times) < 10 or (time.perf_counter() - start) * 1000 < TIME_MS:
        before = time.perf_counter()
        for _ in range(batch):
            run()
        times.append((time.perf_counter() - before) * 1000 / batch)
    times.sort()
    return times[(len(times) - 1) // 2]


def main():
    for case_id, shape_a, shape_b, transpose_a, small in CASES:
        a = fill(shape_a, 1)
        b = fill(shape_b, 2)
        x = a.T if transpose_a else a
        out = np.empty(np.broadcast_shapes(x.shape, b.shape), dtype=np.float32)
        batch = SMALL_BATCH if small else 1
        for variant, run in (("out", lambda: np.add(x, b, out=out)), ("alloc", lambda: x + b)):
            ms = median_ms(run, batch)
            print(json.dumps({"library": "numpy", "variant": variant, "id": case_id, "ms": ms, "sample": sample(x + b)}), flush=True)


if __name__ == "__main__":
    main()
