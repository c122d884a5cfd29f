#!/usr/bin/env python3
"""Feeds strata mutated scenes and hostile PNGs, as an attacker or a careless user would, and
classifies every run: clean error, success, crash, hang, cap hit, partial output.

Lottie: image assets that lead out of the folder by links (file, chain, absolute, folder, to
/etc/passwd or a FIFO: exit 0 is "wrongly accepted"), nested repeaters, large valid JSON.
Scenes: the catalogue (Scenes/*.yaml, plus JSON forms of small scenes) mutated by type confusion,
extreme and non-finite numbers, deep nesting, huge arrays, alias bombs, bad UTF-8, byte order
marks, truncation and garbage; each goes through `validate`, and a scene that validates goes
through `render` (every frame) and `frame` — what validate accepts must render.
PNGs: the PngSuite fixtures (Tests/Fixtures/pngsuite) truncated, bit-flipped, with bad CRCs, huge
declared sizes, lying chunk lengths and decompression bombs, used as `strata filter` input and as
a layer's contents.

Every run has a time limit and an address-space cap. Results are reproducible from the seed.

Usage: scripts/fuzz/campaign.py [--seed N] [--scenes N] [--pngs N] [--long] [--strata PATH] [--json FILE] [--time-limit S]
                   [--only scene544,png17]   (rerun chosen cases of a seed)
       (default: a slice of 300 scenes and 100 PNGs; --long: 5,000 scenes and 1,000 PNGs)
       scripts/fuzz/campaign.py --libfuzzer TARGET|all [--seconds N] [--jobs N]   (coverage-guided, ASan + UBSan:
       scripts/fuzz/libfuzzer.py; targets scene png render encoders svgpath transform text studio damage)
       scripts/fuzz/campaign.py --libfuzzer --summary   (every target's totals so far)
Exit status: 0 when nothing crashed, hung, hit the cap or left a partial file; 1 otherwise.
"""
import argparse
import glob
import json
import os
import random
import re
import resource
import shutil
import struct
import subprocess
import sys
import tempfile
import time
import zlib
from concurrent.futures import ThreadPoolExecutor

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CLEAN_EXITS = {64, 65, 66, 73, 74}
DURATIONS = []           # (seconds, command, folder) of every run
LIMITS = {"time": 30}   # seconds per run (--time-limit)
MEMORY_CAP = 3 << 30     # bytes of address space per run

EXTREMES = ["nan", ".nan", ".inf", "-.inf", "1e308", "-1e308", "1e19", "-1", "0", "1e6", "4294967297",
            "-0.0", "99999999999999999999", "1e-320", "0x7fffffff"]
CONFUSIONS = ['"text"', "[1, 2]", "{a: 1}", "null", "true", "[]", "{}", "[[1, [2]]]", '"#zzzzzz"', "''"]


def cap_memory():
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_CAP, MEMORY_CAP))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))


# --------------------------------------------------------------------------- scene mutations

