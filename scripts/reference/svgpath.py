#!/usr/bin/env python3
"""Independent reference for Strata's SVG path data and arc lengths, used by
Tests/StrataModelTests/ShapeReferenceTests: svgpathtools (PyPI) parses the same path data and measures
it (exact for lines, numeric integration for curves and elliptical arcs).

  svgpath.py lengths CASES.json -> for each {"d": DATA, "fractions": [f, ...]}: the whole length
                                   and the point at each fraction of it, as JSON
"""
import json
import sys

from svgpathtools import parse_path


def main():
    if len(sys.argv) != 3 or sys.argv[1] != "lengths":
        sys.exit(__doc__)
    with open(sys.argv[2]) as f:
        cases = json.load(f)
    results = []
    for case in cases:
        path = parse_path(case["d"])
        length = path.length()
        points = []
        for fraction in case["fractions"]:
            point = path.point(path.ilength(fraction * length)) if 0 < fraction < 1 else path.point(fraction)
            points.append([point.real, point.imag])
        results.append({"length": length, "points": points})
    json.dump(results, sys.stdout)


if __name__ == "__main__":
    main()
