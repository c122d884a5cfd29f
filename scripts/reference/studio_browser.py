#!/usr/bin/env python3
"""Drives Strata Studio's page in headless Chromium with Playwright (PyPI; Debian's chromium as the
browser), as a person would: drag the scrubber to a frame, type a curve, click step, edit the scene
file and watch the page follow, break it and see the error. Prints what the page showed as JSON.
Used by Tests/StrataStudioTests/StudioBrowserTests.swift.

  studio_browser.py URL FRAME CURVE OVERLAY SCENE EDITED BROKEN SHOT.png
"""
import json
import shutil
import sys

from playwright.sync_api import sync_playwright


def main():
    url, frame, curve, overlay, scene, edited, broken, shot = sys.argv[1:9]
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
        page.wait_for_function(f"document.getElementById('frame').dataset.frame === '{frame}'")
        result["seek"] = page.get_attribute("#frame", "data-sha256")
        result["chartFrame"] = page.get_attribute(".overlay .chart", "data-frame")
        # Type a curve.
        selector = f".overlay[data-id='{overlay}'] .curve"
        page.fill(selector, curve)
        page.dispatch_event(selector, "change")
        page.wait_for_function(f"document.querySelector(\".overlay[data-id='{overlay}'] .chart\").dataset.curve === '{curve}'")
        page.wait_for_function(f"document.getElementById('digest').textContent.includes('frame {frame}')")
        page.wait_for_timeout(300)
        result["curve"] = page.get_attribute("#frame", "data-sha256")
        # Step forward one frame.
        page.click("#forward")
        page.wait_for_function(f"document.getElementById('frame').dataset.frame === '{int(frame) + 1}'")
        page.wait_for_timeout(300)
        result["step"] = page.get_attribute("#frame", "data-sha256")
        page.screenshot(path=shot)
        # Edit the scene file: the page follows without a reload.
        before = page.text_content("#generation")
        shutil.copyfile(edited, scene)
        page.wait_for_function(f"document.getElementById('generation').textContent !== {json.dumps(before)}", timeout=5000)
        page.wait_for_function(f"document.getElementById('frame').dataset.sha256 !== {json.dumps(result['step'])}", timeout=5000)
        result["edited"] = page.get_attribute("#frame", "data-sha256")
        # Break it: the error shows, the last good frame stays.
        shutil.copyfile(broken, scene)
        page.wait_for_function("!document.getElementById('error').hidden", timeout=5000)
        result["error"] = page.text_content("#error")
        result["afterError"] = page.get_attribute("#frame", "data-sha256")
        browser.close()
    json.dump(result, sys.stdout)


if __name__ == "__main__":
    main()