def mutate_scene(text, rng):
    lines = text.split("\n")
    kind = rng.choice(["extreme", "extreme", "confuse", "confuse", "nest", "array", "alias", "utf8", "bom",
                       "truncate", "garbage", "duplicate", "delete", "layers", "layers", "bidi", "swap"])
    numbers = [(i, m) for i, line in enumerate(lines) for m in re.finditer(r"(?<![\w.#])-?\d+(\.\d+)?(e-?\d+)?", line)]
    if kind in ("extreme", "confuse") and numbers:
        for _ in range(rng.randint(1, 3)):
            i, m = rng.choice(numbers)
            line = lines[i]
            replacement = rng.choice(EXTREMES if kind == "extreme" else CONFUSIONS)
            lines[i] = line[:m.start()] + replacement + line[m.end():]
            numbers = [(j, n) for j, line2 in enumerate(lines) for n in re.finditer(r"(?<![\w.#])-?\d+(\.\d+)?(e-?\d+)?", line2)]
            if not numbers:
                break
        return kind, "\n".join(lines).encode()
    if kind == "nest":
        depth = rng.choice([300, 1100, 5000, 100000])
        return kind, (text + "\nextra: " + "[" * depth + "]" * depth + "\n").encode()
    if kind == "array":
        count = rng.choice([1000, 200000])
        layer = "  - {frame: [1, 1, 2, 2], backgroundColor: red}\n"
        return kind, (text.replace("layers:\n", "layers:\n" + layer * count, 1)).encode()
    if kind == "alias":
        bomb = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n" + "".join(
            f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]\n" for i in range(1, 10))
        return kind, (text + "\n" + bomb).encode()
    if kind == "utf8":
        data = bytearray(text.encode())
        for _ in range(rng.randint(1, 4)):
            data.insert(rng.randrange(len(data)), rng.choice([0xC3, 0xFF, 0xFE, 0x80, 0xED]))
        return kind, bytes(data)
    if kind == "bom":
        return kind, rng.choice([b"\xef\xbb\xbf", b"\xff\xfe", b"\xfe\xff"]) + text.encode()
    if kind == "truncate":
        data = text.encode()
        return kind, data[:rng.randrange(len(data))]
    if kind == "garbage":
        data = bytearray(text.encode())
        for _ in range(rng.randint(1, 20)):
            data[rng.randrange(len(data))] = rng.randrange(256)
        return kind, bytes(data)
    if kind == "duplicate" and len(lines) > 2:
        i = rng.randrange(1, len(lines))
        lines.insert(i, lines[i])
        return kind, "\n".join(lines).encode()
    if kind == "delete" and len(lines) > 2:
        del lines[rng.randrange(len(lines))]
        return kind, "\n".join(lines).encode()
    if kind == "layers":
        hostile = rng.choice([
            "  - {frame: [10, 10, 1e300, 1e300], cornerRadius: 1e300, backgroundColor: red}",
            "  - {frame: [0, 0, 50, 50], backgroundColor: red, filters: [{gaussianBlur: {radius: 532}}]}",
            "  - {frame: [0, 0, 130, 20], backgroundColor: red, filters: [{variableBlur: {radius: 532, mask: {linear: {start: [0, 1], end: [0, 0]}}}}]}",
            "  - {frame: [0, 0, 40, 40], gradient: {type: radial, colors: [red, blue], startPoint: [0.5, 0.5], endPoint: [0.5, 0.5]}}",
            "  - {frame: [0, 0, 40, 40], backgroundColor: red, filters: [{motionBlur: {radius: 2000, angle: 1e308}}]}",
            "  - {frame: [0, 0, 40, 40], contents: /etc/passwd}",
            "  - {frame: [0, 0, 40, 40], contents: ../../../../etc/hostname.png}",
            "  - {name: g, frame: [0, 0, 40, 40], backgroundColor: red, filters: [{name: b, gaussianBlur: {radius: 2}}], "
            "animations: [{keyPath: filters.b.radius, from: 1, to: 1e308, duration: 1}]}",
            "  - {frame: [0, 0, 40, 40], backgroundColor: red, animations: [{keyPath: position.x, from: 0, to: 10, duration: 1, "
            "timingFunction: [0.5, 1e308, 0.5, -1e308]}]}",
            "  - {frame: [0, 0, 40, 40], backgroundColor: red, animations: [{keyPath: position, values: [[0, 0], [1e308, 1e308], [-1e308, 0]], duration: 1}]}",
            "  - {frame: [0, 0, 40, 40], backgroundColor: red, animations: [{keyPath: opacity, from: .nan, to: 1, duration: 1}]}",
            "  - {frame: [0, 0, 40, 40], backgroundColor: red, animations: [{keyPath: backgroundColor, from: white, to: [1, 2], duration: 1}]}",
            "  - {frame: [0, 0, 40, 40], shadowOpacity: 1, shadowRadius: 1e308, backgroundColor: red}",
            # 3-D: singular, overflowing, NaN-making and behind-the-eye matrices, perspective from nowhere.
            "  - {frame: [0, 0, 40, 40], backgroundColor: red, transform: [{matrix3d: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]}]}",
            "  - {frame: [0, 0, 40, 40], backgroundColor: red, transform: [{matrix3d: [1e308, 0, 0, 1e308, 0, 1e308, 0, 0, 0, 0, 1, 0, 1e308, 0, 0, 1e-308]}]}",
            "  - {frame: [0, 0, 40, 40], backgroundColor: red, transform: [{matrix3d: [1, 0, 0, -1, 0, 1, 0, -1, 0, 0, 1, 0, 0, 0, 0, -1]}]}",
            "  - {frame: [0, 0, 40, 40], backgroundColor: red, transform: [{perspective: 1e-300}, {rotateY: {degrees: 45}}]}",
            "  - {frame: [0, 0, 400, 400], backgroundColor: red, sublayerTransform: [{perspective: 10}], "
            "sublayers: [{frame: [0, 0, 400, 400], backgroundColor: blue, zPosition: 9.999999, transform: [{rotateX: {degrees: 89.9}}]}]}",
            "  - {frame: [0, 0, 40, 40], transformLayer: true, sublayers: [{frame: [0, 0, 40, 40], backgroundColor: red, "
            "transform: [{translateZ: 1e308}, {perspective: 1}]}, {frame: [0, 0, 40, 40], backgroundColor: blue, transform: [{scaleZ: .nan}]}]}",
            "  - {frame: [0, 0, 40, 40], backgroundColor: red, animations: [{keyPath: transform, from: [{rotateY: 0}], "
            "to: [{matrix3d: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]}], duration: 1}, "
            "{keyPath: transform.rotation.x, from: 0, to: 1e308, duration: 1}, {keyPath: zPosition, from: -1e308, to: 1e308, duration: 1}]}",
            # Shapes, replicators and text: hostile path data, strokes, replicator bombs, text.
            "  - {frame: [0, 0, 40, 40], shape: {path: \"M 0 0 " + "L1e7 -1e7 " * 2000 + "Z\", strokeColor: red, lineWidth: 10000, lineDashPattern: [1e-9, 1e-9]}}",
            "  - {frame: [0, 0, 40, 40], shape: {path: \"M0 0a1e7 1 1e308 1 1 1e-9 1e-9 c.5.5.5.5.5.5s1-1-1-1t1e7 1e7\", strokeColor: red, strokeStart: 0.999999, strokeEnd: 1, lineCap: square, miterLimit: 1000}}",
            "  - {frame: [0, 0, 40, 40], shape: {path: \"M 0 0 L 10 nan\", fillColor: red}}",
            "  - {frame: [0, 0, 40, 40], shape: {path: \"M 0 0 L 10 10 Z\", fillColor: red}, animations: [{keyPath: path, to: \"M 0 0 Q 1 1 2 2 Z\", duration: 1}]}",
            "  - {frame: [0, 0, 40, 40], shape: {path: \"M 0 0 H 40 V 40 Z\", strokeColor: red}, animations: [{keyPath: lineWidth, from: 0, to: 1e308, duration: 1}, "
            "{keyPath: lineDashPhase, from: -1e308, to: 1e308, duration: 1}, {keyPath: strokeEnd, from: .nan, to: 2, duration: 1}]}",
            "  - {frame: [0, 0, 40, 40], replicator: {instanceCount: 10000, instanceTransform: [{scale: [1e10, 1e10]}], instanceDelay: 1e6}, "
            "sublayers: [{frame: [0, 0, 4, 4], backgroundColor: red}]}",
            "  - {frame: [0, 0, 40, 40], replicator: {instanceCount: 2}, animations: [{keyPath: instanceCount, from: 0, to: 1e308, duration: 1}], "
            "sublayers: [{frame: [0, 0, 4, 4], backgroundColor: red}]}",
            "  - {frame: [0, 0, 40, 40], text: {string: \"" + "\\u0645\\u0631\\u062d\\u0628\\u0627 \\u0928\\u092e\\u0938\\u094d\\u0924\\u0947 " * 300 + "\", size: 2000, wrapped: true, truncation: middle, lineSpacing: -1000}}",
            "  - {frame: [0, 0, 1e-9, 1e308], text: {string: \"\\u0301\\u0301\\u200f\\u202e\\ufeffx\", size: 0.5, alignment: justified, fontFile: ../../etc/passwd}}",
            "  - {frame: [0, 0, 40, 40], text: {string: \"a\", fontFile: Scenes/assets/photo.png}}",
            "  - {frame: [0, 0, 40, 40], gradient: {type: conic, colors: [red, blue], startPoint: [1e308, .nan], endPoint: [1e308, 1e308]}}",
            # Issue 37's shapes: what costs is measured after transforms and layout, not as written.
            "  - {frame: [0, 0, 40, 40], gradient: {type: conic, colors: [red, blue]}, transform: [{scale: 1e-300}]}",
            "  - {frame: [0, 0, 1e-300, 1e-300], gradient: {type: conic, colors: [red, blue]}}",
            "  - {frame: [10, 10, 1e308, 1e308], gradient: {type: conic, colors: [red, blue]}}",
            "  - {frame: [10, 10, 40, 40], backgroundColor: red, cornerRadius: 14, transform: [{scale: [1e200, 0.5]}]}",
            "  - {frame: [10, 10, 40, 40], backgroundColor: red, cornerRadius: 14, masksToBounds: true, transform: [{matrix3d: [1e200, 0, 0, 0, 0, 0.5, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]}]}",
            "  - {frame: [10, 10, 40, 40], backgroundColor: red, cornerRadius: 9, transform: [{scale: [0.5, 1e180]}, {perspective: 300}, {rotateY: {degrees: 20}}]}",
            "  - {frame: [0, 0, 40, 40], shape: {path: \"M 0 20 " + "L 9999999 20 L 0 20 " * 200 + "\", strokeColor: red, lineDashPattern: [0.02, 0.03]}}",
            "  - {frame: [0, 0, 40, 40], shape: {path: \"M 0 0 L 40 40\", strokeColor: red, lineDashPattern: [1, 1]}, animations: [{keyPath: lineDashPattern, from: [1, 1], to: [1e-6, 1e-6], duration: 1}]}",
            "  - {frame: [0, 0, 140, 40], text: {string: \"" + "W" * 30000 + "\", size: 16, wrapped: true}}",
            "  - {frame: [0, 0, 140, 40], text: {string: \"" + "\\t" * 20000 + "x\", size: 16}}",
            "  - {frame: [10, 30, 140, 40], text: {string: \"ab\", size: 16}, transform: [{scale: 5000}], shadow: {radius: 4}}",
            "  - {frame: [10, 30, 140, 40], text: {string: \"ab\", size: 16}, transform: [{scale: 1e154}], shadow: {radius: 4}}",
            "  - {frame: [10, 10, 100, 40], text: {string: \"Skew\", size: 13}, transform: {skew: [{degrees: 89.99}, {degrees: -89.99}]}, shadow: {radius: 10}}",
        ])
        return kind, text.replace("layers:\n", "layers:\n" + hostile + "\n", 1).encode()
    if kind == "bidi":
        # Explicit bidi controls (LRE RLE LRO RLO PDF LRI RLI FSI PDI LRM RLM ALM), each followed
        # by a letter, an Arabic letter, a digit or a space: fribidi 1.0.8 crashed on ~3 in 10.
        controls = "\\u202a \\u202b \\u202d \\u202e \\u202c \\u2066 \\u2067 \\u2068 \\u2069 \\u200e \\u200f \\u061c".split()
        string = "".join(rng.choice(controls) + rng.choice(["a", "\\u0628", "1", " ", "\\n"]) for _ in range(rng.choice([200, 1000, 3000])))
        layer = f"  - {{frame: [0, 0, 160, 120], text: {{string: \"{string}\", size: 12, wrapped: {rng.choice(['true', 'false'])}}}}}"
        return kind, text.replace("layers:\n", "layers:\n" + layer + "\n", 1).encode()
    if kind == "swap":
        return kind, re.sub(r"\bsize: \[[^\]]*\]", rng.choice(["size: [16384, 16384]", "size: [20000, 10]", "size: [1e308, 1]", "size: [0, 0]"]), text, count=1).encode()
    return "identity", text.encode()


