"""Writes test/fixtures/einsum.ts: NumPy's einsum on a set of classic
subscripts (products, batched products, transposes, traces and diagonals,
sums, outer products, "..." broadcasting, three operands, and implicit
outputs with upper- and lower-case letters, whose order NumPy takes from
ASCII), for test/ops/einsum.test.ts (which needs no Python). A TypeScript
module rather than JSON, so that the tests load it as they load any other.

Run from the repository root: python3 scripts/einsum-fixture.py
The inputs are small integers from a seeded generator, stored as float64,
so every sum is exact and the file only changes when this script or
NumPy's einsum does.
"""
import json
import sys

import numpy as np

rng = np.random.default_rng(20261123)

# (subscripts, operand shapes)
CASES = [
    ("ij,jk->ik", [(2, 3), (3, 4)]),
    ("ij,jk", [(2, 3), (3, 4)]),
    ("bij,bjk->bik", [(2, 2, 3), (2, 3, 4)]),
    ("bhqd,bhkd->bhqk", [(2, 2, 3, 4), (2, 2, 5, 4)]),
    ("ij->ji", [(2, 3)]),
    ("ij", [(2, 3)]),
    ("ji", [(2, 3)]),
    ("ii", [(3, 3)]),
    ("ii->i", [(3, 3)]),
    ("iij->ji", [(3, 3, 2)]),
    ("ijk->", [(2, 3, 4)]),
    ("ijk->j", [(2, 3, 4)]),
    ("i,i", [(5,), (5,)]),
    ("i,j->ij", [(3,), (4,)]),
    ("i,j", [(3,), (4,)]),
    ("ij,ij->ij", [(2, 3), (2, 3)]),
    ("ij,j->i", [(2, 3), (3,)]),
    ("ij,kl->ikjl", [(2, 3), (2, 2)]),
    ("...ij,...jk->...ik", [(2, 1, 2, 3), (4, 3, 2)]),
    ("...i,...i", [(2, 1, 3), (4, 3)]),
    ("i...->...", [(3, 2, 2)]),
    ("...ii->...i", [(2, 3, 3)]),
    ("ij,jk,kl->il", [(2, 3), (3, 4), (4, 2)]),
    ("ab,bc,cd", [(2, 3), (3, 2), (2, 4)]),
    ("i,i,i->", [(4,), (4,), (4,)]),
    ("bA", [(2, 3)]),
    ("Ab", [(2, 3)]),
    ("aB,Ba", [(2, 3), (3, 2)]),
    ("zY,Yx", [(2, 3), (3, 4)]),
    ("Ba,aC", [(2, 3), (3, 4)]),
    ("baC", [(2, 3, 4)]),
    ("ij,jk->", [(2, 3), (3, 4)]),
    ("ij,jk->ki", [(2, 3), (3, 4)]),
    ("ijk,jil->kl", [(2, 3, 4), (3, 2, 2)]),
]

cases = []
for subscripts, shapes in CASES:
    operands = [rng.integers(-4, 5, size=shape).astype(np.float64) for shape in shapes]
    result = np.asarray(np.einsum(subscripts, *operands))
    cases.append({
        "subscripts": subscripts,
        "shapes": [list(shape) for shape in shapes],
        "operands": [operand.ravel().tolist() for operand in operands],
        "shape": list(result.shape),
        "result": result.ravel().tolist(),
    })

fixture = {"generator": "scripts/einsum-fixture.py", "numpy": np.__version__, "cases": cases}
out = open("test/fixtures/einsum.ts", "w")
out.write("// Written by scripts/einsum-fixture.py from NumPy's einsum; do not edit.\n")
out.write("export const einsumFixture: {\n")
out.write("  readonly generator: string;\n")
out.write("  readonly numpy: string;\n")
out.write("  readonly cases: readonly {\n")
out.write("    readonly subscripts: string;\n")
out.write("    readonly shapes: readonly (readonly number[])[];\n")
out.write("    readonly operands: readonly (readonly number[])[];\n")
out.write("    readonly shape: readonly number[];\n")
out.write("    readonly result: readonly number[];\n")
out.write("  }[];\n")
out.write("} = " + json.dumps(fixture, separators=(",", ":")) + ";\n")
out.close()
print(f"wrote {len(cases)} cases with NumPy {np.__version__}", file=sys.stderr)
