#!/usr/bin/env python3
"""OpenCV's GaussianBlur (6σ+1 taps, one thread) on the peers' 1080p input, against the medians
strata-bench just wrote to out/bench-blur.json, in the same run.
Usage: python3 scripts/benchmarks/peers/blur_peers.py PEERS_DIR   (needs opencv-python-headless)"""
import json
import os
import statistics
import sys
import time

try:
    import cv2
except ImportError:
    print("(OpenCV is not installed: pip install opencv-python-headless to compare with cv2.GaussianBlur)")
    sys.exit(0)

RUNS = int(os.environ.get("STRATA_BENCH_RUNS", "11"))
cv2.setNumThreads(1)
image = cv2.imread(os.path.join(sys.argv[1], "input-1080p.png"), cv2.IMREAD_UNCHANGED)
print(f"Gaussian blur against OpenCV {cv2.__version__} GaussianBlur, one thread, same input, same run (median of {RUNS}):")
print(f"  {'σ':>4}{'strata ms':>12}{'OpenCV ms':>12}{'strata speed':>15}")
for entry in json.load(open("out/bench-blur.json")):
    sigma = entry["sigma"]
    if sigma > 40:
        continue  # OpenCV's 6σ+1 taps take seconds there
    taps = int(6 * sigma + 1) | 1
    cv2.GaussianBlur(image, (taps, taps), sigma)  # warm-up
    times = []
    for _ in range(RUNS):
        start = time.perf_counter()
        cv2.GaussianBlur(image, (taps, taps), sigma)
        times.append((time.perf_counter() - start) * 1000)
    opencv = statistics.median(times)
    print(f"  {sigma:>4g}{entry['median_ms']:>12.1f}{opencv:>12.1f}{opencv / entry['median_ms']:>14.2f}×")
print("  (targets: σ 4 ≥ 1×, σ 10 ≥ 2×)\n")