# --------------------------------------------------------------------------- PNG mutations

def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def png_with(width, height, idat, depth=8, color=6):
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, depth, color, 0, 0, 0)) + chunk(b"IDAT", idat) + chunk(b"IEND", b"")


def mutate_png(data, rng):
    kind = rng.choice(["truncate", "flip", "crc", "size", "length", "bomb", "bomb", "garbage", "identity"])
    data = bytearray(data)
    if kind == "truncate":
        return kind, bytes(data[:rng.randrange(8, len(data))])
    if kind == "flip":
        for _ in range(rng.randint(1, 8)):
            i = rng.randrange(8, len(data))
            data[i] ^= 1 << rng.randrange(8)
        return kind, bytes(data)
    if kind == "crc":
        data[29] ^= 0xFF  # IHDR's CRC
        return kind, bytes(data)
    if kind == "size":
        w, h = rng.choice([(1 << 30, 1 << 30), (16385, 1), (100000, 100000), (0, 5), (8192, 8192)])
        ihdr = bytes(data[12:16]) + struct.pack(">II", w, h) + bytes(data[24:29])
        data[8:33] = struct.pack(">I", 13) + ihdr + struct.pack(">I", zlib.crc32(ihdr) & 0xFFFFFFFF)
        return kind, bytes(data)
    if kind == "length":
        data[33:37] = struct.pack(">I", rng.choice([0x7FFFFFFF, 0x40000000, 0xFFFFFFFF]))
        return kind, bytes(data)
    if kind == "bomb":
        side = rng.choice([8192, 16384, 30000])
        rows = zlib.compressobj(9)
        body = rows.compress(b"\x00" * (side * 4 + 1) * min(side, 2048)) + rows.flush()
        return kind, png_with(side, side, body)
    if kind == "garbage":
        return kind, bytes(rng.randrange(256) for _ in range(rng.randrange(1, 200)))
    return kind, bytes(data)


# --------------------------------------------------------------------------- running

def run(strata, args, workdir):
    """Runs strata under the memory cap. A run that makes no progress for the time limit is a hang;
    for `render`, progress is a new frame file (a long sequence of expensive frames is slow, not
    hung), within an overall limit of 20 times the time limit."""
    start = time.monotonic()
    out = os.path.join(workdir, args[args.index("--out") + 1]) if args[0] == "render" and "--out" in args else None
    process = subprocess.Popen([strata] + args, cwd=workdir, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               preexec_fn=cap_memory)
    try:
        if out is None:
            _, err = process.communicate(timeout=LIMITS["time"])
        else:
            err = watch_progress(process, out, start)
    except subprocess.TimeoutExpired:
        process.kill()
        process.communicate()
        return "hang", None, b""
    finally:
        DURATIONS.append((time.monotonic() - start, " ".join(args), workdir))

    class Done:
        returncode = process.returncode
        stderr = err
    done = Done
    code, err = done.returncode, done.stderr
    if code == 0:
        return "success", code, err
    if code in CLEAN_EXITS and b"strata: error:" in err:
        return "clean error", code, err
    if b"failed to allocate" in err or b"Cannot allocate" in err or b"std::bad_alloc" in err or code == -9:
        return "cap hit", code, err
    return "crash", code, err


def watch_progress(process, out, start):
    """Waits for a render, raising TimeoutExpired when no frame lands for the time limit."""
    frames, last = 0, time.monotonic()
    while True:
        try:
            _, err = process.communicate(timeout=0.5)
            return err
        except subprocess.TimeoutExpired:
            pass
        now = time.monotonic()
        count = len([n for n in os.listdir(out) if n.endswith(".png")]) if os.path.isdir(out) else 0
        if count > frames:
            frames, last = count, now
        if now - last > LIMITS["time"] or now - start > 20 * LIMITS["time"]:
            raise subprocess.TimeoutExpired(process.args, LIMITS["time"])


def leftovers(folder):
    """Files a run must not leave: temporary files, or an output PNG that does not end with IEND
    (the inputs, in.png, scene.* and assets/, are the fuzzer's own)."""
    bad = []
    for base, dirs, files in os.walk(folder):
        dirs[:] = [d for d in dirs if d != "assets"]
        for name in files:
            path = os.path.join(base, name)
            if base == folder and (name == "in.png" or name.startswith("scene.")):
                continue
            if name.startswith(".") or ".tmp" in name or "nosync" in name:
                bad.append(path)
            elif name.endswith(".png"):
                with open(path, "rb") as f:
                    data = f.read()
                if not data.startswith(b"\x89PNG") or not data.endswith(b"IEND\xaeB`\x82"):
                    bad.append(path)
    return bad


def scene_case(strata, index, source, rng_seed, scratch):
    rng = random.Random(rng_seed)
    folder = os.path.join(scratch, f"s{index}")
    os.makedirs(folder)
    shutil.copytree(os.path.join(ROOT, "Scenes", "assets"), os.path.join(folder, "assets"))
    text = open(source, encoding="utf-8").read()
    kind, data = mutate_scene(text, rng)
    name = "scene.json" if source.endswith(".json") else "scene.yaml"
    with open(os.path.join(folder, name), "wb") as f:
        f.write(data)
    results = []
    outcome, code, err = run(strata, ["validate", name], folder)
    results.append(("validate", outcome, code, err))
    if outcome == "success":
        out = os.path.join(folder, "out")
        outcome, code, err = run(strata, ["render", name, "--out", out, "--jobs", "1", "--quiet"], folder)
        if outcome == "clean error":  # validate accepted it: it must render
            outcome = "validated but not rendered"
        results.append(("render", outcome, code, err))
        outcome, code, err = run(strata, ["frame", name, "--time", "0.05", "--out", os.path.join(folder, "f.png")], folder)
        results.append(("frame", outcome, code, err))
    partial = leftovers(folder)
    shutil.rmtree(folder, ignore_errors=True)
    return [dict(case=f"scene {index} ({os.path.basename(source)}, {kind})", command=c, outcome=o, exit=x,
                 stderr=e.decode("utf-8", "replace")[-300:], partial=partial) for c, o, x, e in results]


def png_case(strata, index, source, rng_seed, scratch):
    rng = random.Random(rng_seed)
    folder = os.path.join(scratch, f"p{index}")
    os.makedirs(folder)
    kind, data = mutate_png(open(source, "rb").read(), rng)
    with open(os.path.join(folder, "in.png"), "wb") as f:
        f.write(data)
    with open(os.path.join(folder, "scene.yaml"), "w") as f:
        f.write("version: 1\ndescription: a hostile PNG as contents\nsize: [64, 64]\nlayers:\n"
                "  - {frame: [0, 0, 64, 64], contents: in.png, contentsGravity: resizeAspect}\n")
    results = []
    for command, args in (("filter", ["filter", "in.png", "out.png", "--gaussian-blur", "1.5"]),
                          ("render", ["render", "scene.yaml", "--out", "out", "--quiet"])):
        outcome, code, err = run(strata, args, folder)
        results.append((command, outcome, code, err))
    partial = leftovers(folder)
    shutil.rmtree(folder, ignore_errors=True)
    name = os.path.basename(source)
    return [dict(case=f"png {index} ({name}, {kind})", command=c, outcome=o, exit=x,
                 stderr=e.decode("utf-8", "replace")[-300:], partial=partial) for c, o, x, e in results]


