"""Helpers for the browser tests: screenshots, typing into the page, waiting for metrics."""

from __future__ import annotations

from pathlib import Path

ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"


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
