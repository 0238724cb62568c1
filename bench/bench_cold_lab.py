"""The Compare lab's first load on a fresh server, in headless Chromium (issue 33, finding 15:
the first chart under 2 s): each round starts ``streamlit run playground/serve.py`` anew and opens
``/compare_lab`` once; the page records when its title, the sidebar's selector and the lab's
chart first appear (``tests/e2e/cold_start.py``, which the browser test uses too). Prints the
median and range over the rounds. With ``--against DIR``, another checkout's servers take
turns with this one's (A B, B A, ...), so that a busy spell of a shared machine hits both.

    python bench/bench_cold_lab.py                          # 12 fresh servers
    python bench/bench_cold_lab.py --against /tmp/old --rounds 16
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
from pathlib import Path

from report import publish, results_page

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "tests" / "e2e"), str(ROOT / "tests")]  # the browser tests' server

from cold_start import FIRST_SEEN, first_load  # noqa: E402
from conftest import CHROMIUM, CHROMIUM_ARGS, serve_app  # noqa: E402

VIEWPORT = {"width": 1300, "height": 900}


def label(root: Path) -> str:
    """The checkout's folder name and commit (``+`` if its files differ from the commit)."""
    def git(*args: str) -> str:
        return subprocess.run(["git", "-C", str(root), *args], capture_output=True,
                              text=True).stdout.strip()

    changed = "+" if git("status", "--porcelain") else ""
    return f"{root.name} {git('rev-parse', '--short', 'HEAD')}{changed}"


def rounds_of(checkouts: list[Path], rounds: int) -> dict[Path, list[dict]]:
    """Each checkout's first loads, ``rounds`` each, the checkouts taking turns."""
    from playwright.sync_api import sync_playwright

    found: dict[Path, list[dict]] = {root: [] for root in checkouts}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for turn in range(rounds):
            for root in checkouts if turn % 2 == 0 else checkouts[::-1]:
                with serve_app(root) as url:
                    load = first_load(browser, f"{url}/compare_lab", VIEWPORT)
                found[root].append(load)
                seen = load["seen"]
                print(f"{root.name}: " + "  ".join(f"{k} {seen[k]:.2f} s" for k in FIRST_SEEN)
                      + f"  (load average {os.getloadavg()[0]:.1f})", flush=True)
        browser.close()
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=12)
    parser.add_argument("--against", type=Path, help="another checkout, timed in turns")
    args = parser.parse_args()
    checkouts = [ROOT] + ([args.against.resolve()] if args.against else [])
    found = rounds_of(checkouts, args.rounds)
    rows = []
    for root, loads in found.items():
        for name in FIRST_SEEN:
            times = sorted(load["seen"][name] for load in loads)
            rows.append([label(root), name, f"{statistics.median(times):.2f}",
                         f"{times[0]:.2f}-{times[-1]:.2f}",
                         sum(t < 2.0 for t in times) if name == "chart" else ""])
    intro = [f"{args.rounds} fresh servers per checkout, each opened once at "
             f"{VIEWPORT['width']}x{VIEWPORT['height']} in headless Chromium; seconds from the "
             "call that opens the page until the element first appeared. "
             f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f} at the end."]
    publish("cold_lab", results_page(
        "The Compare lab's first load on a fresh server", intro,
        ["checkout", "element", "median (s)", "range (s)", "rounds under 2 s"], rows))


if __name__ == "__main__":
    main()
