#!/usr/bin/env python3
"""Strata Studio through its HTTP API (issue 26): seek-to-pixels latency and a load test.

Starts `strata studio SCENE --port 0 [--scale S]` (the release build), then
  * latency: GETs /api/frame for every displayed frame in a shuffled order (each one rendered, not
    cached), one at a time, and with a curve changed; prints the median and p95 in ms;
  * load: CLIENTS threads seek at random (random frames and curves, each with its client id and
    seek number, as the page does) for SECONDS; prints requests/s, p50/p99 latency, the status
    counts (409: a stale seek dropped) and the server's peak RSS (VmHWM);
then checks the server still answers and stops it with SIGTERM (exit 143 expected, 128 + the signal).

Usage: scripts/benchmarks/drivers/studio_bench.py [--strata PATH] [--clients N] [--seconds S] SCENE[:SCALE] …
"""
import argparse
import json
import os
import random
import re
import signal
import statistics
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request


def get(url):
    start = time.perf_counter()
    try:
        with urllib.request.urlopen(url, timeout=60) as response:
            body = response.read()
            status = response.status
    except urllib.error.HTTPError as error:
        body, status = error.read(), error.code
    return status, body, (time.perf_counter() - start) * 1000


def percentile(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def peak_rss_mb(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def bench(strata, scene, scale, clients, seconds):
    command = [strata, "studio", scene, "--port", "0"] + (["--scale", scale] if scale else [])
    server = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    line = server.stdout.readline()
    match = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
    if not match:
        server.kill()
        sys.exit(f"strata studio did not start: {line}")
    base = f"http://127.0.0.1:{match.group(1)}"
    summary = json.loads(get(base + "/api/scene")[1])
    frames = summary["frameCount"]
    overlay = summary["overlays"][0]["id"] if summary["overlays"] else None
    rng = random.Random(26)
    print(f"{scene}{' at scale ' + scale if scale else ''}: {summary['width']}x{summary['height']} px, {frames} frames")
    order = list(range(frames))
    rng.shuffle(order)
    latencies = [get(f"{base}/api/frame?frame={k}")[2] for k in order]
    print(f"  seek to pixels, each frame once: median {statistics.median(latencies):.1f} ms, p95 {percentile(latencies, 95):.1f} ms")
    if overlay:
        curved = [get(f"{base}/api/frame?frame={k}&curve.{overlay}=log2:4")[2] for k in order[: min(frames, 30)]]
        print(f"  with a new curve:              median {statistics.median(curved):.1f} ms, p95 {percentile(curved, 95):.1f} ms")
        # Turning the curve on one frame: the layers under the overlay's come from the kept base.
        middle = frames // 3
        turning = [get(f"{base}/api/frame?frame={middle}&curve.{overlay}=log2:{2 + k / 10}")[2] for k in range(20)]
        print(f"  turning the curve on one frame: median {statistics.median(turning):.1f} ms, p95 {percentile(turning, 95):.1f} ms")
    # Load: clients seeking at random, each with its own seek numbers.
    results, lock, stop = [], threading.Lock(), time.time() + seconds

    def client(index):
        seek = 0
        local = random.Random(index)
        while time.time() < stop:
            seek += 1
            curve = f"&curve.{overlay}=log2:{local.choice([3, 4, 5, 6])}" if overlay else ""
            status, _, ms = get(f"{base}/api/frame?frame={local.randrange(frames)}{curve}&client=c{index}&seek={seek}")
            with lock:
                results.append((status, ms))

    threads = [threading.Thread(target=client, args=(i,)) for i in range(clients)]
    started = time.time()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    elapsed = time.time() - started
    ok = [ms for status, ms in results if status == 200]
    counts = {}
    for status, _ in results:
        counts[status] = counts.get(status, 0) + 1
    print(f"  load, {clients} clients for {seconds} s: {len(results) / elapsed:.0f} requests/s, "
          f"p50 {percentile(ok, 50):.1f} ms, p99 {percentile(ok, 99):.1f} ms, statuses {dict(sorted(counts.items()))}, "
          f"peak RSS {peak_rss_mb(server.pid):.0f} MB")
    status, _, _ = get(f"{base}/api/frame?frame=0")
    print(f"  after the load: /api/frame answers {status}")
    server.send_signal(signal.SIGTERM)
    code = server.wait(timeout=10)
    print(f"  SIGTERM: exit {code}\n")
    return status == 200 and code == 143


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--strata", default=".build/release/strata")
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("scenes", nargs="+")
    options = parser.parse_args()
    good = True
    for entry in options.scenes:
        scene, _, scale = entry.partition(":")
        if os.path.exists(scene):
            good = bench(options.strata, scene, scale or None, options.clients, options.seconds) and good
    sys.exit(0 if good else 1)


if __name__ == "__main__":
    main()
