#!/usr/bin/env python3
"""Same bytes on every CPU: renders every scene of the catalogue (Scenes/*.yaml) natively and under
qemu-user at older CPU levels, and compares every frame byte for byte.

  -cpu Nehalem   no AVX2, no FMA (the kernels' AVX2 paths are not taken)
  -cpu qemu64    no SSE4.1 either

Strata picks its vector code at run time; these levels make it take the other paths, which must
give the same bytes (docs/robustness.md). Debian's qemu-user; scripts/test --deep installs it.
Usage: python3 scripts/reference/cpu_levels.py STRATA [--cpus Nehalem,qemu64] [--jobs N]
Exit 0 when every frame matches, 1 when one differs (each named), 69 without qemu-x86_64.
"""
import argparse
import concurrent.futures
import filecmp
import glob
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def render(strata, scene, out, cpu=None):
    command = ([shutil.which("qemu-x86_64"), "-cpu", cpu] if cpu else []) + [strata, "render", scene, "--out", out, "--jobs", "1", "--quiet"]
    completed = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    if completed.returncode != 0:
        return f"{' '.join(command)} exited {completed.returncode}: {completed.stderr.strip()[-400:]}"
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("strata")
    parser.add_argument("--cpus", default="Nehalem,qemu64")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    if shutil.which("qemu-x86_64") is None:
        print("cpu_levels: qemu-x86_64 is missing (sudo apt-get install qemu-user; scripts/test --deep installs it)", file=sys.stderr)
        return 69
    strata = os.path.abspath(args.strata)
    scenes = sorted(glob.glob(os.path.join(ROOT, "Scenes", "*.yaml")))
    cpus = [cpu for cpu in args.cpus.split(",") if cpu]
    scratch = tempfile.mkdtemp(prefix="strata-cpu-levels-")
    try:
        work = [(scene, cpu) for scene in scenes for cpu in [None] + cpus]
        with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
            futures = {pool.submit(render, strata, scene, os.path.join(scratch, cpu or "native", os.path.basename(scene)), cpu): (scene, cpu)
                       for scene, cpu in work}
            failures = [error for future in futures if (error := future.result())]
        if failures:
            print("\n".join(failures), file=sys.stderr)
            return 1
        frames, differing = 0, []
        for scene in scenes:
            name = os.path.basename(scene)
            native = os.path.join(scratch, "native", name)
            for file in sorted(f for f in os.listdir(native) if f.startswith("frame-")):
                frames += 1
                for cpu in cpus:
                    if not filecmp.cmp(os.path.join(native, file), os.path.join(scratch, cpu, name, file), shallow=False):
                        differing.append(f"{name} {file} under -cpu {cpu}")
        print(f"cpu levels: {frames} frames of {len(scenes)} scenes, natively and under -cpu {', '.join(cpus)}: "
              f"{frames - len(set(d.rsplit(' under', 1)[0] for d in differing))} of {frames} identical at every level")
        for line in differing:
            print(f"  differs: {line}", file=sys.stderr)
        return 1 if differing else 0
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
