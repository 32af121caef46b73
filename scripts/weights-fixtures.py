"""Writes test/fixtures/weights/: .npy and .npz files written by NumPy (np.save,
np.savez, np.savez_compressed) and
.safetensors files written by the Python `safetensors` package, and
manifest.json, which says what each file must load as. test/io/*.test.ts
read them (no Python needed there).

Run from the repository root:
    pip install safetensors==0.8.0
    python3 scripts/weights-fixtures.py

manifest.json gives each array's shape, the shapecast dtype it loads as, and
its elements as the base64 of their little-endian bytes in that dtype,
row-major: a loaded tensor must give exactly these bytes, so NaN, -0 and
infinities are compared bit for bit. float16 and bfloat16 load as float32;
their expected float32 values are NumPy's exact widening.

NumPy has no bfloat16, so the one bfloat16 file is written here by hand, from
the format's own description (an 8-byte little-endian header length, a JSON
header, then the data): the upper 16 bits of float32 values that bfloat16
holds exactly.
"""
import base64
import json
import os
import struct

import numpy as np
import safetensors
import safetensors.numpy

OUT = os.path.join("test", "fixtures", "weights")
os.makedirs(OUT, exist_ok=True)
rng = np.random.default_rng(20261123)

LOADS_AS = {
    np.dtype("float32"): "float32",
    np.dtype("float64"): "float64",
    np.dtype("int32"): "int32",
    np.dtype("uint8"): "uint8",
    np.dtype("bool"): "bool",
    np.dtype("float16"): "float32",
}
WIDEN = {"float32": "<f4", "float64": "<f8", "int32": "<i4", "uint8": "u1", "bool": "u1"}


def expected(array, dtype=None):
    """What the array must load as: its shape, dtype and little-endian bytes."""
    dtype = dtype or LOADS_AS[array.dtype.newbyteorder("=")]
    values = np.ascontiguousarray(array).astype(WIDEN[dtype])
    return {"shape": list(array.shape), "dtype": dtype, "bytes": base64.b64encode(values.tobytes()).decode("ascii")}


def special(dtype):
    """Values a float format must carry exactly: NaN, infinities, -0, tiny and huge."""
    info = np.finfo(dtype)
    return np.array([np.nan, np.inf, -np.inf, -0.0, 0.0, 1.0, -2.5, info.tiny, info.max, info.smallest_subnormal], dtype=dtype)


manifest = {"generator": "scripts/weights-fixtures.py", "numpy": np.__version__, "safetensorsPackage": safetensors.__version__, "npy": {}, "safetensors": {}}

# --- .npy, by np.save ----------------------------------------------------------
npy = {
    "float32-c": rng.standard_normal((2, 3, 4)).astype("<f4"),
    "float64-fortran": np.asfortranarray(rng.standard_normal((3, 5))),
    "int32-big-endian": rng.integers(-(2**31), 2**31 - 1, size=(4, 3)).astype(">i4"),
    "float64-big-endian-fortran": np.asfortranarray(rng.standard_normal((2, 3))).astype(">f8"),
    "uint8": rng.integers(0, 256, size=(5,)).astype("u1"),
    "bool": rng.integers(0, 2, size=(2, 2, 2)).astype("?"),
    "scalar": np.array(3.25, dtype="<f8"),
    "empty": np.zeros((0, 3), dtype="<f4"),
    "float16": special("<f2").reshape(2, 5),
    "float32-special": special("<f4"),
}
for name, array in npy.items():
    np.save(os.path.join(OUT, f"{name}.npy"), array)
    manifest["npy"][name] = expected(array)

# --- .npy headers, by np.save's own header writer, for shapes too large to hold ------------
# np.save writes the header dict, room for the first size to grow to 21 digits, then 1 to 64
# spaces and a newline so that the data starts at a multiple of 64. Shapes of every rank up to
# 64 and of sizes up to 2^31 - 1 (views of one element, so nothing is allocated), among them
# ranks whose header ends exactly on a multiple of 64 before padding.
from numpy.lib import _format_impl as npy_format  # noqa: E402  (the module np.save calls)
import io  # noqa: E402

header_rng = np.random.default_rng(20261128)  # its own, so the arrays above and below stay as they were


def random_sizes(rank):
    """Sizes of 1 to 10 digits, each kept only while the product stays within 2^31 - 1 (else 1)."""
    sizes, product = [], 1
    for _ in range(rank):
        size = int(header_rng.integers(0, 10 ** int(header_rng.integers(1, 11))))
        if max(size, 1) * product > 2**31 - 1:
            size = 1
        sizes.append(size)
        product *= max(size, 1)  # an empty axis does not lift the limit on the others (as in shapecast)
    return sizes


