"""Writes examples/data/digits-cnn.json: the weights of a small convolutional
network trained here, in NumPy, on synthetic digit images, with a few held-out
test images and the logits NumPy computes for them. examples/09-cnn-digits.ts
reads that file (npm test needs no Python: only the committed JSON is read).

Run from the repository root:
    python3 scripts/digits-cnn.py           # make the data, train, write the JSON
    python3 scripts/digits-cnn.py --check   # recompute the stored test logits
                                            # from the stored weights, compare

Every random draw comes from a seeded generator, so a run writes the same
file on the same NumPy (BLAS may change the last bits of a float elsewhere).

The data. The digits 0-9 are 5x7 bitmap glyphs (GLYPHS below), each drawn on a
12x12 canvas, centred and then shifted up to SHIFT pixels each way, sometimes
bold (the stroke doubled one pixel to the right), with some stroke pixels
dropped, a random stroke intensity, per-pixel intensity variation, a few stray
pixels and Gaussian noise, clipped to [0, 1]. Images are float32 NHWC,
[N, 12, 12, 1]. The held-out test set (TEST images) is drawn first; training
then draws TRAIN new images for each of its EPOCHS epochs, so no training image
is seen twice and none is a test image. (With shifts of 2 pixels each way this
network, one 3x3 convolution before a dense layer, reaches about 88% on
held-out images; with 1, about 96%.)

The model at inference, the formula the example computes with the library
(all tensors NHWC, channels last, row-major):

    x       [N, 12, 12, 1]   the image, values in [0, 1]
    c = conv2d(x, conv.w, "same") + conv.b
                             conv.w [3, 3, 1, 8] (KH, KW, C, F), conv.b [8];
                             c[n, i, j, f] = conv.b[f] + sum over kh, kw, ch of
                               xp[n, i + kh, j + kw, ch] * conv.w[kh, kw, ch, f]
                             xp: x padded with zeros as TensorFlow's "same":
                             output size ceil(in / stride), total padding
                             max((out - 1) * stride + k - in, 0), of which
                             total // 2 before and the rest after (1 and 1 here)
    z = (c - mean) / sqrt(variance + epsilon) * gamma + beta
                             per channel (the last axis), each vector [8];
                             epsilon 1e-3 (batchNorm's default, also stored)
    r = relu(z)              max(z, 0)
    p = maxPool2d(r, size 2) [N, 6, 6, 8]: the largest of each 2x2 window,
                             strides 2, no padding
    f = reshape(p, [N, 288]) row-major: f[n, (i * 6 + j) * 8 + ch] = p[n, i, j, ch]
    logits = f @ dense.w + dense.b      dense.w [288, 10], dense.b [10]
    class  = argmax(logits, -1)

Training uses batch statistics in place of mean and variance (the population
variance over N, H and W of each channel) and keeps running averages of both
(momentum 0.9, the variance unbiased) for inference; gamma and beta are
learned. Softmax cross-entropy loss, Adam (its rate falling along a half
cosine from 0.01 to 0.001), minibatches of 64. The convolution's bias is kept
because the example shows it, though batch normalisation subtracts whatever it
adds: its gradient is zero, and it stays near 0.

The stored test logits are this formula in float64 on the stored float32
weights and images, rounded to float32.
"""
import base64
import json
import sys
import time

import numpy as np

OUT = "examples/data/digits-cnn.json"
SEED = 12
SIZE = 12  # the canvas is SIZE x SIZE
CHANNELS = 8
EPSILON = 1e-3  # batchNorm's default in src/ops/norm.ts
TRAIN, EPOCHS, TEST, STORED = 6000, 15, 2000, 20  # TRAIN fresh images each epoch
SHIFT = 1  # the glyph moves up to this many pixels each way from the centre

# 5 wide, 7 tall; '#' is stroke
GLYPHS = {
    0: [".###.", "#...#", "#..##", "#.#.#", "##..#", "#...#", ".###."],
    1: ["..#..", ".##..", "..#..", "..#..", "..#..", "..#..", ".###."],
    2: [".###.", "#...#", "....#", "...#.", "..#..", ".#...", "#####"],
    3: ["####.", "....#", "....#", ".###.", "....#", "....#", "####."],
    4: ["...#.", "..##.", ".#.#.", "#..#.", "#####", "...#.", "...#."],
    5: ["#####", "#....", "####.", "....#", "....#", "#...#", ".###."],
    6: ["..##.", ".#...", "#....", "####.", "#...#", "#...#", ".###."],
    7: ["#####", "....#", "...#.", "..#..", ".#...", ".#...", ".#..."],
    8: [".###.", "#...#", "#...#", ".###.", "#...#", "#...#", ".###."],
    9: [".###.", "#...#", "#...#", ".####", "....#", "...#.", ".##.."],
}


