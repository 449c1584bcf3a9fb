"""Opens the report page in headless Chromium (Debian's, through Playwright: no browser
download) and checks that it loads with no console errors, that every <img> has loaded
(natural width > 0) and no request left the file system; writes a screenshot.

Usage: python check_page.py PAGE.html SCREENSHOT.png CHROMIUM
"""

import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]


def main(page_path: str, screenshot: str, chromium: str) -> int:
    url = Path(page_path).resolve().as_uri()
    errors, remote = [], []
    with tempfile.TemporaryDirectory(prefix="report-chromium-") as profile, sync_playwright() as p:
        context = p.chromium.launch_persistent_context(
            profile, executable_path=chromium, args=FLAGS, headless=True, viewport={"width": 1100, "height": 1400})
        page = context.new_page()
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.on("request", lambda r: remote.append(r.url) if not r.url.startswith(("file:", "data:")) else None)
        page.goto(url, wait_until="load")
        images = page.eval_on_selector_all(
            "img", "imgs => imgs.map(i => ({src: i.getAttribute('src').slice(0, 80), w: i.naturalWidth, done: i.complete}))")
        page.screenshot(path=screenshot)
        context.close()
    broken = [i["src"] for i in images if not i["done"] or i["w"] == 0]
    problems = [f"console error: {e}" for e in errors] + [f"image not loaded: {b}" for b in broken]
    problems += [f"network request: {r}" for r in remote]
    if not images:
        problems.append("the page has no images")
    for p in problems:
        print(f"report page {page_path}: {p}")
    if problems:
        return 1
    print(f"report page {page_path}: loaded, {len(images)} images, no console errors; screenshot {screenshot}")
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:4]))
