#!/usr/bin/env python3
"""End to end through the CLI, against pycairo + OpenCV in the same run.

The peers' compositing scene (../shared/bench/peers/bench_composite.py) animated as the peers
animate it (40 cards drifting and pulsing, no two neighbouring frames equal), written as a Strata
scene by scripts/benchmarks/scenes/composite_scene.py:
  * `strata render --jobs 2` of 120 frames (3 runs: fastest and median wall time, process start
    and every PNG file written included);
  * the peers' pycairo renderer + cv2.imencode (IMWRITE_PNG_COMPRESSION=1, one thread) over the
    same 120 frames, each PNG written to a file too;
  * peak RSS of `strata render --jobs 2` at 50 and at 1,000 frames (os.wait4's ru_maxrss).
Usage: python3 scripts/benchmarks/drivers/cli_bench.py PEERS_DIR [--quick]
"""
import os
import statistics
import subprocess
import sys
import tempfile
import time

peers = os.path.abspath(sys.argv[1])
quick = "--quick" in sys.argv
strata = os.path.abspath(".build/release/strata")
scratch = tempfile.mkdtemp(prefix="strata-cli-bench-")


def scene(frames):
    path = f"out/bench-composite-{frames}.json"
    subprocess.run([sys.executable, "scripts/benchmarks/scenes/composite_scene.py", peers, path, str(frames)], check=True)
    return path


def render(path, jobs=2):
    """Wall seconds and peak RSS (KiB) of one `strata render` process."""
    out = os.path.join(scratch, os.path.basename(path))
    argv = [strata, "render", path, "--out", out, "--jobs", str(jobs), "--overwrite", "--quiet"]
    start = time.perf_counter()
    process = subprocess.Popen(argv)
    _, status, usage = os.wait4(process.pid, 0)
    seconds = time.perf_counter() - start
    if status != 0:
        sys.exit(f"cli_bench: {' '.join(argv)} failed ({status})")
    return seconds, usage.ru_maxrss


def peer_fps(frames):
    """pycairo + OpenCV over the same frames on one core, each PNG written to a file."""
    sys.path.insert(0, peers)
    try:
        import cv2
        import common
        import bench_composite
    except ImportError as error:
        print(f"  (peers not installed: {error}; pip install pycairo opencv-python-headless)")
        return None
    common.set_threads(1)
    renderer = bench_composite.CairoRenderer(common.load_rgba(), clip_groups=True)
    path = os.path.join(scratch, "peer.png")
    renderer.render(0)  # warm-up
    start = time.perf_counter()
    for f in range(frames):
        renderer.render(f)
        with open(path, "wb") as file:
            file.write(renderer.png_cv())
    return frames / (time.perf_counter() - start)


def main():
    frames = 120
    path = scene(frames)
    render(path)  # warm-up: page cache, binary
    runs = sorted(render(path)[0] for _ in range(1 if quick else 3))
    fastest, median = frames / runs[0], frames / statistics.median(runs)
    print(f"End to end through the CLI: the peers' compositing scene animated, {frames} frames of 1920×1080, PNG fast")
    print(f"  strata render --jobs 2      {median:6.1f} frames/s median, {fastest:6.1f} fastest ({len(runs)} runs)")
    peer = peer_fps(frames)
    if peer:
        cores = min(2, os.cpu_count() or 1)
        print(f"  pycairo + OpenCV, 1 core    {peer:6.1f} frames/s")
        print(f"  per core: strata {median / cores:.1f} vs peer {peer:.1f} frames/s → {median / cores / peer:.2f}× (target ≥ 6×)")
    small, large = scene(50), scene(1000)
    rss_small, rss_large = render(small)[1], render(large)[1]
    print(f"  peak RSS, --jobs 2: 50 frames {rss_small / 1024:.1f} MiB, 1,000 frames {rss_large / 1024:.1f} MiB"
          f" → {rss_large / rss_small:.3f}× (target ≤ 1.05×)")
    print("")


main()
