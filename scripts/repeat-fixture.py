"""Writes test/fixtures/repeat.ts: what NumPy's np.repeat gives on a set of
calls, for test/ops/repeat.test.ts, which checks shapecast's repeat against
it without needing Python.

The calls: one count on every axis of small tensors (negative axes, 0 and 1
among the counts), no axis (flattened), a scalar with and without an axis,
lists of one count per element, a list of one count for every element,
empty axes, and the calls NumPy refuses (a list of the wrong length, a
negative count, an axis out of range), recorded as refused.

Run from the repository root: python3 scripts/repeat-fixture.py
Values are small integers from a seeded generator, so the file only changes
when this script or NumPy's repeat does.
"""
import json
import sys

import numpy as np

rng = np.random.default_rng(20261201)

# (shape of x, repeats, axis or None)
CALLS = [
    ((4,), 2, 0),
    ((4,), 3, None),
    ((2, 3), 2, 1),
    ((2, 3), 2, 0),
    ((2, 3), 3, -1),
    ((2, 3), 1, -2),
    ((2, 3), 0, 1),
    ((2, 3), 2, None),
    ((2, 3, 4), 2, 1),
    ((2, 3, 4), 3, -3),
    ((1, 2, 1, 2), 2, 2),
    ((), 3, None),
    ((), 3, 0),
    ((), 2, -1),
    ((), [4], 0),
    ((3,), [1, 0, 2], 0),
    ((2, 3), [2, 0, 1], 1),
    ((2, 3), [3, 1], -2),
    ((2, 3), [2], 1),
    ((2, 2), [1, 2, 0, 3], None),
    ((2, 2), [2], None),
    ((3, 2), [0, 0, 0], 0),
    ((2, 0), 3, 1),
    ((2, 0), [], 1),
    ((2, 0), [4], 1),
    ((0, 3), 2, None),
    # refused by NumPy
    ((2, 3), [1, 2], 1),
    ((2, 1), [], 1),
    ((2, 3), [1, 2, 3], None),
    ((2, 3), -1, 0),
    ((2, 3), [1, -1, 1], 1),
    ((2, 3), 2, 2),
    ((2, 3), 2, -3),
    ((), 2, 1),
]

calls = []
for shape, repeats, axis in CALLS:
    x = rng.integers(-9, 10, size=shape).astype(np.float64)
    call = {"shape": list(shape), "x": x.ravel().tolist(), "repeats": repeats, "axis": axis}
    try:
        result = np.repeat(x, repeats, axis=axis)
    except (ValueError, np.exceptions.AxisError) as error:
        call["refused"] = type(error).__name__
    else:
        call["result"] = {"shape": list(result.shape), "values": result.ravel().tolist()}
    calls.append(call)

# (typed by the test that reads it: the object's own type is what TypeScript infers from it)
header = "// Written by scripts/repeat-fixture.py from NumPy's np.repeat; do not edit.\nexport const repeatFixture = "
body = json.dumps({"generator": "scripts/repeat-fixture.py", "numpy": np.__version__, "calls": calls}, separators=(",", ":"))
with open("test/fixtures/repeat.ts", "w") as out:
    out.write(header + body + ";\n")
refused = sum("refused" in call for call in calls)
print(f"wrote {len(calls)} calls ({refused} refused) with NumPy {np.__version__}", file=sys.stderr)