def glyph(digit):
    return np.array([[ch == "#" for ch in row] for row in GLYPHS[digit]], dtype=np.float64)


def draw(rng, digit):
    """One 12x12 image of `digit`, as described in the module's docstring."""
    g = glyph(digit)
    if rng.random() < 0.3:  # bold: the stroke doubled one pixel to the right
        bold = np.zeros((7, 6))
        bold[:, :5] = g
        bold[:, 1:] = np.maximum(bold[:, 1:], g)
        g = bold
    g = g * (rng.random(g.shape) >= 0.08)  # some stroke pixels missing
    gh, gw = g.shape
    top = (SIZE - gh) // 2 + rng.integers(-SHIFT, SHIFT + 1)
    left = (SIZE - gw) // 2 + rng.integers(-SHIFT, SHIFT + 1)
    canvas = np.zeros((SIZE, SIZE))
    canvas[top:top + gh, left:left + gw] = g
    canvas *= rng.uniform(0.5, 1.0) * rng.uniform(0.8, 1.0, canvas.shape)
    stray = rng.random(canvas.shape) < 0.02
    canvas[stray] = np.maximum(canvas[stray], rng.uniform(0.3, 0.8, stray.sum()))
    canvas += rng.normal(0, 0.12, canvas.shape)
    return np.clip(canvas, 0, 1)


def dataset(rng, n):
    labels = rng.integers(0, 10, n)
    images = np.stack([draw(rng, int(d)) for d in labels])[..., None]
    return images.astype(np.float32), labels.astype(np.int32)


# ---- the forward pass, in the library's conventions ----

