#!/usr/bin/env python3
"""A 50-plane transform layer for issue 37's depth-sort cost (scripts/bench): `star` — 50 planes round
one vertical axis, every one meeting every other (the BSP's worst case: each plane is split), turning
for 30 ticks — or `ring` — 50 cards 20 pt wide on a carousel of radius 180 (22.6 pt apart) that turns, none meeting another.

    depth_scene.py star|ring > scene.yaml
"""
import math
import sys

kind = sys.argv[1] if len(sys.argv) > 1 else "star"
colours = ["#e6194b", "#3cb44b", "#ffe119", "#4363d8", "#f58231", "#911eb4", "#46f0f0", "#f032e6", "#bcf60c", "#fabebe"]
lines = ["version: 1", f"description: 50 planes in one transform layer ({kind}), turning", "size: [480, 320]", "background: black",
         "clock: {fps: 30, duration: 1}", "layers:", "  - name: stage", "    frame: [0, 0, 480, 320]",
         "    sublayerTransform: [{perspective: 800}]", "    sublayers:", "      - name: world", "        transformLayer: true",
         "        frame: [0, 0, 480, 320]",
         "        animations: [{keyPath: transform.rotation.y, from: 0, to: 0.6, duration: 1}]", "        sublayers:"]
for i in range(50):
    angle = 360.0 * i / 50
    colour = colours[i % len(colours)]
    if kind == "star":
        lines.append(f"          - {{frame: [140, 60, 200, 200], backgroundColor: \"{colour}\", opacity: 0.9, "
                     f"transform: [{{rotateY: {{degrees: {angle / 2:.3f}}}}}]}}")
    else:
        lines.append(f"          - {{frame: [230, 120, 20, 80], backgroundColor: \"{colour}\", "
                     f"transform: [{{translateZ: 180}}, {{rotateY: {{degrees: {angle:.3f}}}}}]}}")
print("\n".join(lines))
