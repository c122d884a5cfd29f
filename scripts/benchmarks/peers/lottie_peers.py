#!/usr/bin/env python3
"""Renders lottie-ios's corpus pictures with the peers, ThorVG (thorvg-python) and rlottie
(rlottie-python), for `strata-bench lottie CORPUS --peer NAME=DIR` to judge by lottie-ios's rule.

For every snapshots/NAME/progress-PPP.png it renders the sample at frame ip + PPP/100 × (op − ip)
(the last frame, op − ip − 1 from ip, when that is op: neither peer draws frame op) at the picture's
pixel size and writes OUT/PEER/NAME-PPP.rgba: premultiplied RGBA bytes, row after row. A dotLottie
sample is given to the peers as its first animation's JSON with its images beside it. --time prints
pictures per second per peer (render only, no PNG).

    python3 scripts/benchmarks/peers/lottie_peers.py CORPUS OUT [--only SUBSTRING] [--time]

With --ae, CORPUS is Tests/Fixtures/lottie-ae instead: for every data/CATEGORY/NAME-FF.png (After
Effects' render of the composition's frame FF) it renders NAME.json at frame FF − ip, at the
render's pixel size, to OUT/PEER/CATEGORY_NAME-FF.rgba (for `strata-bench lottie-ae`).
"""
import json
import os
import struct
import sys
import tempfile
import time
import zipfile

import numpy


def pictures(corpus, only):
    root = os.path.join(corpus, "snapshots")
    for folder, _, files in sorted(os.walk(root)):
        for name in sorted(files):
            if not (name.startswith("progress-") and name.endswith(".png")):
                continue
            sample = os.path.relpath(folder, root)
            if only and only not in sample:
                continue
            with open(os.path.join(folder, name), "rb") as handle:
                header = handle.read(24)
            width, height = struct.unpack(">II", header[16:24])
            yield sample, int(name[len("progress-"):-4]), width, height


def ae_pictures(corpus, only):
    """(json path, category_name-FF, frame from ip, width, height) of each After Effects render."""
    root = os.path.join(corpus, "data")
    for category in sorted(os.listdir(root)):
        folder = os.path.join(root, category)
        for name in sorted(os.listdir(folder)):
            if not name.endswith(".png") or name.startswith("asset") or "-" not in name:
                continue
            stem, _, number = name[:-4].rpartition("-")
            path = os.path.join(folder, stem + ".json")
            if not number.isdigit() or not os.path.exists(path) or (only and only not in stem):
                continue
            with open(os.path.join(folder, name), "rb") as handle:
                header = handle.read(24)
            width, height = struct.unpack(">II", header[16:24])
            with open(path, encoding="utf-8") as handle:
                start = float(json.load(handle).get("ip", 0))
            yield path, f"{category}_{stem}-{number}", int(number) - start, width, height


def sample_json(corpus, sample, scratch):
    """The sample's JSON text and the folder its images resolve in."""
    for suffix in (".json", ".lot"):  # lottie-ios's test loads .lot files too (DotLotExtension)
        path = os.path.join(corpus, "samples", sample + suffix)
        if os.path.exists(path):
            with open(path, encoding="utf-8") as handle:
                return handle.read(), os.path.join(corpus, "samples", "Images") + os.sep
    path = os.path.join(corpus, sample + ".json")  # After Effects' corpus: data/CATEGORY/NAME
    if os.path.exists(path):
        with open(path, encoding="utf-8") as handle:
            return handle.read(), os.path.dirname(path) + os.sep
    archive = zipfile.ZipFile(os.path.join(corpus, "samples", sample + ".lottie"))
    names = archive.namelist()
    manifest = json.loads(archive.read("manifest.json")) if "manifest.json" in names else {}
    ids = [entry["id"] for entry in manifest.get("animations", [])]
    candidates = [f"animations/{i}.json" for i in ids] + [f"a/{i}.json" for i in ids]
    entry = next(n for n in candidates + names if n in names and n.endswith(".json") and n != "manifest.json")
    folder = os.path.join(scratch, sample.replace("/", "_"))
    os.makedirs(folder, exist_ok=True)
    for name in names:
        if name.startswith(("images/", "i/")) and not name.endswith("/"):
            with open(os.path.join(folder, os.path.basename(name)), "wb") as handle:
                handle.write(archive.read(name))
    data = json.loads(archive.read(entry).decode("utf-8"))
    for asset in data.get("assets", []):  # images named by their folder in the archive: beside the JSON here
        if "p" in asset and not str(asset.get("p", "")).startswith("data:"):
            asset["u"] = ""
    return json.dumps(data), folder + os.sep