FIXTURES = os.path.join(ROOT, "Tests", "Fixtures", "hostile")
VIDEO_SCENE = ("version: 1\ndescription: a small moving square for the video cases\nsize: [32, 24]\nclock: {fps: 4, duration: 1}\n"
               "layers:\n  - {frame: [0, 0, 8, 8], backgroundColor: red, animations: [{keyPath: position.x, from: 4, to: 28, duration: 1}]}\n")
VIDEO_KINDS = ["fifo-frame", "zero-frame", "folder-frame", "fifo-segment", "tiny-fps-manifest", "tiny-fps-option",
               "long-name", "video-folder", "video-slash", "string-fps", "swapped-frames", "swapped-segments",
               "truncated-segment", "broken-font"]
# Cases whose input is wrong in a way only a check can see: exit 0 is a failure ("wrongly accepted").
MUST_REFUSE = {"swapped-frames", "swapped-segments", "truncated-segment", "broken-font"}
FONT = os.path.join(ROOT, "Sources", "StrataRender", "Fonts", "DejaVuSans.ttf")


def fixture_case(strata, path, scratch):
    """A reproducer of a defect once found (Tests/Fixtures/hostile): run every time, as validate and frame."""
    folder = tempfile.mkdtemp(prefix="fixture-", dir=scratch)
    name = os.path.basename(path)
    shutil.copy(path, os.path.join(folder, "scene." + name.rsplit(".", 1)[1]))
    scene = "scene." + name.rsplit(".", 1)[1]
    results = [("validate",) + run(strata, ["validate", scene], folder)]
    if results[0][1] == "success":
        results.append(("frame",) + run(strata, ["frame", scene, "--out", os.path.join(folder, "f.png")], folder))
    partial = leftovers(folder)
    shutil.rmtree(folder, ignore_errors=True)
    return [dict(case=f"fixture {name}", command=c, outcome=o, exit=x, stderr=e.decode("utf-8", "replace")[-300:], partial=partial)
            for c, o, x, e in results]


GREEN_PNG = ("iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAYAAAAf8/9hAAAAFklEQVR42mNg+E8hHDVg1IBRA4aLAQAxtf4QMgjAXQAAAABJRU5E"
             "rkJggg==")
LOTTIE_KINDS = ["file-link", "chained-link", "absolute-link", "folder-link", "passwd-link", "fifo-link",
                "nested-repeaters", "large-json", "jpeg-stream", "modifiers", "text-animators", "effects-masks", "text-providers",
                "colours-stops-repeaters", "stars-flips-skews-masks"]
JPEG_FIXTURES = os.path.join(ROOT, "Tests", "Fixtures", "jpeg")


def lottie_image(folder, u, p):
    return ('{"v":"5.7.4","fr":30,"ip":0,"op":10,"w":100,"h":100,"assets":[{"id":"i","w":16,"h":16,"u":"%s","p":"%s","e":0}],'
            '"layers":[{"ty":2,"ind":1,"refId":"i","ip":0,"op":10,"st":0,"ks":{}}]}' % (u, p))


