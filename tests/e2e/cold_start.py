"""A page's first load, timed in the page itself (support for ``test_tour_browser.py`` and
``bench/bench_cold_lab.py``): when each of a few elements first appears, when Streamlit's
frontend opens its websocket, and which element scripts the browser fetched."""

from __future__ import annotations

import json
import time

__all__ = ["FIRST_SEEN", "first_load"]

FIRST_SEEN = {"title": "h1", "sidebar": '[data-testid="stSidebar"] [data-testid="stSelectbox"]',
              "chart": ".bbpe-bars .bar"}
"""What a first load of the Compare lab is timed by (CSS selectors): the page's title, every
page's sidebar selector (its size line is stored: no encoding loaded), the lab's chart (its
counts are stored)."""

_RECORD_FIRST_SEEN = """selectors => {
  window.firstSeen = {};
  new MutationObserver(() => {
    for (const [name, selector] of Object.entries(selectors))
      if (!(name in window.firstSeen) && document.querySelector(selector))
        window.firstSeen[name] = (performance.timeOrigin + performance.now()) / 1000;  // epoch
  }).observe(document, {childList: true, subtree: true});
}"""


def first_load(browser, url: str, viewport: dict[str, int],
               selectors: dict[str, str] = FIRST_SEEN, then=None) -> dict:
    """Open ``url`` in a new browser context and time its first load.

    Args:
        browser: a playwright ``Browser``.
        url: the page's address.
        viewport: ``{"width": ..., "height": ...}`` in CSS pixels.
        selectors: name -> CSS selector of each element to time (each must appear).
        then: called with the playwright ``Page`` once timed, before it closes (or None).

    Returns:
        ``{"seen": {name: seconds}, "websocket": seconds, "scripts": [name, ...]}``: seconds
        from the call that opens the page (the browser's clock is the machine's) until each
        element first appeared and until the websocket opened; the names of the scripts
        fetched until the last element appeared (``Html`` for ``Html.<hash>.js``), in order.

    Raises:
        playwright's ``TimeoutError``: if an element has not appeared within 120 s.
    """
    context = browser.new_context(viewport=viewport)
    try:
        page = context.new_page()
        page.add_init_script(f"({_RECORD_FIRST_SEEN})({json.dumps(selectors)})")
        opened, scripts = [], []
        page.on("websocket", lambda ws: opened.append(time.time()))
        page.on("request", lambda r: scripts.append(r.url.rsplit("/", 1)[-1].split(".")[0])
                if r.url.endswith(".js") else None)
        started = time.time()
        page.goto(url)
        page.wait_for_function(f"() => Object.keys(window.firstSeen || {{}}).length == "
                               f"{len(selectors)}", timeout=120_000)
        seen, fetched = page.evaluate("window.firstSeen"), list(scripts)
        if then:
            then(page)
        return {"seen": {name: at - started for name, at in seen.items()},
                "websocket": opened[0] - started, "scripts": fetched}
    finally:
        context.close()
