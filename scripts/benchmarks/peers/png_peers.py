"""OpenCV's PNG encoder on the frames `strata-bench` just encoded, in the same run, and the ratios.

Reads out/bench-png.json (Strata's and cairo's medians per frame, written by strata-bench) and the
frames out/bench-png-K.png; times cv2.imencode with IMWRITE_PNG_STRATEGY_RLE + IMWRITE_PNG_FILTER_PAETH
(straight BGRA, encoded and written to a file, like the others) and prints one table.
Usage: python3 scripts/benchmarks/peers/png_peers.py   (needs opencv-python-headless: pip install it)
"""
import json
import os
import statistics
import sys
import tempfile
import time

try:
    import cv2
except ImportError:
    print("(OpenCV is not installed: pip install opencv-python-headless to compare with cv2.imencode)")
    sys.exit(0)

RUNS = int(os.environ.get("STRATA_BENCH_RUNS", "11"))
report = json.load(open("out/bench-png.json"))
params = [cv2.IMWRITE_PNG_STRATEGY, cv2.IMWRITE_PNG_STRATEGY_RLE, cv2.IMWRITE_PNG_FILTER, cv2.IMWRITE_PNG_FILTER_PAETH]
path = os.path.join(tempfile.mkdtemp(), "opencv.png")
print(f"PNG modes against the peers, same frames, same run (median of {RUNS}; encode + write; OpenCV {cv2.__version__}):")
header = f"  {'frame':44}{'mode':10}{'ms':>8}{'KB':>7}{'vs cairo: speed':>17}{'size':>7}{'vs OpenCV RLE+Paeth: speed':>28}{'size':>7}"
print(header)
for entry in report:
    image = cv2.imread(entry["file"], cv2.IMREAD_UNCHANGED)
    times = []
    for run in range(RUNS + 1):
        start = time.perf_counter()
        ok, data = cv2.imencode(".png", image, params)
        with open(path, "wb") as f:
            f.write(data.tobytes())
        if run:
            times.append((time.perf_counter() - start) * 1e3)
    opencv = {"ms": statistics.median(times), "bytes": len(data)}
    cairo = entry["cairo_surface_write_to_png"]
    rows = [("fast", entry["strata fast (default)"]), ("compact", entry["strata compact (default: libdeflate 6)"]),
            ("cairo", cairo), ("OpenCV", opencv)]
    for mode, r in rows:
        print(f"  {entry['label'][:43]:44}{mode:10}{r['ms']:8.1f}{r['bytes'] / 1000:7.0f}"
              f"{cairo['ms'] / r['ms']:16.2f}×{r['bytes'] / cairo['bytes']:6.2f}×"
              f"{opencv['ms'] / r['ms']:27.2f}×{r['bytes'] / opencv['bytes']:6.2f}×")
    print()