def lottie_case(strata, index, rng_seed, scratch):
    """A hostile Lottie case (issue 52): an image asset that leads out of the animation's folder by
    a link (must be refused: exit 0 is "wrongly accepted"), nested repeaters whose copies multiply
    (a clean error or a quick success, never a hang or the memory cap), or a large valid JSON
    document (read within the cap, or refused by its size limit)."""
    rng = random.Random(rng_seed)
    kind = LOTTIE_KINDS[index % len(LOTTIE_KINDS)]
    root = tempfile.mkdtemp(prefix=f"lottie{index}-", dir=scratch)
    folder, outside = os.path.join(root, "anim"), os.path.join(root, "outside")
    os.makedirs(folder)
    os.makedirs(outside)
    with open(os.path.join(outside, "secret.png"), "wb") as f:
        import base64
        f.write(base64.b64decode(GREEN_PNG))
    u, p, must_refuse = "", "img.png", kind.endswith("-link")
    extra = []
    link = os.path.join(folder, "img.png")
    if kind == "file-link":
        os.symlink("../outside/secret.png", link)
    elif kind == "chained-link":
        os.symlink("../outside/secret.png", os.path.join(folder, "a.png"))
        os.symlink("a.png", link)
    elif kind == "absolute-link":
        os.symlink(os.path.join(outside, "secret.png"), link)
    elif kind == "folder-link":
        os.symlink("../outside", os.path.join(folder, "sub"))
        u, p = "sub/", "secret.png"
    elif kind == "passwd-link":
        os.symlink(rng.choice(["/etc/passwd", "/proc/self/cmdline", "/dev/zero"]), link)
    elif kind == "fifo-link":
        os.mkfifo(os.path.join(outside, "pipe.png"))
        os.symlink("../outside/pipe.png", link)
    if kind == "nested-repeaters":
        shape = '{"ty":"rc","d":1,"s":{"k":[4,4]},"p":{"k":[0,0]},"r":{"k":0}},{"ty":"fl","c":{"k":[1,0,0,1]},"o":{"k":100}}'
        for _ in range(rng.randint(2, 4)):
            copies = rng.choice([2, 10, 100, 1000, 10000, 100000])
            shape = ('{"ty":"gr","it":[%s]},{"ty":"rp","c":{"k":%d},"o":{"k":0},"m":1,"tr":{"p":{"k":[1,0]},"a":{"k":[0,0]},'
                     '"s":{"k":[100,100]},"r":{"k":0},"so":{"k":100},"eo":{"k":100}}}' % (shape, copies))
        text = ('{"v":"5.7.4","fr":30,"ip":0,"op":10,"w":100,"h":100,"layers":[{"ty":4,"ind":1,"ip":0,"op":10,"st":0,"ks":{},'
                '"shapes":[{"ty":"gr","it":[%s]}]}]}' % shape)
    elif kind == "jpeg-stream":
        # A JPEG asset (issue 54) mutated: cut, bit-flipped, or its frame header claiming another size
        # or precision; embedded under a MIME type that may lie, or as a file beside the JSON.
        import base64
        data = bytearray(open(os.path.join(JPEG_FIXTURES, rng.choice(sorted(n for n in os.listdir(JPEG_FIXTURES) if n.endswith(".jpg")))), "rb").read())
        mutation = rng.choice(["cut", "flip", "size", "precision"])
        sof = max(data.find(b"\xff\xc0"), data.find(b"\xff\xc2"))
        if mutation == "cut":
            data = data[:rng.randint(2, len(data) - 1)]
        elif mutation == "flip":
            for _ in range(rng.randint(1, 16)):
                data[rng.randrange(len(data))] = rng.randrange(256)
        elif sof > 0 and mutation == "size":
            data[sof + 5:sof + 9] = bytes([rng.randrange(256) for _ in range(4)])
        elif sof > 0:
            data[sof + 4] = rng.choice([0, 1, 12, 16, 255])
        if rng.random() < 0.5:
            mime = rng.choice(["image/jpeg", "image/png", "text/plain"])
            text = lottie_image(folder, "", "data:%s;base64,%s" % (mime, base64.b64encode(bytes(data)).decode()))
        else:
            with open(os.path.join(folder, "photo.jpg"), "wb") as f:
                f.write(data)
            text = lottie_image(folder, "", "photo.jpg")
    elif kind == "modifiers":
        # Path modifiers with extreme values, stacked (issue 54): pucker & bloat, zig-zag, round
        # corners, offset paths (stroked: drawn as the offset path), trims with offsets (stacked:
        # a layer for each piece they leave); half the time after a merge of the star with a
        # rectangle (every mode), whose outline the stroke and the modifiers then follow.
        # Sometimes an amount that changes over a long composition: the path is sampled at every
        # frame (bounded by the importer's budget of sampled path elements).
        frames = rng.choice([10, 10, 100000])

        def number():
            return rng.choice([0, 1, -1, 3.5, 100, -100, 1e3, -1e3, 1e6, 1e7, -1e7, 1e-9])

        def amount():
            if frames > 10 and rng.random() < 0.5:
                return ('{"a":1,"k":[{"t":0,"s":[%r],"o":{"x":[0.3],"y":[0]},"i":{"x":[0.7],"y":[1]}},{"t":%d,"s":[%r]}]}'
                        % (number(), frames, number()))
            return '{"k":%r}' % number()
        items = []
        for _ in range(rng.randint(1, 4)):
            kind_of = rng.choice(["pb", "zz", "rd", "op", "tm"])
            if kind_of == "tm":
                items.append('{"ty":"tm","s":%s,"e":%s,"o":%s,"m":%d}' % (amount(), amount(), amount(), rng.choice([1, 2])))
            elif kind_of == "op":
                items.append('{"ty":"op","a":%s,"lj":%d,"ml":%r}' % (amount(), rng.choice([1, 2, 3]), abs(number())))
            elif kind_of == "pb":
                items.append('{"ty":"pb","a":%s}' % amount())
            elif kind_of == "zz":
                items.append('{"ty":"zz","s":{"k":%r},"r":{"k":%r},"pt":{"k":%d}}' % (number(), abs(number()), rng.choice([1, 2])))
            else:
                items.append('{"ty":"rd","r":{"k":%r}}' % abs(number()))
        if rng.random() < 0.5:
            items.insert(0, '{"ty":"rc","p":%s,"s":{"k":[%r,%r]},"r":{"k":%r}},{"ty":"mm","mm":%d}'
                         % ('{"k":[60,50]}' if frames == 10 else '{"a":1,"k":[{"t":0,"s":[0,50]},{"t":%d,"s":[100,50]}]}' % frames,
                            abs(number()), abs(number()), abs(number()), rng.randint(1, 5)))
        text = ('{"v":"5.7.4","fr":30,"ip":0,"op":%d,"w":100,"h":100,"layers":[{"ty":4,"ind":1,"ip":0,"op":%d,"st":0,"ks":{},'
                '"shapes":[{"ty":"gr","it":[{"ty":"sr","sy":%d,"pt":{"k":%d},"p":{"k":[50,50]},"r":{"k":0},"or":{"k":30},"ir":{"k":12},'
                '"os":{"k":0},"is":{"k":0}},%s,{"ty":"st","c":{"k":[0,0,0,1]},"o":{"k":100},"w":{"k":2}},'
                '{"ty":"fl","c":{"k":[0,0,1,1]},"o":{"k":100}}]}]}]}' % (frames, frames, rng.choice([1, 2]), rng.choice([3, 5, 40, 1000]), ",".join(items)))
    elif kind == "text-animators":
        # Text animators (issue 54) over a glyph text of up to 100,000 characters: empty, inverted
        # and huge ranges, every shape and unit, extreme property values, many frames.
        def number():
            return rng.choice([0, 1, -1, 50, 100, -100, 1e3, 1e6, -1e7, 1e-9]) if rng.random() < 0.98 else 1e12
        glyph = ('{"ch":"%s","fFamily":"G","style":"R","size":100,"w":%r,"data":{"shapes":[{"ty":"gr","it":[{"ty":"sh","ks":{"k":'
                 '{"c":true,"v":[[0,0],[0,-70],[50,-70]],"i":[[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0]]}}}]}]}}')
        chars = ",".join(glyph % (c, number()) for c in "ab ")
        animators = []
        for _ in range(rng.randint(1, 3)):
            start = '{"a":1,"k":[{"t":0,"s":[%r],"i":{"x":[1],"y":[1]},"o":{"x":[0],"y":[0]}},{"t":%d,"s":[%r]}]}' % (
                number(), rng.choice([1, 10, 10_000]), number())
            animators.append('{"s":{"r":%d,"b":%d,"sh":%d,"s":%s,"e":{"k":%r},"o":{"k":%r},"a":{"k":%r},"xe":{"k":%r}},'
                             '"a":{"p":{"k":[%r,%r]},"s":{"k":[%r,%r]},"r":{"k":%r},"o":{"k":%r},"fc":{"k":[%r,0,1]},"sw":{"k":%r},"t":{"k":%r}}}'
                             % (rng.choice([1, 2]), rng.randint(1, 4), rng.randint(1, 6), start, number(), number(), number(), number(),
                                number(), number(), number(), number(), number(), number(), number(), number(), number()))
        text = "ab " * rng.choice([1, 10, 1000, 33_000])
        text = ('{"v":"5.7.4","fr":30,"ip":0,"op":%d,"w":100,"h":100,"fonts":{"list":[{"fName":"G","fFamily":"G","fStyle":"R","ascent":70}]},'
                '"chars":[%s],"layers":[{"ty":5,"ind":1,"ip":0,"op":%d,"st":0,"ks":{},"t":{"d":{"k":[{"t":0,"s":{"t":"%s","f":"G","s":%r,'
                '"fc":[0,0,0],"sc":[1,0,0],"sw":1}}]},"a":[%s]}}]}' % (rng.choice([10, 1000]), chars, 10, text, rng.choice([0, 10, 40, 1e4]),
                                                           ",".join(animators)))
    elif kind == "effects-masks":
        # What unseen files hold (lottie-android's corpus): Fill effects, every mask mode, easing
        # handles of any speed; here with extreme values, stacked, on many layers.
        wild = rng.random() < 0.25  # a quarter of the cases hold a number out of range somewhere

        def number():
            return rng.choice([0, 1, -1, 0.5, 100, -100, 1e7, -1e7, 1e-9] + ([1e12] if wild else []))

        def speed():  # an easing handle's y: any finite size is read
            return rng.choice([0, 1, -1, 1e7, 1e12, 2.17e14, -1e300, 1e308])
        layers = []
        for i in range(rng.choice([1, 3, 50, 500])):
            masks = ",".join('{"mode":"%s","inv":%s,"o":{"k":%r},"x":{"k":%r},"pt":{"k":{"c":true,"v":[[0,0],[%r,0],[%r,%r]],'
                             '"i":[[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0]]}}}' % (
                                 rng.choice("asidlfnq"), rng.choice(["true", "false"]), number(), rng.choice([0, 0, 3, -3]),
                                 number(), number(), number()) for _ in range(rng.randint(0, 4)))
            fill = ('{"ty":21,"nm":"Fill","en":%d,"ef":[{"ty":10,"nm":"Fill Mask","v":{"k":%d}},{"ty":2,"nm":"Color","v":{"k":[%r,%r,%r,1]}},'
                    '{"ty":7,"nm":"Invert","v":{"k":%d}},{"ty":0,"nm":"Opacity","v":{"a":1,"k":[{"t":0,"s":[%r],"o":{"x":[0.3],"y":[%r]},'
                    '"i":{"x":[0.7],"y":[%r]}},{"t":9,"s":[%r]}]}}]}' % (rng.choice([0, 1]), rng.choice([0, 3]), number(), number(), number(),
                                                                       rng.choice([0, 1]), number(), speed(), speed(), number()))
            layers.append('{"ty":4,"ind":%d,"ip":0,"op":10,"st":0,"ks":{"s":{"a":1,"k":[{"t":0,"s":[100,100],"o":{"x":[0.3,0.3],"y":[%r,%r]},'
                          '"i":{"x":[0.7,0.7],"y":[%r,1]}},{"t":9,"s":[%r,100]}]}},"hasMask":true,"masksProperties":[%s],"ef":[%s],'
                          '"shapes":[{"ty":"rc","p":{"k":[50,50]},"s":{"k":[40,40]},"r":{"k":0}},{"ty":"fl","c":{"k":[1,0,0,1]},"o":{"k":100}}]}'
                          % (i + 1, speed(), speed(), speed(), number(), masks, ",".join([fill] * rng.randint(1, 3))))
        text = '{"v":"5.7.4","fr":30,"ip":0,"op":10,"w":100,"h":100,"layers":[%s]}' % ",".join(layers)
    elif kind == "text-providers":
        # Text providers (`--text`) over many text layers, some in precompositions, some drawn from
        # glyphs: texts up to the per-text limit given by `**` to every layer (the 1,000,000-byte
        # budget), control characters and line breaks, keypaths of one name, of dots, of `*`.
        count = rng.choice([1, 10, 200, 3000])
        glyph = '{"ch":"A","fFamily":"G","style":"R","size":100,"w":60,"data":{"shapes":[{"ty":"gr","it":[{"ty":"rc","p":{"k":[30,-35]},"s":{"k":[40,70]},"r":{"k":0}}]}]}}'
        def text_layer(i, font):
            return ('{"ty":5,"nm":"T%d","ind":%d,"ip":0,"op":10,"st":0,"ks":{"p":{"k":[10,%d]}},"t":{"d":{"k":[{"t":0,"s":{"t":"A","f":"%s","s":%s,"j":0,"fc":[0,0,0]}}]}}}'
                    % (i % 7, i + 1, 10 + i % 80, font, rng.choice(["10", "0", "400"])))
        layers = [text_layer(i, rng.choice(["G", "NoSuch"])) for i in range(count)]
        inner = '{"id":"pre","layers":[%s]}' % ",".join(text_layer(i, "G") for i in range(min(count, 50)))
        layers.append('{"ty":0,"nm":"P","refId":"pre","ind":%d,"ip":0,"op":10,"st":0,"w":100,"h":100,"ks":{}}' % (count + 1))
        text = ('{"v":"5.7.4","fr":30,"ip":0,"op":10,"w":100,"h":100,"assets":[%s],"fonts":{"list":[{"fName":"G","fFamily":"G","fStyle":"R"},'
                '{"fName":"NoSuch","fFamily":"NoSuch","fStyle":"R"}]},"chars":[%s],"layers":[%s]}' % (inner, glyph, ",".join(layers)))
        for _ in range(rng.randint(1, 3)):
            keypath = rng.choice(["**", "T3", "P.T1", "*", "*.*", "T" + "." * rng.randint(0, 3), "=", "P.**.T2"])
            body = rng.choice(["A", "AAAA\rA", "\x03\n\x7f", "x" * rng.choice([10, 5_000, 100_000, 100_001]), "é⁂\t" * 100])
            extra += ["--text", keypath + "=" + body]
        if rng.random() < 0.5:
            extra += ["--set", rng.choice(["**.Color=1,0,0,1", "**.T1.Stroke Color=#00ff00", "**.Color=0:1,0,0,1;5:0,1,0,1"])]
    elif kind == "colours-stops-repeaters":
        # Colours of 0 to 6 components in 0…1, 0…255 or far out (the fourth is not drawn),
        # gradients whose stops share positions (hard stops) or come unsorted, and repeaters
        # stacked in one group, up to past the nesting limit, with copies that multiply.
        def component():
            return rng.choice([0, 0.5, 1, 2, 128, 255, 300, -1, 1e7, -1e7, 1e-9])

        def colour():
            return "[%s]" % ",".join(repr(component()) for _ in range(rng.randint(0, 6)))
        stops = rng.randint(1, 12)
        values = []
        for _ in range(stops):
            values += [rng.choice([0, 0.25, 0.5, 0.5, 1, -0.5, 2])] + [component() for _ in range(3)]
        for _ in range(rng.randint(0, 6)):
            values += [rng.choice([0, 0.5, 0.5, 1]), rng.choice([0, 0.5, 1, 2])]
        repeater = ('{"ty":"rp","c":{"k":%r},"o":{"k":%r},"m":%d,"tr":{"ty":"tr","p":{"k":[%r,%r]},"a":{"k":[0,0]},"s":{"k":[%r,%r]},'
                    '"r":{"k":%r},"so":{"k":%r},"eo":{"k":%r}}}')
        stacked = rng.choice([0, 1, 2, 5, 63, 64, 65, 200])
        # Copies that multiply past the layer limit only where few are stacked (a clean error);
        # a deep stack mostly of single copies reaches the nesting limit instead.
        copies = [0, 1, 2, 3, 10, 1e4] if stacked <= 2 else [0, 1, 1, 1, 1, 2]
        repeaters = [repeater % (rng.choice(copies), rng.choice([0, 0.5, -2]), rng.choice([1, 2]), component(), component(),
                                 rng.choice([100, 50, -100, 0]), rng.choice([100, 1e4]), rng.choice([0, 30, 1e7]), rng.choice([100, 0, -5]),
                                 rng.choice([100, 0, 1e3])) for _ in range(stacked)]
        shapes = ['{"ty":"rc","p":{"k":[50,50]},"s":{"k":[40,40]},"r":{"k":0}}',
                  '{"ty":"fl","c":{"a":1,"k":[{"t":0,"s":%s,"o":{"x":[0.3],"y":[0]},"i":{"x":[0.7],"y":[1]}},{"t":9,"s":%s}]},"o":{"k":100}}'
                  % (colour(), colour()),
                  '{"ty":"st","c":{"k":%s},"o":{"k":100},"w":{"k":2},"lc":1,"lj":1}' % colour(),
                  '{"ty":"gf","o":{"k":100},"r":1,"t":%d,"s":{"k":[30,50]},"e":{"k":[70,50]},"g":{"p":%d,"k":{"k":[%s]}}}'
                  % (rng.choice([1, 2]), stops, ",".join(repr(v) for v in values))] + repeaters
        styles = shapes[1:4]
        rng.shuffle(styles)
        shapes[1:4] = styles
        text = ('{"v":"5.7.4","fr":30,"ip":0,"op":10,"w":100,"h":100,"layers":[{"ty":4,"ind":1,"ip":0,"op":10,"st":0,"ks":{},"bm":%d,'
                '"shapes":[%s]},{"ty":1,"ind":2,"ip":0,"op":10,"st":0,"sw":100,"sh":100,"sc":"#336699","ks":{"o":{"k":%r}}}]}'
                % (rng.choice([0, 12, 13, 14, 15]), ",".join(shapes), rng.choice([100, 50, 0])))
    elif kind == "stars-flips-skews-masks":
        # Stars and polygons of fractional, huge or tiny point counts and extreme roundness;
        # flipped (negative x scale) transforms turning far, moving skews near ±90°, anchors and
        # positions timed alike or apart (lottie-ios's combined matrices); masks winding twice.
        def value():
            return rng.choice([0, 0.5, 2.5, 3.4, 5, 5.5, 999.75, 1000, 1e6, 1e300, -3, 1e-9])

        def moving(a, b, timed=0):
            return ('{"a":1,"k":[{"t":%d,"s":%s,"o":{"x":[0.3],"y":[0]},"i":{"x":[0.7],"y":[1]}},{"t":%d,"s":%s}]}'
                    % (timed, a, rng.choice([9, 10, 20, 1e6]), b))
        star = ('{"ty":"sr","sy":%d,"p":{"k":[0,0]},"pt":%s,"r":{"k":%r},"or":{"k":%r},"ir":{"k":%r},"os":{"k":%r},"is":{"k":%r},"d":%d}'
                % (rng.choice([1, 2]), moving("[%r]" % value(), "[%r]" % value()), rng.choice([0, 45, 1e7]), rng.choice([30, 0, -20, 1e6]),
                   rng.choice([10, -10, 0, 1e6]), rng.choice([0, 77, 250, -1e4, 1e300]), rng.choice([0, -80, 1e4]), rng.choice([1, 3])))
        flip = "[%r,%r]" % (rng.choice([-100, -1e7, -0.001, 100]), rng.choice([100, -100, 0]))
        transform = ('{"ty":"tr","p":%s,"a":{"k":[%r,%r]},"s":%s,"r":%s,"o":{"k":100},"sk":%s,"sa":{"k":%r}}'
                     % (rng.choice(['{"k":[0,0]}', moving("[0,0]", "[20,-10]", rng.choice([0, 3]))]), rng.choice([0, 7, -1e6]),
                        rng.choice([0, -5]), moving(flip, "[100,100]"), moving("[180]", "[%r]" % rng.choice([450, -3600, 1e9, 180])),
                        rng.choice(['{"k":0}', moving("[85]", "[-89.9]"), '{"k":45}']), rng.choice([0, 30, 1e7])))
        twice = ",".join("[%r,%r]" % (20 * rng.random(), 20 * rng.random()) for _ in range(rng.randint(3, 12)))
        count = twice.count("[")
        mask = ('{"mode":"%s","inv":%s,"o":{"k":100},"pt":{"k":{"c":true,"v":[%s,%s],"i":[%s],"o":[%s]}}}'
                % (rng.choice(["a", "s", "i", "f"]), rng.choice(["true", "false"]), twice, twice,
                   ",".join(["[0,0]"] * 2 * count), ",".join(["[0,0]"] * 2 * count)))
        text = ('{"v":"5.7.4","fr":30,"ip":0,"op":10,"w":100,"h":100,"layers":[{"ty":4,"ind":1,"ip":0,"op":10,"st":0,'
                '"ks":{"p":{"k":[50,50]},"s":%s},"hasMask":true,"masksProperties":[%s],'
                '"shapes":[{"ty":"gr","it":[%s,{"ty":"fl","c":{"k":[1,0,0]},"o":{"k":100}},%s]}]}]}'
                % (moving(flip, "[-100,100]"), mask, star, transform))
    elif kind == "large-json":
        points, masks = rng.randint(20_000, 100_000), rng.randint(1, 3)  # within the list bound: up to ~5 MB
        v = ",".join("[%d,%d]" % (rng.randrange(10), rng.randrange(10)) for _ in range(points))
        z = ",".join(["[0,0]"] * points)
        text = ('{"v":"5.7.4","fr":30,"ip":0,"op":10,"w":100,"h":100,"layers":[{"ty":4,"ind":1,"ip":0,"op":10,"st":0,"ks":{},'
                '"masksProperties":[%s],"shapes":[]}]}'
                % ",".join(['{"mode":"a","pt":{"k":{"i":[%s],"o":[%s],"v":[%s],"c":true}},"o":{"k":100},"x":{"k":0}}' % (z, z, v)] * masks))
    else:
        text = lottie_image(folder, u, p)
    with open(os.path.join(folder, "anim.json"), "w") as f:
        f.write(text)
    # A folder `u` that leads out is not looked in and the name alone is missing inside: the file
    # draws without the image, with a warning, so under --strict it must be refused.
    strict = ["--strict"] if kind == "folder-link" else []
    results = [("validate",) + run(strata, ["validate", "anim.json"] + strict + extra, folder)]
    if results[0][1] == "success":
        results.append(("frame",) + run(strata, ["frame", "anim.json", "--out", "f.png"] + strict + extra, folder))
    # The links are the case's own: leftovers() must not read through them (a FIFO, /dev/zero).
    for name in os.listdir(folder):
        if os.path.islink(os.path.join(folder, name)):
            os.unlink(os.path.join(folder, name))
    partial = leftovers(folder)
    shutil.rmtree(root, ignore_errors=True)
    rows = []
    for command, outcome, code, err in results:
        if must_refuse and outcome == "success":
            outcome = "wrongly accepted"
        rows.append(dict(case=f"lottie{index} {kind}", command=command, outcome=outcome, exit=code,
                         stderr=err.decode("utf-8", "replace")[-300:], partial=partial))
    return rows


