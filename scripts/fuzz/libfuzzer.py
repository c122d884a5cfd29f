#!/usr/bin/env python3
"""Coverage-guided fuzzing with libFuzzer under AddressSanitizer and UBSan (scripts/fuzz/campaign.py --libfuzzer).

Builds Fuzz/StrataFuzz (the entry point) over Sources/StrataFuzzTargets with Swift's
-sanitize=fuzzer,address,undefined and the C targets with -fsanitize=fuzzer-no-link,address,undefined
into .build-fuzz/, seeds each target's corpus (the catalogue's scenes, the PngSuite fixtures,
Fuzz/seeds/TARGET, Fuzz/regressions/TARGET), and runs the target for --seconds. The corpus grows in
.build-fuzz/corpus/TARGET between runs; a finding (crash, sanitizer report, leak, time-out, out of
memory) lands in .build-fuzz/findings/TARGET/ and makes the exit status 1. A time-out (25 s) counts
only when it reproduces: its input runs again alone with 120 s, and one that finishes within them
(a machine busy with other work, not a hang) is kept as unconfirmed-timeout-… and reported, not
counted. Each run's figures
(wall and CPU seconds, executions, edges covered, features, corpus size) are appended to
.build-fuzz/runs.jsonl; CPU seconds are the fuzzer's and its workers' user + system time, so a run
that shared its core with a build is counted for what it got.

With --sanitized-tests it then builds the test suites in the same folder with the same flags and
runs the C-heavy ones (PNG, kernels, compositing) once under ASan and UBSan; scripts/test does
`scripts/fuzz/campaign.py --libfuzzer all --seconds 20 --sanitized-tests`.

With --summary it prints every target's totals from runs.jsonl instead (CPU time, executions, the
most edges and features a run reached, findings) as a Markdown table; a record marked
"excluded" (a reason) is left out of the totals.

Usage: scripts/fuzz/campaign.py --libfuzzer TARGET|all [--seconds N] [--no-build] [--jobs N] [--sanitized-tests]
       scripts/fuzz/campaign.py --libfuzzer --summary
Targets: scene png render encoders svgpath transform text studio damage lottie
"""
import argparse
import json
import os
import re
import resource
import shutil
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TARGETS = ["scene", "png", "render", "encoders", "svgpath", "transform", "text", "studio", "damage", "lottie"]
SCRATCH = os.path.join(ROOT, ".build-fuzz")
DICTIONARIES = {"scene": "Fuzz/scene.dict", "render": "Fuzz/scene.dict", "damage": "Fuzz/scene.dict", "text": "Fuzz/text.dict"}


def fuzzer_runtime():
    """libFuzzer without its main (the toolchain's clang runtime): the fuzz binary starts it."""
    swift = os.path.realpath(shutil.which("swift"))
    lib = os.path.join(os.path.dirname(os.path.dirname(swift)), "lib", "clang")
    for version in sorted(os.listdir(lib), reverse=True):
        candidate = os.path.join(lib, version, "lib", "linux", "libclang_rt.fuzzer_no_main-x86_64.a")
        if os.path.exists(candidate):
            return candidate
    sys.exit(f"strata: no libclang_rt.fuzzer_no_main in {lib}: this Swift toolchain has no libFuzzer")


SANITIZED_SUITES = ["PNGCodecTests", "FastPNGTests", "PngSuiteRenderTests", "GaussianBlurTests", "VariableBlurTests",
                    "MotionBlurTests", "WarpKernelTests", "GroupCompositeTests", "FilterCompositingTests",
                    "RenderResourcesTests", "FuzzRegressionTests", "CoverageRasteriserTests"]