header_cases = []
for rank in range(0, 65):
    for sizes in ([1] * rank, [2] * min(rank, 30) + [1] * max(rank - 30, 0), random_sizes(rank), random_sizes(rank), [2**31 - 1] + [1] * max(rank - 1, 0)):
        shape = tuple(sizes[:rank])
        header_cases.append((shape, ["<f4", "<f8", "<i4", "|u1", "|b1"][len(header_cases) % 5]))
manifest["npyHeaders"] = []
for shape, descr in header_cases:
    view = np.lib.stride_tricks.as_strided(np.zeros(1, dtype=descr), shape=shape, strides=(0,) * len(shape))
    out = io.BytesIO()
    npy_format._write_array_header(out, npy_format.header_data_from_array_1_0(view), None)
    manifest["npyHeaders"].append({"shape": list(shape), "descr": descr, "header": base64.b64encode(out.getvalue()).decode("ascii")})

# --- .npz, by np.savez (members stored) and np.savez_compressed (deflated) --------------
manifest["npz"] = {}
named = {"w": npy["float32-c"], "b": npy["int32-big-endian"], "flags": npy["bool"], "f16": npy["float16"]}
np.savez(os.path.join(OUT, "stored.npz"), npy["scalar"], npy["uint8"], **named)  # positional arrays: arr_0, arr_1
manifest["npz"]["stored"] = {"arr_0": expected(npy["scalar"]), "arr_1": expected(npy["uint8"]), **{k: expected(a) for k, a in named.items()}}
np.savez_compressed(os.path.join(OUT, "deflated.npz"), fortran=npy["float64-fortran"], empty=npy["empty"], special=npy["float32-special"])
manifest["npz"]["deflated"] = {"fortran": expected(npy["float64-fortran"]), "empty": expected(npy["empty"]), "special": expected(npy["float32-special"])}

# the same arrays as zip64 throughout (each central directory entry's sizes and offset in its
# zip64 field, and the zip64 end records), as Python's zipfile writes past 2 GiB
import zipfile  # noqa: E402

limit = zipfile.ZIP64_LIMIT
zipfile.ZIP64_LIMIT = 0
try:
    np.savez(os.path.join(OUT, "zip64.npz"), **named)
finally:
    zipfile.ZIP64_LIMIT = limit
manifest["npz"]["zip64"] = {k: expected(a) for k, a in named.items()}


class Unseekable(io.RawIOBase):
    """A file that cannot seek back: zipfile then puts each member's sizes in a data descriptor after its data."""

    def __init__(self, path):
        self.file = open(path, "wb")

    def writable(self):
        return True

    def write(self, data):
        return self.file.write(data)

    def close(self):
        self.file.close()
        super().close()


with Unseekable(os.path.join(OUT, "streamed.npz")) as stream:
    np.savez_compressed(stream, **named)
manifest["npz"]["streamed"] = {k: expected(a) for k, a in named.items()}

# --- .safetensors, by the safetensors package ---------------------------------------
layers = {
    "fc1.weight": rng.standard_normal((4, 3)).astype("<f4"),
    "fc1.bias": rng.standard_normal((4,)).astype("<f4"),
    "fc2.weight": rng.standard_normal((2, 4)).astype("<f8"),
    "counts": rng.integers(-1000, 1000, size=(3, 2)).astype("<i4"),
    "pixels": rng.integers(0, 256, size=(2, 2, 3)).astype("u1"),
    "mask": rng.integers(0, 2, size=(5,)).astype("?"),
    "half": special("<f2"),
    "scalar": np.array(7.0, dtype="<f4"),
    "empty": np.zeros((2, 0), dtype="<f4"),
}
safetensors.numpy.save_file(layers, os.path.join(OUT, "layers.safetensors"), metadata={"format": "np", "source": "weights-fixtures.py"})
manifest["safetensors"]["layers"] = {"metadata": {"format": "np", "source": "weights-fixtures.py"}, "tensors": {name: expected(a) for name, a in layers.items()}}

# the dtypes shapecast writes, so that saveSafetensors can be compared with this file byte for byte
plain = {name: layers[name] for name in ["fc1.weight", "fc1.bias", "fc2.weight", "counts", "pixels", "mask", "scalar", "empty"]}
plain["10"] = np.arange(3, dtype="<f4")  # a name that looks like a number
safetensors.numpy.save_file(plain, os.path.join(OUT, "plain.safetensors"), metadata={"format": "np"})
manifest["safetensors"]["plain"] = {"metadata": {"format": "np"}, "tensors": {name: expected(a) for name, a in plain.items()}}

