#!/usr/bin/env python3
"""Writes the peers' compositing scene (../shared/bench/peers/bench_composite.py, frame 0) as a
Strata scene in JSON, so that scripts/bench measures the same picture; with FRAMES, the same scene
animated as the peers animate it (each card drifts and pulses its opacity with a 40-frame period,
so no two neighbouring frames are equal), FRAMES ticks at 60 fps. Usage:
    composite_scene.py PEERS_DIR OUT.json [FRAMES]"""
import json
import math
import os
import shutil
import random
import sys

W, H = 1920, 1080
N_LAYERS, BLUR_SIGMA = 40, 20
GLASS = (660, 440, 600, 200, 24)
DESKTOP = (0.12, 0.13, 0.16)


def scene(frame):
    # The same draws, in the same order, as bench_composite.scene().
    rng = random.Random(42)
    layers = []
    for i in range(N_LAYERS):
        w, h = rng.randint(120, 560), rng.randint(80, 360)
        x, y = rng.randint(0, W - w), rng.randint(0, H - h)
        ph = (frame * 7 + i * 3) % 40
        x += 36 * math.sin(ph / 40 * 2 * math.pi)
        y += 12 * math.cos(ph / 40 * 2 * math.pi)
        op = rng.uniform(0.35, 0.95)
        op = min(0.95, max(0.3, op + 0.05 * math.sin(frame / 5 + i)))
        col = (rng.random(), rng.random(), rng.random())
        layers.append(dict(x=x, y=y, w=w, h=h, r=rng.choice([8, 12, 16, 24]), op=op, col=col))
    return layers


PERIOD = 40  # frames: the peers' phase is (frame * 7 + i * 3) % 40


def drift(i):
    """Layer i's keyframes over one period: its position (centre) and opacity at frames 0…40."""
    frames = [scene(f)[i] for f in range(PERIOD + 1)]
    positions = [[L["x"] + L["w"] / 2, L["y"] + L["h"] / 2] for L in frames]
    return [
        {"keyPath": "position", "values": positions, "duration": PERIOD / 60, "repeatCount": ".inf"},
        {"keyPath": "opacity", "values": [L["op"] for L in frames], "duration": PERIOD / 60, "repeatCount": ".inf"},
    ]


def main():
    peers, out = sys.argv[1], sys.argv[2]
    frames = int(sys.argv[3]) if len(sys.argv) > 3 else 0
    # The picture is copied beside the scene: a scene's assets resolve inside its own folder.
    picture = os.path.join(os.path.dirname(os.path.abspath(out)), "bench-input-1080p.png")
    if not os.path.exists(picture):
        shutil.copyfile(os.path.join(peers, "input-1080p.png"), picture)
    layers = [{"name": "background", "frame": [0, 0, W, H], "contents": os.path.basename(picture)}]
    for i, L in enumerate(scene(0)):
        c = L["col"]
        layers.append({
            "name": f"layer{i}", "frame": [L["x"], L["y"], L["w"], L["h"]], "cornerRadius": L["r"], "opacity": L["op"],
            "gradient": {"colors": [[c[0], c[1], c[2], 1], [c[0] * .7, c[1] * .7, c[2] * .7, 1]]},
            "borderWidth": 1, "borderColor": [0, 0, 0, 0.25],
            "sublayers": [{"frame": [12, 12, L["w"] * 0.6, 10], "backgroundColor": "white"}],
        })
        if frames:
            layers[-1]["animations"] = drift(i)
    gx, gy, gw, gh, gr = GLASS
    layers.append({"name": "glass", "frame": [gx, gy, gw, gh], "cornerRadius": gr,
                   "backgroundFilters": [{"gaussianBlur": {"radius": BLUR_SIGMA}}],
                   "backgroundColor": [1, 1, 1, 0.18], "borderWidth": 1, "borderColor": [1, 1, 1, 0.6]})
    document = {"version": 1, "name": "peers-composite",
                "description": "The peers' compositing scene: 40 translucent rounded layers over a UI picture and one frosted-glass backdrop blur.",
                "size": [W, H], "background": [DESKTOP[0], DESKTOP[1], DESKTOP[2], 1], "layers": layers}
    if frames:
        document["clock"] = {"fps": 60, "frames": frames}
    with open(out, "w") as f:
        json.dump(document, f)


main()
