"""Helpers for the browser tests: a page at a viewport size, screenshots, typing into the
page, waiting for metrics, training on the Train page."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"


@contextmanager
def sized_page(browser, url: str, width: int, height: int) -> Iterator:
    """A new page at ``url`` in a browser context of its own, its viewport ``width`` x
    ``height`` CSS pixels; the context is closed on leaving, whatever happened.

    Args:
        browser: a playwright ``Browser`` (the ``browser`` fixture).
        url: the address to open (the ``app_url`` fixture and a page path).
        width, height: the viewport in CSS pixels.

    Yields:
        The playwright ``Page``, once ``goto(url)`` has returned.
    """
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    try:
        page.goto(url)
        yield page
    finally:
        context.close()


def _artifact(name: str) -> Path:
    """tests/artifacts/<name>.png (the folder is made if missing)."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS / f"{name}.png"


def screenshot(page, name: str) -> Path:
    """Save a full-page screenshot under tests/artifacts/ and return its path."""
    path = _artifact(name)
    page.screenshot(path=str(path), full_page=True)
    return path


def screenshot_element(locator, name: str) -> Path:
    """Save a screenshot of one element (scrolled into view) under tests/artifacts/."""
    path = _artifact(name)
    locator.screenshot(path=str(path))
    return path


def set_text(page, text: str) -> None:
    """Put ``text`` in the playground's text area (the page follows it as typed; Ctrl+Enter
    sends it without waiting for the debounce)."""
    area = text_area(page)
    area.fill(text)
    area.press("Control+Enter")


def text_area(page):
    """The playground's live text area."""
    return page.get_by_role("textbox", name="Text", exact=True)


def wait_for_metric(page, label: str, value: str) -> None:
    """Wait until the metric ``label`` shows ``value``."""
    page.wait_for_function(
        """([label, value]) => [...document.querySelectorAll('[data-testid="stMetric"]')]
            .some(m => m.innerText.includes(label) &&
                 m.querySelector('[data-testid="stMetricValue"]').innerText.trim() === value)""",
        arg=[label, value], timeout=30_000)


def wait_for_idle(page, timeout: int = 120_000) -> None:
    """Wait until the app's script is not running (Streamlit marks its root element with
    ``data-test-script-state``): a click sent during a rerun may land on an element the
    rerun is about to replace."""
    page.wait_for_function(
        "() => { const app = document.querySelector('[data-testid=\"stApp\"]');"
        " return app && app.dataset.testScriptState !== 'running'; }", timeout=timeout)


def train(page, done: str, algorithm: str | None = None, timeout: int = 180_000) -> None:
    """On the Train page: choose ``algorithm`` (a label of its radio; ``None`` keeps the
    default, byte-level BPE), press Train and wait until the run shows ``done`` and the
    script is idle.

    Args:
        page: a playwright ``Page`` on the app's Train page.
        done: a playwright ``text=`` selector's text that the finished run shows.
        algorithm: the radio label to choose first, or ``None``.
        timeout: milliseconds to wait for ``done``.

    Raises:
        playwright.sync_api.TimeoutError: if a control or ``done`` does not appear in time.
    """
    if algorithm is not None:
        page.get_by_text(algorithm, exact=True).click(timeout=60_000)
        wait_for_idle(page)
    page.get_by_role("button", name="Train", exact=True).click(timeout=60_000)
    page.wait_for_selector(f"text={done}", timeout=timeout)
    wait_for_idle(page)


def wait_for_chips(page, count: int) -> None:
    """Wait until the (first) token view shows ``count`` chips: Streamlit updates the metrics
    and the HTML views in separate steps, so a metric alone does not mean the view is new."""
    page.wait_for_function(
        "n => document.querySelector('.bbpe-view') && "
        "document.querySelector('.bbpe-view').querySelectorAll('.tok').length === n",
        arg=count, timeout=30_000)


def chip_ids(page) -> list[int]:
    """The ids of the (first) token view's chips, in order (a chip drawing a character cut over
    several tokens holds all of their ids in its ``data-id``)."""
    ids = page.eval_on_selector_all(".bbpe-view .tok", "els => els.map(e => e.dataset.id)")
    return [int(i) for chip in ids for i in chip.split()]


def wait_for_chip_ids(page, count: int) -> None:
    """Wait until the token view's chips hold ``count`` ids in all."""
    page.wait_for_function(
        "n => [...document.querySelectorAll('.bbpe-view .tok')].flatMap("
        "e => (e.dataset.id || '').split(' ').filter(Boolean)).length === n",
        arg=count, timeout=30_000)


PASTE = """(area, text) => {
    const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, "value").set;
    setter.call(area, text);
    area.dispatchEvent(new Event("input", {bubbles: true}));
}"""
"""Script that puts a text into a text area as a paste does (the value, then one event)."""


def paste(page, text: str) -> None:
    """Paste ``text`` into the playground's text area: one input event, not a key per char."""
    text_area(page).evaluate(PASTE, text)