def sanitizer_environment():
    return dict(os.environ,
                ASAN_OPTIONS="detect_leaks=1:abort_on_error=1:symbolize=1:allocator_may_return_null=1",
                LSAN_OPTIONS="suppressions=" + os.path.join(ROOT, "Fuzz", "lsan.supp") + ":print_suppressions=0",
                UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1")


def build_command():
    return ["swift", "build", "--scratch-path", SCRATCH,
            "-Xswiftc", "-sanitize=address",
            "-Xswiftc", "-sanitize-coverage=edge,trace-cmp,inline-8bit-counters,pc-table",
            "-Xcc", "-fsanitize=fuzzer-no-link,address,undefined", "-Xcc", "-fno-sanitize-recover=undefined",
            "-Xcc", "-fno-omit-frame-pointer"]


def sanitized_tests():
    """The C-heavy suites, once, built with the fuzz build's flags (ASan, UBSan in C)."""
    environment = dict(sanitizer_environment(), STRATA_FUZZ="1", STRATA_FUZZ_RUNTIME=fuzzer_runtime())
    print("strata: building the tests with ASan and UBSan into .build-fuzz/…", file=sys.stderr)
    subprocess.run(build_command() + ["--build-tests"], cwd=ROOT, env=environment, check=True)
    command = ["swift", "test", "--skip-build", "--scratch-path", SCRATCH, "--filter", "|".join(SANITIZED_SUITES)]
    completed = subprocess.run(command, cwd=ROOT, env=environment, capture_output=True, text=True)
    output = completed.stdout + completed.stderr
    summary = [line for line in output.splitlines() if "Test run with" in line or "ERROR: " in line or "runtime error" in line]
    print("sanitized tests: " + ("; ".join(summary) or "no summary"))
    if completed.returncode != 0:
        print("\n".join(output.splitlines()[-60:]), file=sys.stderr)
        return False
    return True


def build():
    environment = dict(os.environ, STRATA_FUZZ="1", STRATA_FUZZ_RUNTIME=fuzzer_runtime())
    # Coverage as -sanitize=fuzzer instruments it, without linking libFuzzer's main into every
    # executable of the build (SwiftPM's plugin tools are built with the same flags).
    command = build_command() + ["--product", "strata-fuzz"]
    print("strata: building the libFuzzer targets (ASan, UBSan) into .build-fuzz/…", file=sys.stderr)
    subprocess.run(command, cwd=ROOT, env=environment, check=True)
    binary = subprocess.run(command + ["--show-bin-path"], cwd=ROOT, env=environment, check=True,
                            capture_output=True, text=True).stdout.strip()
    return os.path.join(binary, "strata-fuzz")


def seed(target):
    """The seed folder of `target`, made afresh from the repository's inputs."""
    folder = os.path.join(SCRATCH, "seeds", target)
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder)
    def add(name, data):
        with open(os.path.join(folder, name), "wb") as handle:
            handle.write(data)
    if target in ("scene", "render", "damage"):
        scenes = os.path.join(ROOT, "Scenes")
        for name in sorted(os.listdir(scenes)):
            if name.endswith(".yaml"):
                with open(os.path.join(scenes, name), "rb") as handle:
                    add(name, b"\x00" + handle.read())
    if target == "png":
        # The image decoder: PngSuite and the JPEG fixtures (every format ImageCodec reads).
        for fixtures, suffix in ((os.path.join(ROOT, "Tests", "Fixtures", "pngsuite"), ".png"),
                                 (os.path.join(ROOT, "Tests", "Fixtures", "jpeg"), ".jpg")):
            for name in sorted(os.listdir(fixtures)):
                if name.endswith(suffix):
                    shutil.copy(os.path.join(fixtures, name), os.path.join(folder, name))
    for kind in ("seeds", "regressions"):
        source = os.path.join(ROOT, "Fuzz", kind, target)
        if os.path.isdir(source):
            for name in sorted(os.listdir(source)):
                shutil.copy(os.path.join(source, name), os.path.join(folder, f"{kind}-{name}"))
    return folder


def run(binary, target, seconds, jobs):
    corpus = os.path.join(SCRATCH, "corpus", target)
    findings = os.path.join(SCRATCH, "findings", target) + os.sep
    os.makedirs(corpus, exist_ok=True)
    os.makedirs(findings, exist_ok=True)
    before = set(os.listdir(findings))
    seeds = seed(target)
    environment = dict(sanitizer_environment(), STRATA_FUZZ_TARGET=target)
    command = [binary, corpus, seeds, f"-max_total_time={seconds}", "-timeout=25", "-rss_limit_mb=2560",
               "-print_final_stats=1", f"-artifact_prefix={findings}", "-max_len=65536"]
    if target in DICTIONARIES:
        command.append("-dict=" + os.path.join(ROOT, DICTIONARIES[target]))
    if jobs > 1:
        command += [f"-fork={jobs}", "-ignore_crashes=0"]
    def cpu():
        usage = resource.getrusage(resource.RUSAGE_CHILDREN)
        return usage.ru_utime + usage.ru_stime
    start, cpu_start = time.time(), cpu()
    completed = subprocess.run(command, cwd=ROOT, env=environment, capture_output=True, text=True)
    elapsed, cpu_seconds = time.time() - start, cpu() - cpu_start
    output = completed.stderr
    stats = dict(re.findall(r"^stat::(\w+):\s+(\d+)", output, re.M))
    progress = re.findall(r"#(\d+)\s+\w+\s+cov: (\d+) ft: (\d+) corp: (\d+)", output)
    last = progress[-1] if progress else ("0", "0", "0", "0")
    # libFuzzer also saves inputs slower than 10 s as slow-unit-*: worth a look, not a failure.
    new = sorted(name for name in set(os.listdir(findings)) - before if not name.startswith("slow-unit-"))
    # A timeout on a busy machine is not a finding unless it reproduces: the input runs again
    # alone with CONFIRM_TIMEOUT seconds, and counts only if it is still over them (a real hang).
    unconfirmed = [name for name in new if name.startswith("timeout-") and not confirm_timeout(binary, target, findings + name)]
    for name in unconfirmed:
        os.replace(findings + name, findings + "unconfirmed-" + name)
        print(f"{target}: {name} took over 25 s in the run but not over {CONFIRM_TIMEOUT} s alone: a busy machine, not a hang "
              f"(kept as unconfirmed-{name})")
    new = [name for name in new if name not in unconfirmed]
    if unconfirmed and not new and completed.returncode != 0 and "ERROR: libFuzzer: timeout" in output:
        completed = subprocess.CompletedProcess(completed.args, 0, completed.stdout, completed.stderr)
    record = {"target": target, "seconds": round(elapsed, 1), "cpu_seconds": round(cpu_seconds, 1), "jobs": jobs,
              "executions": int(stats.get("number_of_executed_units", last[0])), "edges": int(last[1]),
              "features": int(last[2]), "corpus": int(last[3]), "findings": new, "status": completed.returncode}
    with open(os.path.join(SCRATCH, "runs.jsonl"), "a") as handle:
        handle.write(json.dumps(record) + "\n")
    print(f"{target}: {record['executions']} executions in {elapsed:.0f} s ({cpu_seconds:.0f} s CPU), {record['edges']} edges, "
          f"{record['features']} features, corpus {record['corpus']}, findings {len(new)}")
    if new or completed.returncode != 0:
        tail = "\n".join(output.splitlines()[-40:])
        print(f"{target}: libFuzzer exited {completed.returncode}; findings in {findings}\n{tail}", file=sys.stderr)
        return False
    return True


