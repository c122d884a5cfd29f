#!/usr/bin/env python3
"""Issue 25's peers: the frames strata-bench measured (out/bench-shapes-text.json) drawn with
pycairo — 200 stroked, dashed paths — and with PangoCairo through PyGObject — 2,000 words wrapped
— on the same 1920x1080 surface, the same font files (a fontconfig file naming Strata's Fonts
folder) and options (unhinted, grey antialiasing, 72 dpi), one thread, in the same run.
Prints the peer's medians and Strata's as a ratio (Strata / peer: below 1 is faster).

Needs pycairo and PyGObject with Pango (Debian: python3-cairo python3-gi python3-gi-cairo gir1.2-pango-1.0).
Usage: scripts/benchmarks/peers/shape_text_peers.py [out/bench-shapes-text.json]
"""
import json
import os
import statistics
import sys
import tempfile
import time

RUNS = 11


def median_ms(body):
    body(0)
    times = []
    for run in range(1, RUNS + 1):
        start = time.perf_counter()
        body(run)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times), min(times)


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else "out/bench-shapes-text.json"
    with open(path) as f:
        data = json.load(f)
    # Strata's fonts only, as Strata lays out with them.
    folder = tempfile.mkdtemp(prefix="strata-peer-fonts-")
    with open(os.path.join(folder, "fonts.conf"), "w") as f:
        f.write('<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd"><fontconfig>'
                f'<dir>{data["fonts"]}</dir><cachedir>{folder}/cache</cachedir>'
                f'<include>{data["fonts"]}/fonts.conf</include></fontconfig>')
    os.environ["FONTCONFIG_FILE"] = os.path.join(folder, "fonts.conf")
    try:
        import cairo
        import gi
        gi.require_foreign("cairo")
        gi.require_version("Pango", "1.0")
        gi.require_version("PangoCairo", "1.0")
        from gi.repository import Pango, PangoCairo
    except Exception as error:  # noqa: BLE001 - any import problem means no peer
        print(f"  (peers not installed: {error}; apt-get install python3-cairo python3-gi python3-gi-cairo gir1.2-pango-1.0)")
        return

    def shapes(_run):
        surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, 1920, 1080)
        ctx = cairo.Context(surface)
        ctx.set_source_rgb(1, 1, 1)
        ctx.paint()
        for p in data["paths"]:
            for element in p["elements"]:
                if element[0] == "M":
                    ctx.move_to(element[1], element[2])
                elif element[0] == "C":
                    ctx.curve_to(*element[1:7])
                else:
                    ctx.close_path()
            ctx.set_source_rgb(*p["color"])
            ctx.set_line_width(p["width"])
            ctx.set_line_cap(cairo.LINE_CAP_ROUND)
            ctx.set_line_join(cairo.LINE_JOIN_ROUND)
            ctx.set_dash(p["dash"])
            ctx.stroke()
        surface.flush()
        return surface

    options = cairo.FontOptions()
    options.set_antialias(cairo.ANTIALIAS_GRAY)
    options.set_hint_style(cairo.HINT_STYLE_NONE)
    options.set_hint_metrics(cairo.HINT_METRICS_OFF)
    x, y, width, _height = data["text_frame"]

    def text(run):
        surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, 1920, 1080)
        ctx = cairo.Context(surface)
        ctx.set_source_rgb(1, 1, 1)
        ctx.paint()
        layout = PangoCairo.create_layout(ctx)
        context = layout.get_context()
        PangoCairo.context_set_font_options(context, options)
        PangoCairo.context_set_resolution(context, 72)
        context.set_round_glyph_positions(False)
        layout.context_changed()
        description = Pango.FontDescription.from_string(data["font"])
        description.set_absolute_size(data["size"] * Pango.SCALE)
        layout.set_font_description(description)
        layout.set_width(int(width * Pango.SCALE))
        layout.set_wrap(Pango.WrapMode.WORD_CHAR)
        layout.set_text(data["words"] + (f" w{run}" if run else ""), -1)
        ctx.move_to(x, y)
        ctx.set_source_rgb(0.15, 0.2, 0.25)
        PangoCairo.show_layout(ctx, layout)
        surface.flush()
        return surface

    shapes_ms, shapes_min = median_ms(shapes)
    text_ms, text_min = median_ms(text)
    text(0).write_to_png("out/peer-text.png")
    print("Shapes and text at 1920x1080, the peers in the same run (median of 11, fastest in brackets):")
    print(f"  200 stroked, dashed paths: pycairo {shapes_ms:.1f} ms ({shapes_min:.1f}), Strata {data['shapes_ms']:.1f} ms"
          f" = {data['shapes_ms'] / shapes_ms:.2f}x")
    print(f"  2,000 words wrapped: PangoCairo {text_ms:.1f} ms ({text_min:.1f}), Strata {data['text_ms']:.1f} ms"
          f" = {data['text_ms'] / text_ms:.2f}x (layout kept: {data['text_cached_ms']:.1f} ms = {data['text_cached_ms'] / text_ms:.2f}x)")
    print("  (the peer's text frame is out/peer-text.png, to compare with out/bench-text.png)\n")


if __name__ == "__main__":
    main()
