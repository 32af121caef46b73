"""Writes test/fixtures/erf.json: reference values of erf and erfc from
Python's math module, for test/ops/erf.test.ts (which needs no Python).

Run from the repository root: python3 scripts/erf-fixture.py
The points are fixed (a seeded generator), so the file only changes when
this script or Python's math library does.
"""
import json
import math
import random
import sys

rng = random.Random(20261123)

points = set()
# a grid over where erf is not yet 1, both signs
for i in range(-350, 351):
    points.add(i / 50)
# random points, denser near the switch between methods (2.5) and around 0
for _ in range(1000):
    points.add(rng.uniform(-7, 7))
for _ in range(400):
    points.add(rng.uniform(2, 3) * rng.choice([-1, 1]))
# small magnitudes down to subnormals, where erf(x) ~ 2x/sqrt(pi)
for e in range(-1074, 0, 7):
    points.add(math.ldexp(rng.uniform(1, 2), e) * rng.choice([-1, 1]))
# erfc far out, until it underflows
for _ in range(400):
    points.add(rng.uniform(0, 27.5))

xs = sorted(points)
fixture = {
    "generator": "scripts/erf-fixture.py",
    "python": sys.version.split()[0],
    "x": xs,
    "erf": [math.erf(x) for x in xs],
    "erfc": [math.erfc(x) for x in xs],
}
with open("test/fixtures/erf.json", "w") as f:
    json.dump(fixture, f, separators=(",", ":"))
    f.write("\n")
print(f"wrote {len(xs)} points to test/fixtures/erf.json")
