"""Join networks trained apart (`benchmarks/train_listener.py --out`) into one `listener.npz`.

    python benchmarks/merge_listeners.py --out review_app/sound/listener.npz ab.npz ab3.npz a.npz

Each file standardises its features by its own mean and scale; that is folded into the first layer
of each of its networks (x - mean) / scale @ W + b = x @ (W / scale) + (b - mean / scale @ W), exact,
so the joined file's mean is 0 and its scale 1 and `listener.probabilities` averages every network as
it averages the networks of one file. Networks from runs on different material (issue 36: the
shipped ones, each from tuning material only) err in different places, and their average less.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import numpy as np


def folded(path: Path) -> list[dict[str, np.ndarray]]:
    """The networks in `path`, each as {"w0", "b0", "w1", ...} with the standardisation in w0 and b0."""
    with np.load(path) as data:
        w = {k: data[k] for k in data.files}
    mean, scale = w["mean"].astype(np.float64), w["scale"].astype(np.float64)
    out = []
    for m in sorted({k.split("_")[0] for k in w if k.endswith("_w0")}):
        layers = sum(1 for k in w if k.startswith(f"{m}_w"))
        first = w[f"{m}_w0"].astype(np.float64)
        net = {"w0": (first / scale[:, None]).astype(np.float32),
               "b0": (w[f"{m}_b0"] - (mean / scale) @ first).astype(np.float32)}
        net |= {f"{p}{i}": w[f"{m}_{p}{i}"] for i in range(1, layers) for p in ("w", "b")}
        out.append(net)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("inputs", type=Path, nargs="+", help="train_listener.py's .npz files")
    args = ap.parse_args()
    with np.load(args.inputs[0]) as first:
        arrays = {"context": first["context"], "per_step": first["per_step"],
                  "mean": np.zeros_like(first["mean"]), "scale": np.ones_like(first["scale"])}
    sources: set[str] = set()
    nets = []
    for path in args.inputs:
        with np.load(path) as data:
            if not np.array_equal(data["context"], arrays["context"]) or data["per_step"] != arrays["per_step"]:
                raise SystemExit(f"{path}: made for other features than {args.inputs[0]}")
            sources |= set(data["trained_on"].tolist()) if "trained_on" in data.files else set()
        nets += folded(path)
    for k, net in enumerate(nets):
        arrays |= {f"m{k}_{name}": value for name, value in net.items()}
    arrays["trained_on"] = np.array(sorted(sources))
    np.savez_compressed(args.out, **arrays)
    print(f"wrote {args.out}: {len(nets)} networks from {len(args.inputs)} files, trained on {sorted(sources)}")


if __name__ == "__main__":
    main()
