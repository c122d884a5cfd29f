#!/usr/bin/env python3
"""Draws Lottie files Strata has never been shown beside ThorVG, to find what to look at: for each
file, at each percent of its frames, the share of pixels where Strata's frame (over white) and
ThorVG's (thorvg-python, over white) are within 8/255 on every channel. Files are listed from the
least agreement up; a low share names a file to look at, not a fault: ThorVG evaluates expressions
and clamps 0…255 colours, which lottie-ios does not (docs/lottie.md, "Files never seen").

Each file is drawn in a child process, so that a file ThorVG crashes on is reported and the sweep
goes on. Frames are whole frames (ip + P × (op − ip), rounded) for both renderers.

    python3 scripts/benchmarks/peers/beside_thorvg.py STRATA [--percents 25,50,75] FILE…
"""
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def share(strata, path, percent, scratch):
    """The share of pixels within 8/255 at `percent` of `path`'s frames, and the frame drawn."""
    import numpy
    from PIL import Image
    sys.path.insert(0, HERE)
    import lottie_peers
    import thorvg_python
    lottie_peers.ENGINE = thorvg_python.Engine(threads=0)
    text = open(path, encoding="utf-8").read()
    document = json.loads(text)
    width, height = int(document["w"]), int(document["h"])
    frame = int(round(lottie_peers.frame_of(text, percent)))
    peer = lottie_peers.render_thorvg(text, os.path.dirname(path), frame, width, height).astype(float)
    out = os.path.join(scratch, "frames")
    subprocess.run([strata, "render", path, "--out", out, "--quiet", "--overwrite", "--frames", f"{frame}..{frame}"],
                   check=True, stderr=subprocess.DEVNULL)
    own = numpy.asarray(Image.open(os.path.join(out, f"frame-{frame:05d}.png")).convert("RGBA")).astype(float)
    if own.shape[:2] != peer.shape[:2]:
        raise ValueError(f"sizes differ: {own.shape[:2]} and {peer.shape[:2]}")
    peer_white = peer[:, :, :3] + 255 * (1 - peer[:, :, 3:4] / 255)  # ThorVG's pixels are premultiplied
    own_white = own[:, :, :3] * own[:, :, 3:4] / 255 + 255 * (1 - own[:, :, 3:4] / 255)
    return float((numpy.abs(peer_white - own_white).max(axis=2) <= 8).mean()), frame


def main():
    arguments = sys.argv[1:]
    if arguments[:1] == ["--child"]:
        strata, path, percent = arguments[1], arguments[2], int(arguments[3])
        with tempfile.TemporaryDirectory() as scratch:
            value, frame = share(strata, path, percent, scratch)
        print(f"{value:.4f}\t{frame}")
        return
    if not arguments or arguments[0].startswith("-"):
        sys.exit(__doc__)
    strata, rest = os.path.abspath(arguments[0]), arguments[1:]
    percents = [25, 50, 75]
    if rest[:1] == ["--percents"]:
        percents = [int(p) for p in rest[1].split(",")]
        rest = rest[2:]
    rows = []
    for path in rest:
        for percent in percents:
            child = subprocess.run([sys.executable, __file__, "--child", strata, path, str(percent)],
                                   capture_output=True, text=True, timeout=300)
            if child.returncode == 0 and child.stdout.strip():
                value, frame = child.stdout.split()
                rows.append((float(value), os.path.basename(path), percent, frame))
            else:
                reason = (child.stderr.strip().splitlines() or [f"exit {child.returncode}"])[-1]
                rows.append((-1.0, os.path.basename(path), percent, reason[:120]))
    for value, name, percent, detail in sorted(rows):
        if value < 0:
            print(f"failed\t{name}\t{percent} %\t{detail}")
        else:
            print(f"{value:.4f}\t{name}\t{percent} %\tframe {detail}")


if __name__ == "__main__":
    main()
