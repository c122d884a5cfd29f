#!/usr/bin/env python3
"""Strata Studio under attack on loopback (issue 41): does a designer's seek still come back?

Starts `strata studio SCENE --port 0` under `ulimit -n 256` (macOS's default descriptor limit),
opens one normal client (a keep-alive connection that seeks at random, uncached frames with a
curve changed, as the page does) and, for SECONDS, at the same time:
  * 1,000 slowloris connections (a request head sent a byte every 2 s, reopened when closed, at
    most 200 openings a second),
  * one 10 MB request header,
  * 300 idle connections (nothing sent, reopened when closed),
  * a flood of ground-truth renders (8 clients, each asking for supersampled frames nonstop);
then stops the attack and prints the normal client's seek latency (median, p99, max, count), the
answers the attackers got (431 for the big header; 503, 408, closes), the server's RSS at rest,
at its peak and 3 s after, checks the server still answers, and stops it with SIGINT (exit 130).
Everything stays on 127.0.0.1 and is bounded in count and time.

Usage: scripts/benchmarks/drivers/studio_hold.py [--strata PATH] [--seconds S] SCENE
"""
import argparse
import http.client
import random
import re
import resource
import selectors
import signal
import socket
import statistics
import subprocess
import sys
import threading
import time


def rss_mb(pid, key="VmRSS:"):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith(key):
                return int(line.split()[1]) / 1024
    return float("nan")


def percentile(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--strata", default=".build/release/strata")
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("scene")
    args = parser.parse_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 8192), hard))

    server = subprocess.Popen(["bash", "-c", 'ulimit -n 256 && exec "$0" studio "$1" --port 0', args.strata, args.scene],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    line = server.stdout.readline()
    match = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
    if not match:
        server.kill()
        sys.exit(f"strata studio did not start: {line}")
    port = int(match.group(1))
    host = f"127.0.0.1:{port}"

    client = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    client.request("GET", "/api/scene")
    summary = client.getresponse().read()
    frames = int(re.search(rb'"frameCount":(\d+)', summary).group(1))
    overlay = re.search(rb'"overlays":\[\{[^]]*?"id":"([^"]+)"', summary)
    overlay = overlay.group(1).decode() if overlay else None
    for frame in range(min(frames, 5)):  # warm: the renderer's first frames
        client.request("GET", f"/api/frame?frame={frame}")
        client.getresponse().read()
    rest = rss_mb(server.pid)

    stop = threading.Event()
    outcomes = {"431": 0, "503": 0, "408": 0, "closed": 0, "opened": 0}
    latencies, statuses = [], {}

    def seek_loop():
        seek = 0
        while not stop.is_set():
            seek += 1
            frame = random.randrange(frames)
            curve = f"&curve.{overlay}=log2:{random.uniform(1, 8):.3f}" if overlay else ""
            start = time.perf_counter()
            client.request("GET", f"/api/frame?frame={frame}{curve}&client=designer&seek={seek}")
            response = client.getresponse()
            response.read()
            latencies.append((time.perf_counter() - start) * 1000)
            statuses[response.status] = statuses.get(response.status, 0) + 1
            time.sleep(0.02)

    flood_count = [0]

    def truth_flood(number):
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
        while not stop.is_set():
            connection.request("GET", f"/api/frame?frame={random.randrange(frames)}&truth=360:16&client=flood{number}")
            connection.getresponse().read()
            flood_count[0] += 1

    def big_header():
        s = socket.create_connection(("127.0.0.1", port))
        s.settimeout(30)
        try:
            s.sendall(f"GET / HTTP/1.1\r\nHost: {host}\r\nX: ".encode() + b"a" * (10 << 20) + b"\r\n\r\n")
        except OSError:
            pass
        try:
            if s.recv(64).startswith(b"HTTP/1.1 431"):
                outcomes["431"] += 1
        except OSError:
            pass
        s.close()

    def attackers():
        selector = selectors.DefaultSelector()
        kinds = {}
        budget = [0.0, 0]

        def open_one(kind):
            now = time.monotonic()
            if now - budget[0] >= 1:
                budget[0], budget[1] = now, 0
            if budget[1] >= 200:
                return False
            budget[1] += 1
            s = socket.socket()
            s.setblocking(False)
            try:
                s.connect(("127.0.0.1", port))
            except BlockingIOError:
                pass
            except OSError:
                s.close()
                return False
            kinds[s] = [kind, time.monotonic(), False]
            selector.register(s, selectors.EVENT_READ)
            outcomes["opened"] += 1
            return True

        wanted = {"slow": 1000, "idle": 300}
        while not stop.is_set():
            live = {"slow": 0, "idle": 0}
            for info in kinds.values():
                live[info[0]] += 1
            for kind, count in wanted.items():
                for _ in range(count - live[kind]):
                    if not open_one(kind):
                        break
            now = time.monotonic()
            for s, info in list(kinds.items()):
                if info[0] == "slow" and now - info[1] >= 2:
                    try:
                        s.send(b"GET / HTTP/1.1\r\n" if not info[2] else b"X")
                        info[2], info[1] = True, now
                    except OSError:
                        pass
            for key, _ in selector.select(timeout=0.2):
                s = key.fileobj
                try:
                    data = s.recv(4096)
                except OSError:
                    data = b""
                for code in ("503", "408"):
                    if data.startswith(f"HTTP/1.1 {code}".encode()):
                        outcomes[code] += 1
                if not data or data.startswith(b"HTTP/1.1 "):
                    outcomes["closed"] += 1
                    selector.unregister(s)
                    s.close()
                    kinds.pop(s, None)
        for s in list(kinds):
            s.close()

    threads = [threading.Thread(target=seek_loop), threading.Thread(target=big_header), threading.Thread(target=attackers)]
    threads += [threading.Thread(target=truth_flood, args=(number,)) for number in range(8)]
    for thread in threads:
        thread.start()
    peak = rest
    deadline = time.monotonic() + args.seconds
    while time.monotonic() < deadline and server.poll() is None:
        peak = max(peak, rss_mb(server.pid))
        time.sleep(0.5)
    stop.set()
    for thread in threads:
        thread.join()
    alive = server.poll() is None
    time.sleep(3)
    after = rss_mb(server.pid) if alive else float("nan")
    answered = False
    if alive:
        check = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        check.request("GET", "/api/scene")
        answered = check.getresponse().status == 200
    server.send_signal(signal.SIGINT)
    status = server.wait(timeout=30)

    print(f"studio under attack for {args.seconds:.0f} s ({args.scene}, ulimit -n 256):")
    if latencies:
        print(f"  designer's seeks: {len(latencies)}, median {statistics.median(latencies):.1f} ms, "
              f"p99 {percentile(latencies, 99):.1f} ms, max {max(latencies):.1f} ms, statuses {statuses}")
    print(f"  attackers: {outcomes['opened']} connections opened; 10 MB header answered 431: {outcomes['431'] == 1}; "
          f"503 {outcomes['503']}, 408 {outcomes['408']}, closed {outcomes['closed']}; ground-truth frames served to the flood: {flood_count[0]}")
    print(f"  server RSS: {rest:.1f} MB at rest, {peak:.1f} MB peak, {after:.1f} MB 3 s after ({after / rest:.2f}× rest)")
    print(f"  server alive throughout: {alive}, answering after: {answered}, exit on SIGINT: {status}")
    ok = alive and answered and status == 130 and latencies and percentile(latencies, 99) < 250 and after < 2 * rest
    print("  holds" if ok else "  DOES NOT HOLD")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