def same_padding(size, k, stride=1):
    """TensorFlow's "same": (before, after) for one spatial axis."""
    out = -(-size // stride)
    total = max((out - 1) * stride + k - size, 0)
    return total // 2, total - total // 2


def patches(x, k=3):
    """[N, H, W, C] -> [N, H, W, k * k * C], each row in (kh, kw, c) order, the
    row-major order of a [KH, KW, C, F] weight's first three axes; "same"
    padding, stride 1."""
    n, h, w, c = x.shape
    (top, bottom), (left, right) = same_padding(h, k), same_padding(w, k)
    xp = np.pad(x, ((0, 0), (top, bottom), (left, right), (0, 0)))
    cols = [xp[:, i:i + h, j:j + w, :] for i in range(k) for j in range(k)]
    return np.stack(cols, axis=3).reshape(n, h, w, k * k * c)


def conv(x, w, b):
    kh, kw, c, f = w.shape
    return patches(x, kh) @ w.reshape(kh * kw * c, f) + b


def windows(r):
    """[N, H, W, C] -> [N, H/2, W/2, C, 4]: each 2x2 window, row-major inside it."""
    n, h, w, c = r.shape
    return r.reshape(n, h // 2, 2, w // 2, 2, c).transpose(0, 1, 3, 5, 2, 4).reshape(n, h // 2, w // 2, c, 4)


def infer(params, x):
    """The inference formula of the module's docstring, in float64."""
    p = {k: np.asarray(v, dtype=np.float64) for k, v in params.items()}
    c = conv(np.asarray(x, dtype=np.float64), p["conv_w"], p["conv_b"])
    z = (c - p["mean"]) / np.sqrt(p["variance"] + EPSILON) * p["gamma"] + p["beta"]
    pooled = windows(np.maximum(z, 0)).max(axis=-1)
    flat = pooled.reshape(len(x), -1)
    return flat @ p["dense_w"] + p["dense_b"]


# ---- training ----

def loss_and_grads(params, x, y):
    """The mean cross-entropy of a minibatch through the network with batch
    statistics, its gradient for every parameter, and the batch statistics
    (mean, population variance, elements per channel)."""
    n = len(x)
    # forward
    cols = patches(x)
    c = cols @ params["conv_w"].reshape(9, CHANNELS) + params["conv_b"]
    mu = c.mean(axis=(0, 1, 2))
    var = c.var(axis=(0, 1, 2))
    inv = 1 / np.sqrt(var + EPSILON)
    xhat = (c - mu) * inv
    z = xhat * params["gamma"] + params["beta"]
    r = np.maximum(z, 0)
    win = windows(r)
    first = win.argmax(axis=-1)  # the window's first largest element gets the gradient
    pooled = np.take_along_axis(win, first[..., None], axis=-1)[..., 0]
    flat = pooled.reshape(n, -1)
    logits = flat @ params["dense_w"] + params["dense_b"]
    shifted = logits - logits.max(axis=1, keepdims=True)
    prob = np.exp(shifted)
    prob /= prob.sum(axis=1, keepdims=True)
    loss = -np.log(prob[np.arange(n), y]).mean()
    m = c.shape[0] * c.shape[1] * c.shape[2]
    # backward
    grads = {}
    dlogits = prob
    dlogits[np.arange(n), y] -= 1
    dlogits /= n
    grads["dense_w"] = flat.T @ dlogits
    grads["dense_b"] = dlogits.sum(axis=0)
    dpooled = (dlogits @ params["dense_w"].T).reshape(pooled.shape)
    dwin = np.zeros_like(win)
    np.put_along_axis(dwin, first[..., None], dpooled[..., None], axis=-1)
    h2, w2 = r.shape[1] // 2, r.shape[2] // 2
    dr = dwin.reshape(n, h2, w2, CHANNELS, 2, 2).transpose(0, 1, 4, 2, 5, 3).reshape(r.shape)
    dz = dr * (z > 0)
    grads["gamma"] = (dz * xhat).sum(axis=(0, 1, 2))
    grads["beta"] = dz.sum(axis=(0, 1, 2))
    dxhat = dz * params["gamma"]
    dc = inv / m * (m * dxhat - dxhat.sum(axis=(0, 1, 2)) - xhat * (dxhat * xhat).sum(axis=(0, 1, 2)))
    grads["conv_w"] = (cols.reshape(-1, 9).T @ dc.reshape(-1, CHANNELS)).reshape(3, 3, 1, CHANNELS)
    grads["conv_b"] = dc.sum(axis=(0, 1, 2))
    return loss, grads, (mu, var, m)


def train(rng, test_images, test_labels, epochs=EPOCHS, batch=64, lr=0.01):
    """Adam on cross-entropy, each epoch on TRAIN images drawn afresh (so the
    network sees every digit at many positions and never the same image
    twice); returns the float32 inference parameters and the last epoch's
    images and labels."""
    fan = SIZE // 2 * (SIZE // 2) * CHANNELS
    params = {
        "conv_w": rng.normal(0, np.sqrt(2 / 9), (3, 3, 1, CHANNELS)),
        "conv_b": np.zeros(CHANNELS),
        "gamma": np.ones(CHANNELS),
        "beta": np.zeros(CHANNELS),
        "dense_w": rng.normal(0, np.sqrt(1 / fan), (fan, 10)),
        "dense_b": np.zeros(10),
    }
    running = {"mean": np.zeros(CHANNELS), "variance": np.ones(CHANNELS)}
    adam_m = {k: np.zeros_like(v) for k, v in params.items()}
    adam_v = {k: np.zeros_like(v) for k, v in params.items()}
    step = 0
    steps = epochs * -(-TRAIN // batch)
    for epoch in range(epochs):
        images, labels = dataset(rng, TRAIN)
        x_all = images.astype(np.float64)
        order = rng.permutation(len(x_all))
        total = 0.0
        for start in range(0, len(order), batch):
            idx = order[start:start + batch]
            loss, grads, (mu, var, m) = loss_and_grads(params, x_all[idx], labels[idx])
            total += loss * len(idx)
            running["mean"] = 0.9 * running["mean"] + 0.1 * mu
            running["variance"] = 0.9 * running["variance"] + 0.1 * var * m / (m - 1)
            # Adam, the rate falling along a half cosine to a tenth of lr
            step += 1
            rate = lr * (0.55 + 0.45 * np.cos(np.pi * step / steps))
            for k in params:
                adam_m[k] = 0.9 * adam_m[k] + 0.1 * grads[k]
                adam_v[k] = 0.999 * adam_v[k] + 0.001 * grads[k] ** 2
                mhat = adam_m[k] / (1 - 0.9 ** step)
                vhat = adam_v[k] / (1 - 0.999 ** step)
                params[k] -= rate * mhat / (np.sqrt(vhat) + 1e-8)
        stored = stored_params(params, running)
        acc = accuracy(stored, test_images, test_labels)
        print(f"epoch {epoch + 1:2d}: loss {total / len(order):.4f}, held-out accuracy {acc:.4f}")
    return stored_params(params, running), images, labels


def stored_params(params, running):
    """The inference parameters as the JSON stores them: float32."""
    out = {k: params[k] for k in ("conv_w", "conv_b", "gamma", "beta", "dense_w", "dense_b")}
    out.update(running)
    return {k: v.astype(np.float32) for k, v in out.items()}


def accuracy(params, images, labels):
    return float((infer(params, images).argmax(axis=1) == labels).mean())


# ---- the JSON forms ----

def tensor_json(a):
    """A shapecast JSON form (src/format/serialize.ts): row-major, little-endian."""
    a = np.ascontiguousarray(a)
    dtype = {np.dtype(np.float32): "float32", np.dtype(np.int32): "int32"}[a.dtype]
    data = a.astype(a.dtype.newbyteorder("<")).tobytes()
    return {"format": "shapecast.tensor", "version": 1, "shape": list(a.shape), "dtype": dtype,
            "data": base64.b64encode(data).decode("ascii")}


def layout(value, indent=""):
    """JSON text with one field a line, each tensor form on a line of its own."""
    if isinstance(value, dict) and value.get("format") != "shapecast.tensor":
        inner = indent + "  "
        fields = [f"{inner}{json.dumps(k)}: {layout(v, inner)}" for k, v in value.items()]
        return "{\n" + ",\n".join(fields) + "\n" + indent + "}"
    return json.dumps(value, separators=(", ", ": "))


def from_json(form):
    assert form["format"] == "shapecast.tensor" and form["version"] == 1, form.get("format")
    dtype = {"float32": "<f4", "int32": "<i4"}[form["dtype"]]
    return np.frombuffer(base64.b64decode(form["data"]), dtype=dtype).reshape(form["shape"])


def stored_sample(test_images, test_labels):
    """STORED held-out images, two of each digit, in a seeded order."""
    picks = [np.flatnonzero(test_labels == d)[:STORED // 10] for d in range(10)]
    picks = np.concatenate(picks)
    return np.random.default_rng(SEED + 1).permutation(picks)


def write(params, test_images, test_labels, train_acc, test_acc):
    pick = stored_sample(test_images, test_labels)
    images, labels = test_images[pick], test_labels[pick]
    logits = infer(params, images).astype(np.float32)
    document = {
        "generator": "scripts/digits-cnn.py",
        "model": "conv2d 3x3 same 1->8 + bias, batchNorm, relu, maxPool2d 2x2, dense 288->10 (NHWC)",
        "conv": {"w": tensor_json(params["conv_w"]), "b": tensor_json(params["conv_b"])},
        "norm": {
            "mean": tensor_json(params["mean"]),
            "variance": tensor_json(params["variance"]),
            "gamma": tensor_json(params["gamma"]),
            "beta": tensor_json(params["beta"]),
            "epsilon": EPSILON,
        },
        "dense": {"w": tensor_json(params["dense_w"]), "b": tensor_json(params["dense_b"])},
        "accuracy": {"train": round(train_acc, 4), "test": round(test_acc, 4), "trainImages": TRAIN, "testImages": TEST},
        "test": {"images": tensor_json(images), "labels": tensor_json(labels), "logits": tensor_json(logits)},
    }
    with open(OUT, "w") as f:
        f.write(layout(document) + "\n")
    print(f"wrote {OUT}: {len(pick)} test images, {int((logits.argmax(axis=1) == labels).sum())} classified right")


def check():
    with open(OUT) as f:
        document = json.load(f)
    params = {
        "conv_w": from_json(document["conv"]["w"]),
        "conv_b": from_json(document["conv"]["b"]),
        "dense_w": from_json(document["dense"]["w"]),
        "dense_b": from_json(document["dense"]["b"]),
    }
    for k in ("mean", "variance", "gamma", "beta"):
        params[k] = from_json(document["norm"][k])
    assert document["norm"]["epsilon"] == EPSILON, document["norm"]["epsilon"]
    images = from_json(document["test"]["images"])
    labels = from_json(document["test"]["labels"])
    stored = from_json(document["test"]["logits"]).astype(np.float64)
    logits = infer(params, images)
    diff = float(np.abs(logits - stored).max())
    right = int((logits.argmax(axis=1) == labels).sum())
    same = bool((logits.argmax(axis=1) == stored.argmax(axis=1)).all())
    print(f"{OUT}: {len(labels)} images, {right} classified right, same classes as stored: {same}")
    print(f"largest difference from the stored logits: {diff:.3g}")
    # float32 rounding of logits of this size is about 1e-6
    ok = same and diff <= 1e-5
    print("check passed" if ok else "check FAILED")
    return 0 if ok else 1


def main():
    if sys.argv[1:] == ["--check"]:
        return check()
    if sys.argv[1:]:
        print(__doc__)
        return 2
    began = time.time()
    rng = np.random.default_rng(SEED)
    test_images, test_labels = dataset(rng, TEST)
    params, train_images, train_labels = train(rng, test_images, test_labels)
    train_acc = accuracy(params, train_images, train_labels)
    test_acc = accuracy(params, test_images, test_labels)
    print(f"accuracy: train {train_acc:.4f} (the last epoch's {TRAIN} images), held-out test {test_acc:.4f} ({TEST} images)")
    write(params, test_images, test_labels, train_acc, test_acc)
    print(f"{time.time() - began:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