KEY_LATENCY = """() => {
    // Per key: performance.now() at keydown, then at the first animation frame after the
    // input event (a task queued inside the frame callback runs after its layout and paint).
    // This is latency: it includes waiting for the next frame, not only work.
    window.bbpeKeyLatency = [];
    if (window.bbpeKeyDown !== undefined) return;
    window.bbpeKeyDown = 0;
    document.addEventListener("keydown", () => { window.bbpeKeyDown = performance.now(); }, true);
    document.addEventListener("input", () => requestAnimationFrame(() => setTimeout(
        () => window.bbpeKeyLatency.push(performance.now() - window.bbpeKeyDown))), true);
}"""
"""Script recording each key's latency in ``window.bbpeKeyLatency`` (milliseconds)."""

MAIN_THREAD = {"TaskDuration": "main_thread", "ScriptDuration": "script",
               "LayoutDuration": "layout", "RecalcStyleDuration": "style"}
"""Chromium's Performance.getMetrics durations (seconds of the page's main thread) and the
names measurements print them under: every task, and its script, layout and style
recalculation parts (paint and the compositor commit count in the task time only)."""


def _main_thread(cdp) -> dict[str, float]:
    """The page's ``MAIN_THREAD`` durations so far, in milliseconds."""
    metrics = {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}
    return {name: metrics[name] * 1000 for name in MAIN_THREAD}


def _median(values: list[float]) -> float:
    """The middle value (the upper one of an even count), rounded to 0.1."""
    return round(sorted(values)[len(values) // 2], 1)


def key_costs(page, keys: str, gap_ms: int = 120) -> dict[str, float]:
    """Press ``keys`` one by one into the focused element of ``page`` (Chromium only) and
    measure what each costs the page's main thread.

    Each key owns the window from just before it to just before the next key, ``gap_ms``
    later, and is charged with everything the main thread did in it (the key's events,
    editing, style, layout, paint, commit): the growth of the CDP ``Performance.getMetrics``
    durations over the window (Chrome DevTools Protocol, Performance domain). That is what
    typing at that speed costs the main thread, unlike the latency (keydown to the next
    frame), which includes waiting for the frame. Keys ``gap_ms`` apart must not let a
    debounced page send the text (the live text area waits 300 ms past 10 KB), so that no
    rerun falls in a window.

    Args:
        page: a playwright page of a Chromium browser, its text area focused.
        keys: the characters to press.
        gap_ms: milliseconds from one key to the next.

    Returns:
        Milliseconds per key: ``main_thread_ms_median``, ``_mean`` (which spreads the
        occasional garbage collection over the keys) and ``_max``, the medians of its
        ``script``, ``layout`` and ``style`` parts, and ``key_latency_ms_median`` and ``_max``.

    Raises:
        playwright.sync_api.Error: if the browser offers no CDP session (not Chromium).
    """
    cdp = page.context.new_cdp_session(page)
    cdp.send("Performance.enable")
    page.evaluate(KEY_LATENCY)
    costs = {label: [] for label in MAIN_THREAD.values()}
    before = _main_thread(cdp)
    for key in keys:
        page.keyboard.press(key)
        page.wait_for_timeout(gap_ms)
        after = _main_thread(cdp)
        for name, label in MAIN_THREAD.items():
            costs[label].append(after[name] - before[name])
        before = after
    cdp.detach()
    latency = page.evaluate("window.bbpeKeyLatency")
    task = costs["main_thread"]
    return {"main_thread_ms_median": _median(task),
            "main_thread_ms_mean": round(sum(task) / len(task), 1),
            "main_thread_ms_max": round(max(task), 1),
            **{f"{label}_ms_median": _median(costs[label])
               for label in ("script", "layout", "style")},
            "key_latency_ms_median": _median(latency),
            "key_latency_ms_max": round(max(latency), 1)}


SIDEBAR_IN_VIEW = ("() => document.querySelector('[data-testid=stSidebar]')"
                   ".getBoundingClientRect().right > 0")
"""Script: true while the sidebar is in view (a phone's collapsed sidebar slides out left)."""


def open_sidebar(page) -> None:
    """Open a collapsed sidebar (a phone's starts so) and wait until it is in view."""
    if not page.evaluate(SIDEBAR_IN_VIEW):
        page.locator('[data-testid="stExpandSidebarButton"]').click()
        page.wait_for_function("() => document.querySelector('[data-testid=stSidebar]')"
                               ".getBoundingClientRect().x >= 0")
        page.wait_for_timeout(400)  # the slide's end: its links are still moving before


def close_sidebar(page) -> None:
    """Close the sidebar if it stays in view (the app slides a phone's out once an encoding
    is chosen; a page link leaves it open) and wait until it has slid out."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    wait_for_idle(page)
    try:  # the app's own closing may be under way: give it time before pressing the button
        page.wait_for_function(f"() => !({SIDEBAR_IN_VIEW})()", timeout=3_000)
        return
    except PlaywrightTimeout:
        page.locator('[data-testid="stSidebarCollapseButton"] button, '
                     '[data-testid="stSidebarCollapseButton"]').first.click()
    page.wait_for_function(f"() => !({SIDEBAR_IN_VIEW})()")