CONFIRM_TIMEOUT = 120


def confirm_timeout(binary, target, path):
    """Whether `path` still takes over CONFIRM_TIMEOUT seconds when run alone (a real hang)."""
    environment = dict(sanitizer_environment(), STRATA_FUZZ_TARGET=target)
    command = [binary, f"-timeout={CONFIRM_TIMEOUT}", "-rss_limit_mb=2560", path]
    try:
        completed = subprocess.run(command, cwd=ROOT, env=environment, capture_output=True, text=True, timeout=CONFIRM_TIMEOUT + 60)
    except subprocess.TimeoutExpired:
        return True
    return completed.returncode != 0


def summary():
    """The totals of .build-fuzz/runs.jsonl per target, as Markdown. CPU time is a run's recorded
    CPU seconds, or for older records its wall seconds × jobs."""
    path = os.path.join(SCRATCH, "runs.jsonl")
    if not os.path.exists(path):
        sys.exit(f"strata: no runs recorded yet ({path})")
    totals = {target: {"cpu": 0.0, "executions": 0, "edges": 0, "features": 0, "findings": 0, "runs": 0} for target in TARGETS}
    excluded = 0
    with open(path) as handle:
        for number, line in enumerate(handle, 1):
            try:
                record = json.loads(line)
                total = totals[record["target"]]
                cpu = float(record.get("cpu_seconds", float(record["seconds"]) * int(record["jobs"])))
            except (ValueError, KeyError, TypeError) as error:
                sys.exit(f"strata: {path}:{number}: not a run record ({error})")
            if record.get("excluded"):
                excluded += 1
                continue
            total["cpu"] += cpu
            total["executions"] += int(record.get("executions", 0))
            total["edges"] = max(total["edges"], int(record.get("edges", 0)))
            total["features"] = max(total["features"], int(record.get("features", 0)))
            total["findings"] += len([name for name in record.get("findings", []) if not name.startswith(("slow-unit-", "unconfirmed-"))])
            total["runs"] += 1
    print("| target | CPU time | runs | executions | edges | features | findings |")
    print("|---|---|---|---|---|---|---|")
    for target, total in totals.items():
        print(f"| `{target}` | {total['cpu'] / 60:.1f} min | {total['runs']} | {total['executions']:,} | {total['edges']:,} | "
              f"{total['features']:,} | {total['findings']} |")
    hours = sum(total["cpu"] for total in totals.values()) / 3600
    print(f"\n{hours:.1f} CPU-hours in all; {excluded} record(s) excluded.")
    return 0


def main(argv):
    if argv == ["--summary"]:
        return summary()
    parser = argparse.ArgumentParser(prog="scripts/fuzz/campaign.py --libfuzzer")
    parser.add_argument("target", choices=TARGETS + ["all"])
    parser.add_argument("--seconds", type=int, default=25)
    parser.add_argument("--jobs", type=int, default=1, help="libFuzzer -fork workers")
    parser.add_argument("--no-build", action="store_true")
    parser.add_argument("--sanitized-tests", action="store_true", help="then run the C-heavy test suites under ASan and UBSan")
    options = parser.parse_args(argv)
    binary = os.path.join(SCRATCH, "debug", "strata-fuzz") if options.no_build else build()
    targets = TARGETS if options.target == "all" else [options.target]
    clean = all([run(binary, target, options.seconds, options.jobs) for target in targets])
    if options.sanitized_tests:
        clean = sanitized_tests() and clean
    return 0 if clean else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