def video_case(strata, index, rng_seed, scratch, kind=None):
    """A rendered folder made hostile for `strata encode`, or hostile video options for `render`:
    FIFOs, devices and folders where frames and segments belong, tiny rates, long names. `kind`
    picks the case's kind (`--every-video-kind`); otherwise the seed does."""
    rng = random.Random(rng_seed)
    kind = kind or rng.choice(VIDEO_KINDS)
    folder = os.path.join(scratch, f"v{index}")
    os.makedirs(folder)
    with open(os.path.join(folder, "scene.yaml"), "w") as f:
        f.write(VIDEO_SCENE)
    out = os.path.join(folder, "out")
    results = []
    if kind == "broken-font":
        # A file that starts like a font: cut short, or its table directory scrambled.
        data = bytearray(open(FONT, "rb").read())
        if rng.random() < 0.5:
            data = data[:rng.randint(13, len(data) - 1)]
        else:
            for _ in range(rng.randint(1, 8)):
                data[rng.randint(4, 12 + 16 * 8)] = rng.randrange(256)
        with open(os.path.join(folder, "Broken.ttf"), "wb") as f:
            f.write(data)
        with open(os.path.join(folder, "font.yaml"), "w") as f:
            f.write("version: 1\ndescription: text in a broken font\nsize: [64, 24]\n"
                    "layers:\n  - {frame: [0, 0, 64, 24], text: {string: Hi, size: 12, fontFile: Broken.ttf}}\n")
        results.append(("validate",) + run(strata, ["validate", "font.yaml"], folder))
    elif kind in ("tiny-fps-option", "long-name", "video-folder", "video-slash"):
        name = {"tiny-fps-option": "v.mp4", "long-name": "v" * rng.randint(235, 251) + ".mp4",
                "video-folder": "out", "video-slash": "v.mp4/"}[kind]
        if kind == "video-folder":
            os.makedirs(out)
        args = ["render", "scene.yaml", "--video", name, "--quiet"]
        if kind == "tiny-fps-option":
            args += ["--fps", rng.choice(["1e-10", "1e-5", "0.0009", "4.9e-324"])]
        results.append(("render --video",) + run(strata, args, folder))
    else:
        shard_args = ["--shard", "0/2", "--video", "v.mkv"] if kind in ("fifo-segment", "swapped-segments", "truncated-segment") else []
        results.append(("render",) + run(strata, ["render", "scene.yaml", "--out", "out", "--quiet"] + shard_args, folder))
        if shard_args:
            second = ["--shard", "1/2"] + shard_args[2:]
            results.append(("render",) + run(strata, ["render", "scene.yaml", "--out", "out", "--quiet"] + second, folder))
        frame = os.path.join(out, "frame-00001.png")
        segments = sorted(glob.glob(os.path.join(out, "video", "segment-*")))
        if kind == "swapped-frames" and os.path.exists(frame):
            other = os.path.join(out, "frame-00002.png")
            os.rename(frame, frame + ".x"); os.rename(other, frame); os.rename(frame + ".x", other)
        elif kind == "swapped-segments" and len(segments) == 2:
            a, b = (open(p, "rb").read() for p in segments)
            open(segments[0], "wb").write(b); open(segments[1], "wb").write(a)
        elif kind == "truncated-segment" and segments:
            data = open(segments[-1], "rb").read()
            open(segments[-1], "wb").write(data[:rng.randint(0, max(0, len(data) - 1))])
        elif kind == "fifo-segment":
            if segments:
                os.remove(segments[0])
                os.mkfifo(segments[0])
        elif kind in ("fifo-frame", "zero-frame", "folder-frame") and os.path.exists(frame):
            os.remove(frame)
            {"fifo-frame": os.mkfifo, "zero-frame": lambda p: os.symlink("/dev/zero", p), "folder-frame": os.mkdir}[kind](frame)
        elif kind in ("tiny-fps-manifest", "string-fps") and os.path.exists(os.path.join(out, "manifest.json")):
            manifest = json.load(open(os.path.join(out, "manifest.json")))
            manifest["fps"] = 1e-300 if kind == "tiny-fps-manifest" else "thirty"
            json.dump(manifest, open(os.path.join(out, "manifest.json"), "w"))
        results.append(("encode",) + run(strata, ["encode", "out", "--video", "e.mp4"], folder))
    # The hostile files are the case's own (and a FIFO would block the check): gone before it.
    for path in [os.path.join(out, "frame-00001.png")] + glob.glob(os.path.join(out, "video", "segment-*")):
        if os.path.isdir(path) and not os.path.islink(path):
            os.rmdir(path)
        elif os.path.lexists(path) and (os.path.islink(path) or not os.path.isfile(path)):
            os.remove(path)
    if kind in MUST_REFUSE and results[-1][1] == "success":
        results[-1] = (results[-1][0], "wrongly accepted") + results[-1][2:]
    partial = leftovers(folder)
    shutil.rmtree(folder, ignore_errors=True)
    return [dict(case=f"video {index} ({kind})", command=c, outcome=o, exit=x, stderr=e.decode("utf-8", "replace")[-300:], partial=partial)
            for c, o, x, e in results]


