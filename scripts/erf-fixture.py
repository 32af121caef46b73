"""Writes test/fixtures/erf.ts: reference values of erf, erfc and the exact
GELU from Python's math module, for test/ops/erf.test.ts and
test/properties/activations.test.ts (which need no Python). A TypeScript
module rather than JSON, so that the tests load it as they load any other
module, under Node and in the browser run alike.

Run from the repository root: python3 scripts/erf-fixture.py
The points are fixed (a seeded generator), so the file only changes when
this script or Python's math library does.
"""
import json
import math
import random
import struct
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

# points a float32 tensor holds exactly (the property tests draw from these),
# integers for the integer dtypes, and magnitudes far past where erf is 1
def float32(x):
    return struct.unpack("f", struct.pack("f", x))[0]
for _ in range(600):
    points.add(float32(rng.uniform(-9, 9)))
for i in range(-300, 301):
    points.add(float(i))
for e in range(-40, 39, 3):
    points.add(float32(10.0 ** e))
    points.add(-float32(10.0 ** e))
points.add(float32(3.4e38))
points.add(-float32(3.4e38))

xs = sorted(points)
fixture = {
    "generator": "scripts/erf-fixture.py",
    "python": sys.version.split()[0],
    "x": xs,
    "erf": [math.erf(x) for x in xs],
    "erfc": [math.erfc(x) for x in xs],
    # x * Phi(x), Phi the normal distribution function
    "gelu": [x * 0.5 * math.erfc(-x / math.sqrt(2)) for x in xs],
}
with open("test/fixtures/erf.ts", "w") as f:
    f.write("// Written by scripts/erf-fixture.py from Python's math module; do not edit.\n")
    f.write("export const erfFixture: {\n")
    f.write("  readonly generator: string;\n  readonly python: string;\n")
    f.write("  readonly x: readonly number[];\n  readonly erf: readonly number[];\n")
    f.write("  readonly erfc: readonly number[];\n  readonly gelu: readonly number[];\n")
    f.write("} = ")
    json.dump(fixture, f, separators=(",", ":"))
    f.write(";\n")
print(f"wrote {len(xs)} points to test/fixtures/erf.ts")
