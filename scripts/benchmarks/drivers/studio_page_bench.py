#!/usr/bin/env python3
"""Strata Studio's page in headless Chromium (Playwright), timed as a designer feels it (issue 41):

  * first frame: from opening the page to the first exact frame's pixels decoded;
  * seek → pixels: the scrubber set to each displayed frame once, in a shuffled order (uncached on
    the page and on the server), to the exact frame's pixels decoded: median and p95;
  * play: images shown per second at the clock's rate, in the first loop (until the page holds every
    frame) and in the three seconds after it.

Usage: scripts/benchmarks/drivers/studio_page_bench.py [--strata PATH] SCENE[:SCALE] …
"""
import argparse
import random
import re
import shutil
import signal
import statistics
import subprocess
import sys

from playwright.sync_api import sync_playwright

# In the page: seek to FRAME and resolve with the milliseconds until the exact frame's pixels (the
# frame is a canvas, labelled once the decoded picture is drawn on it; an image, once decoded).
SEEK = """async (frame) => {
  const image = document.getElementById('frame'), start = performance.now();
  const scrub = document.getElementById('scrub');
  scrub.value = String(frame);
  scrub.dispatchEvent(new Event('input'));
  const isImage = image.tagName === 'IMG';
  while (!(image.dataset.frame === String(frame) && !image.classList.contains('provisional') && (!isImage || (image.complete && image.naturalWidth)))) {
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  if (isImage) await image.decode();
  return performance.now() - start;
}"""

# In the page: play, counting the pictures shown in each second, until every frame has been kept
# on the page (the first loop: frames render as they come) and three seconds more, at most 60 s.
# Resolves with the counts and the second in which the page held every frame.
PLAY = """async () => {
  const image = document.getElementById('frame');
  const shownNow = () => image.tagName === 'IMG' ? image.src : image.dataset.drawn;
  const allKept = () => { const prefix = keptPrefix(); let n = 0; for (const key of kept.keys()) if (key.startsWith(prefix)) n++; return n >= state.scene.frameCount; };
  let shown = 0, last = shownNow();
  const counts = [];
  const watch = setInterval(() => { const now = shownNow(); if (now !== last) { last = now; shown++; } }, 2);
  document.getElementById('play').click();
  let loop = null;
  while (counts.length < 60 && (loop === null || counts.length < loop + 4)) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    counts.push(shown);
    shown = 0;
    if (loop === null && allKept()) loop = counts.length - 1;
  }
  document.getElementById('play').click();
  clearInterval(watch);
  return [counts, loop];
}"""


def percentile(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def bench(strata, scene, scale, browser):
    command = [strata, "studio", scene, "--port", "0"] + (["--scale", scale] if scale else [])
    server = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    match = re.search(r"http://127\.0\.0\.1:(\d+)/", server.stdout.readline())
    if not match:
        server.kill()
        sys.exit("strata studio did not start")
    url = f"http://127.0.0.1:{match.group(1)}/"
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.goto(url)
    page.wait_for_function("document.getElementById('frame').dataset.sha256", polling=1)
    first = page.evaluate("performance.now()")  # since the navigation began
    frames = int(page.evaluate("state.scene.frameCount"))
    order = list(range(frames))
    random.Random(41).shuffle(order)
    seeks = [page.evaluate(SEEK, frame) for frame in order if frame != 0]
    fps = page.evaluate("state.scene.fps")
    # Play: a fresh curve, so that the first loop is uncached; then three seconds more.
    page.evaluate("""() => { const input = document.querySelector('.overlay .curve');
                            if (input) { input.value = 'log2:4.5'; input.dispatchEvent(new Event('change')); } }""")
    page.wait_for_timeout(500)
    counts, loop = page.evaluate(PLAY)
    loop_seconds = (loop if loop is not None else len(counts) - 3) + 1
    page.close()
    server.send_signal(signal.SIGTERM)
    server.wait(timeout=30)
    label = f"{scene} at scale {scale or 1}"
    print(f"{label}: {frames} frames at {fps} fps")
    print(f"  first frame after load: {first:.0f} ms")
    print(f"  seek → pixels, each frame once (uncached): median {statistics.median(seeks):.1f} ms, p95 {percentile(seeks, 95):.1f} ms")
    print(f"  play at {fps} fps: images per second {counts} (first loop, until every frame is on the page: the first {loop_seconds}; after it: {statistics.median(counts[loop_seconds:]):.0f})")
    return statistics.median(seeks), percentile(seeks, 95), counts[loop_seconds:]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--strata", default=".build/release/strata")
    parser.add_argument("scenes", nargs="+")
    args = parser.parse_args()
    executable = shutil.which("chromium") or shutil.which("chromium-browser")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=executable, args=["--no-sandbox"])
        for item in args.scenes:
            scene, _, scale = item.partition(":")
            bench(args.strata, scene, scale or None, browser)
        browser.close()


if __name__ == "__main__":
    main()