# --- bfloat16, written by hand (see above) ----------------------------------------
wide = np.array([1.0, -2.0, 0.15625, np.inf, -np.inf, np.nan, -0.0, 1.5 * 2.0**127, 2.0**-126, 2.0**-133], dtype="<f4")
halves = (wide.view("<u4") >> 16).astype("<u2")  # exact: each value above needs no more than bfloat16's 8 bits of precision
assert np.array_equal((halves.astype("<u4") << 16).view("<f4"), wide, equal_nan=True)
header = json.dumps({"brain": {"dtype": "BF16", "shape": [2, 5], "data_offsets": [0, halves.nbytes]}}, separators=(",", ":")).encode()
header += b" " * (-len(header) % 8)
with open(os.path.join(OUT, "bfloat16.safetensors"), "wb") as file:
    file.write(struct.pack("<Q", len(header)) + header + halves.tobytes())
manifest["safetensors"]["bfloat16"] = {"metadata": None, "tensors": {"brain": expected(wide.reshape(2, 5), "float32")}}

# --- a corpus of random records, written by the safetensors package and np.save -----------
# (test/fuzz/weights-python.test.ts rebuilds each record from its element bytes and compares
# saveSafetensors and toNpy with these bytes, and reads them back). Names include those of
# JavaScript's Object.prototype and characters whose UTF-8 and UTF-16 orders differ; elements
# are random bits (NaN payloads, subnormals); at most one metadata key (the package writes
# several in its hash map's order).
corpus_rng = np.random.default_rng(20261129)
NAMES = ["__proto__", "constructor", "toString", "hasOwnProperty", "valueOf", "0", "10", "9", "a", "A", "fc1.weight",
         "\uffff", "\U00010000", "\u00e9", "e\u0301", " ", "a b", "\u4e2d"]
corpus = []
for case in range(160):
    count = int(corpus_rng.integers(0, 7))
    names = list(dict.fromkeys(
        NAMES[int(corpus_rng.integers(0, len(NAMES)))] if corpus_rng.random() < 0.7 else "t%d" % int(corpus_rng.integers(0, 100))
        for _ in range(count)))
    record, tensors = {}, []
    # in a third of the records every tensor has one dtype, so that the order of names decides
    one = ["<f4", "<f8", "<i4", "u1", "?"][int(corpus_rng.integers(0, 5))] if corpus_rng.random() < 1 / 3 else None
    for name in names:
        dtype = one or ["<f4", "<f8", "<i4", "u1", "?"][int(corpus_rng.integers(0, 5))]
        rank = int(corpus_rng.integers(0, 4))
        shape = tuple(int(corpus_rng.integers(0, 4)) for _ in range(rank))
        size = int(np.prod(shape)) if shape else 1
        width = np.dtype(dtype).itemsize
        raw = corpus_rng.integers(0, 256, size=size * width, dtype=np.uint8)
        if dtype == "?":
            raw = raw & 1
        array = np.frombuffer(raw.tobytes(), dtype=dtype).reshape(shape)
        record[name] = array
        tensors.append({"name": name, "shape": list(shape), "dtype": LOADS_AS[np.dtype(dtype)], "bytes": base64.b64encode(raw.tobytes()).decode("ascii")})
    metadata = {"format": "np"} if corpus_rng.random() < 0.5 else None
    blob = safetensors.numpy.save(record, metadata=metadata)
    saved = {}
    for name, array in record.items():
        out = io.BytesIO()
        np.save(out, array)
        saved[name] = base64.b64encode(out.getvalue()).decode("ascii")
    corpus.append({"tensors": tensors, "metadata": metadata, "safetensors": base64.b64encode(blob).decode("ascii"), "npy": saved})
with open(os.path.join(OUT, "corpus.json"), "w") as file:
    json.dump({"generator": "scripts/weights-fixtures.py", "numpy": np.__version__, "safetensorsPackage": safetensors.__version__, "cases": corpus}, file, separators=(",", ":"))
    file.write("\n")

with open(os.path.join(OUT, "manifest.json"), "w") as file:
    json.dump(manifest, file, indent=1, separators=(",", ": "))
    file.write("\n")
print(f"wrote {len(npy)} .npy files, 4 .npz files, 3 .safetensors files and manifest.json to {OUT}")
