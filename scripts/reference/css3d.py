#!/usr/bin/env python3
"""Independent references for Strata's 3-D transforms, used by Tests/StrataRenderTests/Transform3DReferenceTests.

  css3d.py corners CASES.json   -> projected corners of boxes under CSS transform lists (numpy)
  css3d.py warp FLAT.png H.json OUT.png WIDTH HEIGHT
                                -> OpenCV warpPerspective (bilinear) of a flat layer image

Matrices follow CSS Transforms 1/2 as written there: column vectors, a transform list f1 f2 … fn
is the product F1·F2·…·Fn (fn applied first), transform-origin at the box's centre, perspective(d)
puts -1/d in row 4, column 3; rotate3d uses the spec's sin/cos-of-half-angle form.
"""
import json
import math
import sys

import numpy as np


def rotate3d(x, y, z, degrees):
    length = math.sqrt(x * x + y * y + z * z)
    x, y, z = x / length, y / length, z / length
    a = math.radians(degrees)
    sc = math.sin(a / 2) * math.cos(a / 2)
    sq = math.sin(a / 2) ** 2
    return np.array([
        [1 - 2 * (y * y + z * z) * sq, 2 * (x * y * sq - z * sc), 2 * (x * z * sq + y * sc), 0],
        [2 * (x * y * sq + z * sc), 1 - 2 * (x * x + z * z) * sq, 2 * (y * z * sq - x * sc), 0],
        [2 * (x * z * sq - y * sc), 2 * (y * z * sq + x * sc), 1 - 2 * (x * x + y * y) * sq, 0],
        [0, 0, 0, 1]])


def function_matrix(step):
    name, args = step[0], step[1:]
    m = np.identity(4)
    if name == "perspective":
        m[3, 2] = -1.0 / args[0]
    elif name == "translate3d":
        m[0, 3], m[1, 3], m[2, 3] = args
    elif name == "scale3d":
        m[0, 0], m[1, 1], m[2, 2] = args
    elif name == "rotateX":
        m = rotate3d(1, 0, 0, args[0])
    elif name == "rotateY":
        m = rotate3d(0, 1, 0, args[0])
    elif name == "rotateZ":
        m = rotate3d(0, 0, 1, args[0])
    elif name == "rotate3d":
        m = rotate3d(*args)
    else:
        raise SystemExit(f"unknown function {name}")
    return m


def corners(cases):
    result = []
    for case in cases:
        m = np.identity(4)
        for step in case["css"]:
            m = m @ function_matrix(step)
        left, top, width, height = case["box"]
        ox, oy = left + width / 2, top + height / 2
        points = []
        for x, y in [(left, top), (left + width, top), (left + width, top + height), (left, top + height)]:
            p = m @ np.array([x - ox, y - oy, 0.0, 1.0])
            points.append([p[0] / p[3] + ox, p[1] / p[3] + oy] if p[3] > 0 else None)
        result.append(points)
    return result


def warp(flat, homography, out, width, height):
    import cv2
    image = cv2.imread(flat, cv2.IMREAD_UNCHANGED)  # BGR(A), straight alpha
    if image.shape[2] == 3:
        image = np.concatenate([image, np.full(image.shape[:2] + (1,), 255, np.uint8)], axis=2)
    alpha = image[:, :, 3:4].astype(np.float64) / 255.0
    premultiplied = np.concatenate([image[:, :, :3] * alpha, image[:, :, 3:4]], axis=2).astype(np.float32)
    h = np.array(json.load(open(homography)), dtype=np.float64).reshape(3, 3)
    warped = cv2.warpPerspective(premultiplied, h, (width, height), flags=cv2.INTER_LINEAR,
                                 borderMode=cv2.BORDER_CONSTANT, borderValue=(0, 0, 0, 0))
    a = warped[:, :, 3:4]
    colour = np.where(a > 0, warped[:, :, :3] * 255.0 / np.maximum(a, 1e-9), 0)
    result = np.concatenate([np.clip(colour, 0, 255), a], axis=2)
    cv2.imwrite(out, np.rint(result).astype(np.uint8))


if __name__ == "__main__":
    if sys.argv[1] == "corners":
        print(json.dumps(corners(json.load(open(sys.argv[2])))))
    elif sys.argv[1] == "warp":
        warp(sys.argv[2], sys.argv[3], sys.argv[4], int(sys.argv[5]), int(sys.argv[6]))
    else:
        raise SystemExit(__doc__)