def inlined(text, folder):
    """The JSON with images beside it inlined as data URIs (thorvg-python 1.1.3's load_data
    cannot pass a resource path: it types the path's buffer as the mime type's)."""
    import base64
    data = json.loads(text)
    for asset in data.get("assets", []):
        name = str(asset.get("p", ""))
        if not name or name.startswith("data:") or "layers" in asset:
            continue
        path = os.path.join(folder, name)
        if not os.path.exists(path):
            continue
        kind = "png" if name.lower().endswith(".png") else "jpeg"
        with open(path, "rb") as handle:
            asset["p"] = f"data:image/{kind};base64," + base64.b64encode(handle.read()).decode("ascii")
        asset["u"] = ""
        asset["e"] = 1
    return json.dumps(data)


def frame_of(text, percent):
    data = json.loads(text)
    first, end = float(data["ip"]), float(data["op"])
    return max(0.0, min(percent / 100 * (end - first), end - first - 1))


def render_rlottie(text, folder, frame, width, height):
    from rlottie_python import LottieAnimation
    animation = LottieAnimation.from_data(text, resource_path=folder)
    buffer = animation.lottie_animation_render(frame_num=int(round(frame)), width=width, height=height)
    pixels = numpy.frombuffer(bytes(buffer), dtype=numpy.uint8).reshape(height, width, 4)
    return pixels[:, :, [2, 1, 0, 3]].copy()  # BGRA → RGBA, premultiplied


ENGINE = None


def render_thorvg(text, folder, frame, width, height):
    import thorvg_python as tvg
    canvas = tvg.SwCanvas(ENGINE)
    result = canvas.set_target(width, height, cs=tvg.Colorspace.ABGR8888)
    buffer = result[1] if isinstance(result, tuple) else canvas.buffer_arr
    animation = tvg.LottieAnimation(ENGINE)
    picture = animation.get_picture()
    picture.load_data(text.encode("utf-8"), "lottie", None, True)
    # Fitted keeping the aspect ratio, at the top left, as lottie-ios's snapshots lay it out (a
    # 562.5-pixel-wide animation in a 563-pixel picture starts at x = 0); Strata draws it so too.
    data = json.loads(text)
    factor = min(width / float(data["w"]), height / float(data["h"]))
    picture.set_size(float(data["w"]) * factor, float(data["h"]) * factor)
    animation.set_frame(frame)
    canvas.add(picture)
    canvas.draw(True)
    canvas.sync()
    pixels = numpy.ctypeslib.as_array(buffer).view(numpy.uint8).reshape(height, width, 4).copy()
    canvas.destroy()
    return pixels  # ABGR8888, little-endian: R, G, B, A in memory, premultiplied


PEERS = {"thorvg": render_thorvg, "rlottie": render_rlottie}


def main():
    arguments = sys.argv[1:]
    if len(arguments) < 2:
        print(__doc__)
        sys.exit(64)
    corpus, out = arguments[0], arguments[1]
    only = arguments[arguments.index("--only") + 1] if "--only" in arguments else None
    import thorvg_python as tvg
    global ENGINE
    ENGINE = tvg.Engine(threads=0)  # one thread: per core
    with tempfile.TemporaryDirectory(prefix="lottie-peers-") as scratch:
        draw(arguments, corpus, out, only, scratch)


def draw(arguments, corpus, out, only, scratch):
    seconds = {peer: 0.0 for peer in PEERS}
    count = 0
    if "--ae" in arguments:
        jobs = []
        for path, name, frame, width, height in ae_pictures(corpus, only):
            with open(path, encoding="utf-8") as handle:
                jobs.append((handle.read(), os.path.dirname(path) + os.sep, frame, width, height, name))
    else:
        jobs = []
        for sample, percent, width, height in pictures(corpus, only):
            text, folder = sample_json(corpus, sample, scratch)
            jobs.append((text, folder, frame_of(text, percent), width, height, f"{sample.replace('/', '_')}-{percent}"))
    for text, folder, frame, width, height, name in jobs:
        sample, percent = name, ""
        texts = {"thorvg": inlined(text, folder), "rlottie": text}
        count += 1
        for peer, render in PEERS.items():
            os.makedirs(os.path.join(out, peer), exist_ok=True)
            target = os.path.join(out, peer, f"{name}.rgba")
            start = time.perf_counter()
            try:
                pixels = render(texts[peer], folder, frame, width, height)
            except Exception as error:  # a peer that cannot draw a sample draws nothing for it
                print(f"{peer}: {name}: {error}", file=sys.stderr)
                continue
            seconds[peer] += time.perf_counter() - start
            with open(target, "wb") as handle:
                handle.write(pixels.tobytes())
    if "--time" in arguments:
        for peer, total in seconds.items():
            print(f"{peer}: {count} pictures in {total:.2f} s ({count / max(total, 1e-9):.1f} per second, render only)")


if __name__ == "__main__":
    main()
