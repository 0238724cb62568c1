"""Every page's first visit on a fresh server, and a switch of its encoding, in headless
Chromium (issue 45: each page done within 2x the Playground's first visit, an encoding switch
within 1.5x the Playground's). Each visit starts ``python -m playground`` anew
(``tests/e2e/conftest.py``'s ``serve_app``) and opens one page; the pages take turns, in an
order that rotates every round, so that a busy spell of a shared machine hits them all.

Done = the page's title is drawn and its script has finished (Streamlit's
``data-test-script-state`` is no longer ``running``). The switch: on the same server, the
sidebar's search box is given ``--switch-to`` (``o200k_base``; Enter chooses it) and timed
until the sidebar says its size and the rerun has finished.

    python bench/bench_pages.py               # 3 rounds
    python bench/bench_pages.py --rounds 5
    python bench/bench_pages.py --pages Vocabulary Algorithms
    python bench/bench_pages.py --switch-to gemma3   # writes pages_gemma3.md
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

from report import publish, results_page

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))  # the test server (served.py)
sys.path.insert(0, str(ROOT / "tests" / "e2e"))  # the browser tests' settings

from conftest import CHROMIUM, CHROMIUM_ARGS, serve_app  # noqa: E402

PAGES = {"Playground": "", "Bring your own tokenizer": "upload", "Compare lab": "compare_lab",
         "Algorithms": "algorithms", "Lessons": "lessons", "Train": "train",
         "Merge trace": "trace", "Byte map": "byte_map", "Vocabulary": "vocabulary"}
"""Page title -> its path."""
VIEWPORT = {"width": 1400, "height": 1000}
_DONE = ("() => { const app = document.querySelector('[data-testid=\"stApp\"]');"
         " return document.querySelector('h1') && app"
         " && app.dataset.testScriptState !== 'running'; }")


def visit(browser, url: str, switch_to: str) -> tuple[float, float]:
    """Open ``url`` in a new context: seconds until done, then seconds a switch to the
    encoding ``switch_to`` takes (see the module docstring)."""
    import bbpe_core

    size = f"{bbpe_core.get_encoding(switch_to).n_vocab:,} ids"  # as the sidebar says it
    context = browser.new_context(viewport=VIEWPORT)
    try:
        page = context.new_page()
        started = time.perf_counter()
        page.goto(url)
        page.wait_for_function(_DONE, timeout=180_000)
        first = time.perf_counter() - started
        page.wait_for_timeout(500)  # a rerun the first run asked for (a link, a tab) starts
        page.wait_for_function(_DONE, timeout=180_000)
        box = page.locator('input[aria-label="Find a model, vendor or encoding"]')
        box.wait_for(timeout=60_000)
        box.fill(switch_to)
        started = time.perf_counter()
        box.press("Enter")
        page.locator('[data-testid="stSidebar"]').get_by_text(size).first.wait_for(
            timeout=180_000)
        page.wait_for_function(_DONE, timeout=180_000)
        return first, time.perf_counter() - started
    finally:
        context.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--pages", nargs="+", choices=list(PAGES), default=list(PAGES),
                        help="the pages to time (the Playground, the baseline, always)")
    parser.add_argument("--switch-to", default="o200k_base",
                        help="the encoding each page switches to (o200k_base, gemma3, ...)")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    names = list(dict.fromkeys(["Playground", *args.pages]))
    found: dict[str, list[tuple[float, float]]] = {name: [] for name in names}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for turn in range(args.rounds):
            for name in names[turn % len(names):] + names[:turn % len(names)]:
                with serve_app(ROOT) as url:
                    first, switch = visit(browser, f"{url}/{PAGES[name]}", args.switch_to)
                found[name].append((first, switch))
                print(f"{name}: first visit {first:.2f} s, switch {switch:.2f} s "
                      f"(load average {os.getloadavg()[0]:.1f})", flush=True)
        browser.close()
    base_first = statistics.median(f for f, _ in found["Playground"])
    base_switch = statistics.median(s for _, s in found["Playground"])
    rows = []
    for name, runs in found.items():
        firsts, switches = sorted(f for f, _ in runs), sorted(s for _, s in runs)
        first, switch = statistics.median(firsts), statistics.median(switches)
        rows.append([name, f"{first:.2f}", f"{firsts[0]:.2f}-{firsts[-1]:.2f}",
                     f"{first / base_first:.2f}", f"{switch:.2f}",
                     f"{switches[0]:.2f}-{switches[-1]:.2f}", f"{switch / base_switch:.2f}"])
    intro = [f"{args.rounds} rounds; each visit a fresh server (`python -m playground`) and a "
             f"new browser context at {VIEWPORT['width']}x{VIEWPORT['height']} in headless "
             "Chromium, the pages in an order that rotates every round. First visit: seconds "
             "from opening the page until its title is drawn and its script has finished. "
             f"Switch: then, on the same server, seconds from choosing {args.switch_to} in the "
             "sidebar's search until the sidebar shows its size and the rerun has finished. "
             "Targets (issue 45): a first visit within 2x the Playground's, a switch within "
             f"1.5x. {os.cpu_count()} CPUs shared with other work, load average "
             f"{os.getloadavg()[0]:.1f} at the end."]
    stem = "pages" if args.switch_to == "o200k_base" else f"pages_{args.switch_to}"
    publish(stem, results_page(
        "Every page's first visit and encoding switch on a fresh server", intro,
        ["page", "first visit, median (s)", "range (s)", "x Playground", "switch, median (s)",
         "range (s)", "x Playground"], rows))


if __name__ == "__main__":
    main()
