#!/usr/bin/env python3
"""Issue 29's benchmark scene: a 200×200 card animating over a still 1920×1080 interface of 50
layers (strata-bench's UI frame: a gradient wallpaper, a sidebar of 12 text rows, 12 cards with a
photo and a badge or a title), 120 frames at 60 fps. The photo is Scenes/assets' one, copied next
to the scene. With FRAMES (default 120) the clock runs that long and the card goes back and
forth (2 s each way) all the while: for peak memory over a long run.
Usage: python3 scripts/benchmarks/scenes/damage_scene.py OUT.yaml [FRAMES]
"""
import os
import shutil
import sys

out = sys.argv[1]
frames = int(sys.argv[2]) if len(sys.argv) > 2 else 120
folder = os.path.dirname(os.path.abspath(out))
os.makedirs(folder, exist_ok=True)
root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
photo = sorted(name for name in os.listdir(os.path.join(root, "Scenes", "assets")) if name.endswith(".png"))[0]
shutil.copy(os.path.join(root, "Scenes", "assets", photo), os.path.join(folder, "damage-photo.png"))

lines = [
    "version: 1",
    "description: A white 200x200 card with a shadow slides and turns across a still 1080p interface of 50 layers.",
    "size: [1920, 1080]",
    f"clock: {{fps: 60, frames: {frames}}}",
    "layers:",
    "  - {name: wallpaper, frame: [0, 0, 1920, 1080], gradient: {colors: ['#283593', '#8e24aa'], startPoint: [0.5, 0], endPoint: [0.5, 1]}}",
    "  - name: sidebar",
    "    frame: [0, 0, 320, 1080]",
    "    backgroundColor: '#ffffffe6'",
    "    opacity: 0.92",
    "    sublayers:",
]
for row in range(12):
    lines.append(f"      - {{name: item{row}, frame: [24, {40 + row * 80}, 272, 56], text: {{string: 'Navigation item {row + 1}', size: 22, color: '#222233'}}}}")
for index in range(12):
    column, row = index % 4, index // 4
    lines += [f"  - name: card{index}",
              f"    frame: [{360 + column * 385}, {120 + row * 310}, 360, 280]",
              "    backgroundColor: white", "    cornerRadius: 18", "    masksToBounds: true", "    sublayers:",
              f"      - {{name: image{index}, frame: [0, 0, 360, 170], contents: damage-photo.png, contentsGravity: resizeAspectFill, masksToBounds: true}}"]
    if index % 3 == 0:
        lines.append(f"      - {{name: badge{index}, frame: [290, 190, 50, 50], gradient: {{type: radial, colors: ['#ffeb3b', '#ff5722'], startPoint: [0.5, 0.5], endPoint: [1, 1]}}, cornerRadius: 25, opacity: 0.8}}")
    else:
        lines.append(f"      - {{name: title{index}, frame: [20, 190, 320, 60], text: {{string: 'Card title {index}', size: 20, color: '#333344'}}}}")
# Longer runs: there and back (4 s) as often as the frames last.
repeat = "" if frames <= 120 else f", autoreverses: true, repeatCount: {(frames + 239) // 240}"
lines += ["  - name: moving",
          "    frame: [400, 200, 200, 200]",
          "    backgroundColor: white",
          "    cornerRadius: 24",
          "    shadow: {color: black, opacity: 0.4, offset: [0, 8], radius: 16}",
          "    animations:",
          "      - {keyPath: position.x, from: 500, to: 1500, duration: 2, timingFunction: easeInEaseOut" + repeat + "}",
          "      - {keyPath: position.y, from: 300, to: 780, duration: 2, timingFunction: easeInEaseOut" + repeat + "}"]
with open(out, "w") as handle:
    handle.write("\n".join(lines) + "\n")