def main():
    parser = argparse.ArgumentParser(description="Fuzz strata with mutated scenes and hostile PNGs.")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--scenes", type=int, default=300)
    parser.add_argument("--pngs", type=int, default=100)
    parser.add_argument("--videos", type=int, default=30, help="hostile video folders and options (needs ffmpeg)")
    parser.add_argument("--lotties", type=int, default=20, help="hostile Lottie cases: links out of the folder, nested repeaters, large valid JSON, mutated JPEG assets, extreme path modifiers, text animators, effects and masks, colours, gradient stops and stacked repeaters, fractional stars, flipped and skewed transforms, masks wound twice")
    parser.add_argument("--every-video-kind", action="store_true",
                        help="one video case of each kind, in order, instead of --videos cases of kinds the seed picks")
    parser.add_argument("--long", action="store_true", help="5,000 scenes, 1,000 PNGs and 300 video cases")
    parser.add_argument("--strata", default=os.path.join(ROOT, ".build", "release", "strata"))
    parser.add_argument("--json", help="write every result here")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--time-limit", type=float, default=LIMITS["time"], help="seconds per run before it counts as a hang")
    parser.add_argument("--only", help="rerun only these cases of the seed, e.g. scene544,png17 (from a FAIL line)")
    options = parser.parse_args()
    only = set(options.only.split(",")) if options.only else None
    if options.long:
        options.scenes, options.pngs, options.videos = max(options.scenes, 5000), max(options.pngs, 1000), max(options.videos, 300)
    options.strata = os.path.abspath(options.strata)
    LIMITS["time"] = options.time_limit
    if not os.access(options.strata, os.X_OK):
        sys.exit(f"fuzz: no strata binary at {options.strata} (swift build -c release, or pass --strata)")
    scenes = sorted(os.path.join(ROOT, "Scenes", n) for n in os.listdir(os.path.join(ROOT, "Scenes")) if n.endswith(".yaml"))
    suite = os.path.join(ROOT, "Tests", "Fixtures", "pngsuite")
    pngs = sorted(os.path.join(suite, n) for n in os.listdir(suite) if n.endswith(".png"))
    master = random.Random(options.seed)
    scratch = tempfile.mkdtemp(prefix="strata-fuzz-")
    jobs = []
    with ThreadPoolExecutor(max_workers=options.jobs) as pool:
        for i in range(options.scenes):
            source, case_seed = master.choice(scenes), master.getrandbits(64)
            if only is None or f"scene{i}" in only:
                jobs.append(pool.submit(scene_case, options.strata, i, source, case_seed, scratch))
        for i in range(options.pngs):
            source, case_seed = master.choice(pngs), master.getrandbits(64)
            if only is None or f"png{i}" in only:
                jobs.append(pool.submit(png_case, options.strata, i, source, case_seed, scratch))
        # Video cases and the reproducers come from their own generator, so that the scene and
        # PNG cases of a seed stay what they were.
        extra = random.Random(options.seed * 7919 + 1)
        if shutil.which("ffmpeg"):
            if options.every_video_kind:
                options.videos = len(VIDEO_KINDS)
            for i in range(options.videos):
                case_seed = extra.getrandbits(64)
                if only is None or f"video{i}" in only:
                    kind = VIDEO_KINDS[i] if options.every_video_kind else None
                    jobs.append(pool.submit(video_case, options.strata, i, case_seed, scratch, kind))
        for i in range(options.lotties):
            case_seed = extra.getrandbits(64)
            if only is None or f"lottie{i}" in only:
                jobs.append(pool.submit(lottie_case, options.strata, i, case_seed, scratch))
        for path in sorted(p for p in glob.glob(os.path.join(FIXTURES, "*")) + glob.glob(os.path.join(FIXTURES, "lottie-v4", "*.json"))
                           if os.path.isfile(p)):
            if only is None or f"fixture:{os.path.basename(path)}" in only:
                jobs.append(pool.submit(fixture_case, options.strata, path, scratch))
        results = [r for job in jobs for r in job.result()]
    shutil.rmtree(scratch, ignore_errors=True)
    table = {}
    for r in results:
        kind = r["case"].split(" ")[0]
        key = (kind, r["command"])
        row = table.setdefault(key, {})
        row[r["outcome"]] = row.get(r["outcome"], 0) + 1
        if r["partial"]:
            row["partial output"] = row.get("partial output", 0) + 1
    columns = ["success", "clean error", "crash", "hang", "cap hit", "partial output", "validated but not rendered", "wrongly accepted"]
    print(f"strata fuzz: seed {options.seed}, {options.scenes} scenes, {options.pngs} PNGs, {options.videos if shutil.which('ffmpeg') else 0} video cases, "
          f"{len(glob.glob(os.path.join(FIXTURES, '*')))} reproducers, {len(results)} runs")
    print("| input | command | " + " | ".join(columns) + " |")
    print("|---|---|" + "---|" * len(columns))
    for (kind, command), row in sorted(table.items()):
        print(f"| {kind} | {command} | " + " | ".join(str(row.get(c, 0)) for c in columns) + " |")
    slowest = max(DURATIONS, default=(0.0, "nothing", ""))
    print(f"slowest run: {slowest[0]:.1f} s ({slowest[1]})")
    bad = [r for r in results if r["outcome"] not in ("success", "clean error") or r["partial"]]
    for r in bad[:20]:
        print(f"FAIL {r['case']}: {r['command']} → {r['outcome']} (exit {r['exit']}) {r['partial'] or ''}\n    {r['stderr'].strip()[-200:]}")
    if options.json:
        with open(options.json, "w") as f:
            json.dump(dict(seed=options.seed, results=results, failures=len(bad)), f, indent=1)
    sys.exit(1 if bad else 0)


if "--libfuzzer" in sys.argv:
    # Coverage-guided fuzzing under sanitizers: scripts/fuzz/libfuzzer.py (docs/robustness.md).
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import libfuzzer
    sys.exit(libfuzzer.main([argument for argument in sys.argv[1:] if argument != "--libfuzzer"]))
main()
