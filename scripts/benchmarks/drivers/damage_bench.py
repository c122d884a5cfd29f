#!/usr/bin/env python3
"""Issue 29's figures: frames redrawn only where they changed, against the same frames drawn in
full, through the CLI in the same run.

  * the damage scene (scripts/benchmarks/scenes/damage_scene.py: a 200×200 card with a shadow sliding over a still
    1080p interface of 50 layers, 120 frames): `strata render --jobs 2` with damage (the default)
    and with --no-damage;
  * the peers' composite scene (scripts/benchmarks/scenes/composite_scene.py, 120 frames, every card moving):
    the same two ways — damage finds nothing to save there and must cost nothing.
Runs alternate between the two ways (3 each, 5 without --quick), each into a new folder after
a sync (all deleted at the end); wall time includes process start and every PNG written. Prints the fastest and the median frames/s and their ratios, and
writes out/bench-damage.json. With --baseline [LABEL=]STRATA (as often as wanted), another build's
binary (an earlier commit) is timed the same way on the same scenes, for "no slower than before".
Usage: python3 scripts/benchmarks/drivers/damage_bench.py COMPOSITE_SCENE [--quick] [--baseline [LABEL=]STRATA]…
"""
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

arguments = sys.argv[1:]
quick = "--quick" in arguments
# --baseline [LABEL=]STRATA, as often as wanted: other builds timed the same way.
baselines = []
for index, argument in enumerate(arguments[:-1]):
    if argument == "--baseline":
        label, _, path = arguments[index + 1].rpartition("=")
        baselines.append((label or "baseline", path))
composite = [a for a in arguments if a.endswith(".json") or a.endswith(".yaml")][0]
strata = os.path.abspath(".build/release/strata")
scratch = tempfile.mkdtemp(prefix="strata-damage-bench-")
runs = 3 if quick else 5
card = os.path.join(scratch, "card", "card.yaml")
subprocess.run([sys.executable, "scripts/benchmarks/scenes/damage_scene.py", card], check=True)


folders = iter(range(1_000_000))


def render(binary, scene, extra):
    out = os.path.join(scratch, f"frames-{next(folders)}")
    # Every run writes into a new folder, after the writes of the runs before are on disk (not
    # timed): replacing files, or the last run's write-back, would be charged to this one. The
    # folders are deleted at the end, not between runs: ext4 does not hand out an inode freed in
    # the last minute or so again, and its search past them on every file created would charge a
    # deletion to the next run too (a few per cent, measured).
    os.sync()
    argv = [binary, "render", scene, "--out", out, "--jobs", "2", "--quiet"] + extra
    start = time.perf_counter()
    subprocess.run(argv, check=True)
    seconds = time.perf_counter() - start
    frames = len([name for name in os.listdir(out) if name.endswith(".png")])
    return frames / seconds


def compare(label, scene):
    ways = {"damage": (strata, []), "no damage": (strata, ["--no-damage"])}
    for name, path in baselines:
        ways[name] = (os.path.abspath(path), [])
    samples = {way: [] for way in ways}
    for _ in range(runs):
        for way, (binary, extra) in ways.items():
            samples[way].append(render(binary, scene, extra))
    result = {}
    print(f"{label}, 120 frames, --jobs 2, frames/s (fastest, median of {runs}):")
    for way, fps in samples.items():
        result[way] = {"fastest": max(fps), "median": statistics.median(fps)}
        print(f"  {way:<12} {max(fps):7.1f} {statistics.median(fps):7.1f}")
    for way in ways:
        if way != "damage":
            fastest = result["damage"]["fastest"] / result[way]["fastest"]
            median = result["damage"]["median"] / result[way]["median"]
            print(f"  damage vs {way}: {fastest:.2f}× (fastest), {median:.2f}× (median)")
    return result


def peak_rss(frames):
    """Peak RSS (MiB) of `strata render --jobs 2` of the card scene over `frames` frames."""
    scene = os.path.join(scratch, f"long-{frames}", "card.yaml")
    subprocess.run([sys.executable, "scripts/benchmarks/scenes/damage_scene.py", scene, str(frames)], check=True)
    out = os.path.join(scratch, "long-frames")
    process = subprocess.Popen([strata, "render", scene, "--out", out, "--jobs", "2", "--overwrite", "--quiet"])
    _, status, usage = os.wait4(process.pid, 0)
    if status != 0:
        sys.exit(f"damage_bench: rendering {frames} frames failed ({status})")
    shutil.rmtree(out, ignore_errors=True)
    return usage.ru_maxrss / 1024


report = {"card": compare("A 200×200 card over a still 1080p interface", card),
          "composite": compare("The peers' composite scene (everything moves)", composite)}
lengths = [120, 1200] if quick else [120, 2400]
report["peak_rss_mib"] = {str(frames): peak_rss(frames) for frames in lengths}
print("Peak RSS of the card scene, --jobs 2: " + ", ".join(f"{frames} frames {mib:.0f} MiB" for frames, mib in report["peak_rss_mib"].items()))
os.makedirs("out", exist_ok=True)
with open("out/bench-damage.json", "w") as handle:
    json.dump(report, handle, indent=2, sort_keys=True)
shutil.rmtree(scratch, ignore_errors=True)
