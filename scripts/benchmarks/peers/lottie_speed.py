#!/usr/bin/env python3
"""The peers' side of the Lottie speed benchmark: ThorVG (thorvg-python) or rlottie
(rlottie-python) render every frame of every sample that `strata-bench lottie-speed CORPUS OUT`
rendered (OUT/plan.tsv: sample, frames, width, height), at the same pixel size, and write each as
PNG with Pillow (what a Python user of either writes PNG with; its defaults), on one thread.

    python3 scripts/benchmarks/peers/lottie_speed.py thorvg|rlottie CORPUS PLAN OUT [--no-png] [--per-sample]

--no-png only draws each frame, as the peer's users call it: no conversion for Pillow and no PNG
(drawing against drawing; `strata-bench lottie-speed … --no-png` likewise only draws).
--per-sample prints each sample's frames and seconds (sample TAB frames TAB seconds), as
strata-bench does; lottie_speed_table.py puts the three side by side per group.

Prints frames, seconds and frames per second, as strata-bench does; scripts/bench runs the three
in turn and prints the ratios.
"""
import os
import sys
import tempfile
import time

from PIL import Image

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lottie_peers import inlined, sample_json  # noqa: E402


def thorvg_frames(text, folder, count, width, height, first, convert=True):
    import thorvg_python as tvg
    engine = tvg.Engine(threads=0)  # one thread
    canvas = tvg.SwCanvas(engine)
    result = canvas.set_target(width, height, cs=tvg.Colorspace.ABGR8888)
    buffer = result[1] if isinstance(result, tuple) else canvas.buffer_arr
    animation = tvg.LottieAnimation(engine)
    picture = animation.get_picture()
    picture.load_data(inlined(text, folder).encode("utf-8"), "lottie", None, True)
    picture.set_size(width, height)
    canvas.add(picture)
    for index in range(count):
        animation.set_frame(float(index))
        canvas.update()
        canvas.draw(True)
        canvas.sync()
        # ABGR8888 little-endian: R, G, B, A in memory, premultiplied.
        yield Image.frombuffer("RGBA", (width, height), bytes(buffer), "raw", "RGBa", 0, 1) if convert else None
    canvas.destroy()
    engine.term()


def rlottie_frames(text, folder, count, width, height, first, convert=True):
    from rlottie_python import LottieAnimation
    animation = LottieAnimation.from_data(text, resource_path=folder)
    for index in range(count):
        buffer = animation.lottie_animation_render(frame_num=index, width=width, height=height)
        # BGRA in memory, premultiplied.
        yield Image.frombuffer("RGBA", (width, height), bytes(buffer), "raw", "BGRa", 0, 1) if convert else None


PEERS = {"thorvg": thorvg_frames, "rlottie": rlottie_frames}


def main():
    arguments = [a for a in sys.argv[1:] if a not in ("--no-png", "--per-sample")]
    write = "--no-png" not in sys.argv
    per_sample = "--per-sample" in sys.argv
    if len(arguments) != 4 or arguments[0] not in PEERS:
        print(__doc__)
        sys.exit(64)
    peer, corpus, plan, out = arguments
    os.makedirs(out, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="lottie-speed-") as scratch:
        run(peer, corpus, plan, out, scratch, write, per_sample)


def run(peer, corpus, plan, out, scratch, write, per_sample):
    rows = [line.split("\t") for line in open(plan, encoding="utf-8").read().splitlines() if line]
    start = time.perf_counter()
    frames = 0
    for sample, count, width, height in rows:
        text, folder = sample_json(corpus, sample, scratch)
        name = sample.replace("/", "_")
        sample_start = time.perf_counter()
        try:
            for index, image in enumerate(PEERS[peer](text, folder, int(count), int(width), int(height), 0, convert=write)):
                if write:
                    image.save(os.path.join(out, f"{name}-{index}.png"))
                frames += 1
        except Exception as error:  # a sample the peer cannot draw: its frames are not counted
            print(f"{peer}: {sample}: {error}", file=sys.stderr)
        if per_sample:
            print(f"{sample}\t{count}\t{time.perf_counter() - sample_start:.4f}")
    seconds = time.perf_counter() - start
    what = "PNG written" if write else "no PNG"
    print(f"{peer}: {len(rows)} samples, {frames} frames in {seconds:.2f} s ({frames / seconds:.1f} frames per second, {what})")


if __name__ == "__main__":
    main()
