#!/usr/bin/env python3
"""Strata, ThorVG and rlottie drawing the same frames, side by side per group: reads the
per-sample lines (sample TAB frames TAB seconds) that `strata-bench lottie-speed … --per-sample`
and `lottie_speed.py PEER … --per-sample` print, and prints, for the whole corpus and for every
group (the sample's first folder, or After Effects' category, or "top level") with more than 100
frames, each tool's seconds
and Strata's time divided by each peer's.

    python3 scripts/benchmarks/peers/lottie_speed_table.py strata.tsv thorvg.tsv rlottie.tsv

Each argument may list several rounds' files, separated by commas (the three tools run in turn,
round after round): each sample then takes the median of its rounds' seconds, and the table
adds how many rounds, with the ratios of the whole corpus in each round (their range) below it.
"""
import statistics
import sys


def read_one(path):
    rows = {}
    for line in open(path, encoding="utf-8"):
        parts = line.rstrip("\n").split("\t")
        if len(parts) == 3:
            try:
                rows[parts[0]] = (int(parts[1]), float(parts[2]))
            except ValueError:
                continue
    return rows


def read(paths):
    """The samples of every round, each with the median of its rounds' seconds."""
    rounds = [read_one(path) for path in paths.split(",")]
    rows = {}
    for sample, (frames, _) in rounds[0].items():
        if all(sample in r for r in rounds):
            rows[sample] = (frames, statistics.median(r[sample][1] for r in rounds))
    return rows, rounds


def main():
    if len(sys.argv) != 4:
        print(__doc__)
        sys.exit(64)
    (strata, strata_rounds), (thorvg, thorvg_rounds), (rlottie, rlottie_rounds) = (read(paths) for paths in sys.argv[1:])
    groups = {}
    for sample, (frames, seconds) in strata.items():
        if sample not in thorvg or sample not in rlottie:
            continue  # a sample a peer could not draw is left out of every tool's sum
        parts = sample.split("/")
        if parts[0] == "data" and len(parts) > 2:
            parts = parts[1:]  # After Effects' corpus: data/CATEGORY/NAME, grouped by category
        for group in ("all", parts[0] if len(parts) > 1 else "top level"):
            total = groups.setdefault(group, [0, 0.0, 0.0, 0.0])
            total[0] += frames
            total[1] += seconds
            total[2] += thorvg[sample][1]
            total[3] += rlottie[sample][1]
    print(f"{'group':<14}{'frames':>8}{'Strata s':>10}{'ThorVG s':>10}{'rlottie s':>11}{'÷ ThorVG':>10}{'÷ rlottie':>11}")
    for group in sorted(groups, key=lambda g: (g != "all", g)):
        frames, s, t, r = groups[group]
        if frames <= 100 and group != "all":
            continue
        print(f"{group:<14}{frames:>8}{s:>10.2f}{t:>10.2f}{r:>11.2f}{s / t if t else 0:>10.2f}{s / r if r else 0:>11.2f}")
    count = min(len(strata_rounds), len(thorvg_rounds), len(rlottie_rounds))
    if count > 1:
        # The whole corpus round by round (the samples every tool drew in every round).
        shared = [k for k in strata if k in thorvg and k in rlottie]
        ratios = []
        for index in range(count):
            s, t, r = (sum(rounds[index][k][1] for k in shared) for rounds in (strata_rounds, thorvg_rounds, rlottie_rounds))
            ratios.append((s / t if t else 0, s / r if r else 0))
        print(f"(medians of {count} rounds per sample; all, round by round: ÷ ThorVG "
              f"{min(x for x, _ in ratios):.2f}–{max(x for x, _ in ratios):.2f}, ÷ rlottie "
              f"{min(y for _, y in ratios):.2f}–{max(y for _, y in ratios):.2f})")


if __name__ == "__main__":
    main()
