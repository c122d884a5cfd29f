#!/usr/bin/env python3
"""Issue 27: the peers' compositing scene (120 frames of 1920×1080, as scripts/benchmarks/drivers/cli_bench.py makes
it) to H.264 two ways, in the same run, alternating:
  * pipe: `strata render SCENE --video out.mp4 --jobs 2` (raw frames through a pipe to ffmpeg);
  * PNG then ffmpeg: `strata render SCENE --out DIR --jobs 2`, then ffmpeg reading the PNGs
    with the same codec settings (libx264, preset medium, CRF 18, yuv420p, BT.709).
Wall time of each (process starts included), frames/s, and the ratio. Both videos are checked
to hold 120 frames. Usage: python3 scripts/benchmarks/drivers/video_bench.py SCENE.json [--quick]
"""
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

scene = sys.argv[1]
quick = "--quick" in sys.argv
strata = os.path.abspath(".build/release/strata")
ffmpeg = shutil.which("ffmpeg")
if ffmpeg is None:
    sys.exit("video_bench: ffmpeg is not installed (sudo apt-get install ffmpeg)")
scratch = tempfile.mkdtemp(prefix="strata-video-bench-")
with open(scene) as handle:
    fps = json.load(handle)["clock"]["fps"]


def timed(argv):
    start = time.perf_counter()
    subprocess.run(argv, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def frames(path):
    out = subprocess.run(["ffprobe", "-v", "error", "-select_streams", "v:0", "-count_packets", "-show_entries",
                          "stream=nb_read_packets", "-of", "csv=p=0", path], capture_output=True, text=True, check=True)
    return int(out.stdout.strip())


def pipe():
    video = os.path.join(scratch, "pipe.mp4")
    seconds = timed([strata, "render", scene, "--video", video, "--jobs", "2", "--overwrite", "--quiet"])
    return seconds, frames(video)


def png_then_ffmpeg():
    folder = os.path.join(scratch, "frames")
    video = os.path.join(scratch, "png.mp4")
    seconds = timed([strata, "render", scene, "--out", folder, "--jobs", "2", "--overwrite", "--quiet"])
    seconds += timed([ffmpeg, "-hide_banner", "-nostdin", "-loglevel", "error", "-y", "-framerate", str(fps),
                      "-i", os.path.join(folder, "frame-%05d.png"), "-vf", "scale=out_color_matrix=bt709:out_range=tv,format=yuv420p",
                      "-c:v", "libx264", "-preset", "medium", "-crf", "18", "-colorspace", "bt709", "-color_primaries", "bt709",
                      "-color_trc", "iec61966-2-1", "-color_range", "tv", "-movflags", "+faststart", video])
    return seconds, frames(video)


runs = 1 if quick else 3
piped, pngs = [], []
for _ in range(runs):
    seconds, count = pipe()
    piped.append(seconds)
    assert count == 120, f"the piped video has {count} frames"
    seconds, count = png_then_ffmpeg()
    pngs.append(seconds)
    assert count == 120, f"the PNG-made video has {count} frames"
shutil.rmtree(scratch, ignore_errors=True)
print("Video (issue 27): the peers' compositing scene, 120 frames of 1920×1080, to H.264 (medium, CRF 18), --jobs 2")
for name, times in [("pipe: strata render --video", piped), ("PNG, then ffmpeg on the PNGs", pngs)]:
    median = statistics.median(times)
    print(f"  {name:32s} fastest {min(times):6.2f} s  median {median:6.2f} s  = {120 / median:5.1f} frames/s")
print(f"  pipe / PNG-then-ffmpeg: median {statistics.median(piped) / statistics.median(pngs):.2f}×, fastest {min(piped) / min(pngs):.2f}×")
