#!/usr/bin/env python3
"""Drives Strata Studio's page in headless Chromium with Playwright (PyPI; Debian's chromium as the
browser), as a person would: drag the scrubber to a frame, type a curve, click step, step back and on
with the arrow keys, read the address and the export, type a bad curve, edit the scene file and
watch the page follow, break it and see the error; click the timeline under the scrubber. Prints what the page showed as JSON.
Used by Tests/StrataStudioTests/StudioBrowserTests.swift.

  studio_browser.py URL FRAME CURVE OVERLAY SCENE EDITED BROKEN SHOT.png EXPECTED.json

EXPECTED holds the SHA-256 of `strata frame`'s bytes for each state (seek, curve, step, edited). The
script never waits for a time: after each action it waits for the state it checks — the image shown
carries that hash and the frame asked for — for up to a minute; if the page never gets there, what
it shows instead is reported (and the test fails naming it).
"""
import json
import shutil
import sys

from playwright.sync_api import sync_playwright


WAIT_MS = 60_000


def shown_when(page, frame, sha256):
    """Waits until the image shown is frame FRAME with bytes SHA256; returns the hash shown then
    (or, after WAIT_MS, whatever is shown: the test names it)."""
    condition = ("document.getElementById('frame').dataset.frame === %s && document.getElementById('frame').dataset.sha256 === %s"
                 % (json.dumps(str(frame)), json.dumps(sha256)))
    try:
        page.wait_for_function(condition, timeout=WAIT_MS)
    except Exception:
        pass
    return page.get_attribute("#frame", "data-sha256")


def main():
    url, frame, curve, overlay, scene, edited, broken, shot, expected_path = sys.argv[1:10]
    with open(expected_path) as handle:
        expected = json.load(handle)
    browser_path = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
    result = {}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=browser_path, args=["--no-sandbox"])
        page = browser.new_page(viewport={"width": 1400, "height": 900})
        page.goto(url)
        page.wait_for_function("document.getElementById('frame').dataset.sha256")
        # Drag the scrubber to FRAME (a range input: its value, then the input event it fires).
        page.fill("#scrub", frame)
        page.dispatch_event("#scrub", "input")
        result["seek"] = shown_when(page, frame, expected["seek"])
        page.wait_for_function(f"document.querySelector('.overlay .chart').dataset.frame === '{frame}'", timeout=WAIT_MS)
        result["chartFrame"] = page.get_attribute(".overlay .chart", "data-frame")
        # Type a curve.
        selector = f".overlay[data-id='{overlay}'] .curve"
        page.fill(selector, curve)
        page.dispatch_event(selector, "change")
        page.wait_for_function(f"document.querySelector(\".overlay[data-id='{overlay}'] .chart\").dataset.curve === '{curve}'", timeout=WAIT_MS)
        result["curve"] = shown_when(page, frame, expected["curve"])
        # Step forward one frame.
        page.click("#forward")
        result["step"] = shown_when(page, int(frame) + 1, expected["step"])
        # Keys anywhere on the page: ← goes back one frame, → on again.
        page.click("h1")
        page.keyboard.press("ArrowLeft")
        result["keyBack"] = shown_when(page, frame, expected["curve"])
        page.keyboard.press("ArrowRight")
        result["keyOn"] = shown_when(page, int(frame) + 1, expected["step"])
        # The address follows the state; the export carries the curve.
        page.wait_for_function(f"location.search.includes('frame={int(frame) + 1}')", timeout=WAIT_MS)
        result["address"] = page.evaluate("decodeURIComponent(location.search)")
        page.wait_for_function(f"document.getElementById('export-command').textContent.includes({json.dumps(curve)})", timeout=WAIT_MS)
        result["command"] = page.text_content("#export-command")
        # A bad curve is refused beside its field, and the page goes on with the last good one.
        page.fill(selector, "table:nan=1")
        page.dispatch_event(selector, "change")
        page.wait_for_function(f"!document.querySelector(\".overlay[data-id='{overlay}'] .problem\").hidden", timeout=WAIT_MS)
        result["problem"] = page.text_content(f".overlay[data-id='{overlay}'] .problem")
        page.click("h1")
        page.keyboard.press("ArrowLeft")
        result["afterBadCurve"] = shown_when(page, frame, expected["curve"])
        page.keyboard.press("ArrowRight")
        shown_when(page, int(frame) + 1, expected["step"])
        # The timeline lies under the scrubber, as wide; a click on it goes to the frame there
        # (the first and last frames 7 px in from its ends, where the scrubber's thumb stands).
        scrub, timeline = page.locator("#scrub").bounding_box(), page.locator("#timeline").bounding_box()
        result["aligned"] = abs(scrub["x"] - timeline["x"]) < 1 and abs(scrub["width"] - timeline["width"]) < 1 and timeline["y"] >= scrub["y"] + scrub["height"] - 1
        count = page.evaluate("state.scene.frameCount")
        def click_frame(target):
            x = timeline["x"] + 7 + target / (count - 1) * (timeline["width"] - 14)
            page.mouse.click(x, timeline["y"] + timeline["height"] / 2)
        click_frame(5)
        result["timeline"] = shown_when(page, 5, expected["timeline"])
        click_frame(int(frame) + 1)
        result["timelineBack"] = shown_when(page, int(frame) + 1, expected["step"])
        page.screenshot(path=shot)
        # Edit the scene file: the page follows without a reload.
        shutil.copyfile(edited, scene)
        result["edited"] = shown_when(page, int(frame) + 1, expected["edited"])
        # Break it: the error shows, the last good frame stays.
        shutil.copyfile(broken, scene)
        page.wait_for_function("!document.getElementById('error').hidden", timeout=WAIT_MS)
        result["error"] = page.text_content("#error")
        result["afterError"] = page.get_attribute("#frame", "data-sha256")
        browser.close()
    json.dump(result, sys.stdout)


if __name__ == "__main__":
    main()
