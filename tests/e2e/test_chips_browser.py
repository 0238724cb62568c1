"""Chips in headless Chromium: a line wraps only between tokens, never inside one (each chip
is one box), and zero-width characters draw as visible labels, at desktop and phone width."""

from __future__ import annotations

import pytest
from browser_helpers import screenshot, set_text

pytestmark = pytest.mark.browser

TEXT = ("A single integer; supercalifragilistic words, 12345678901234567890 and "
        "👨\u200d👩\u200d👧\u200d👦 family, soft\u00adhyphen, zero\u200bwidth. ") * 6


@pytest.mark.parametrize("width", [1300, 390])
def test_no_chip_is_split_across_lines_and_zero_width_chips_have_width(page, width):
    page.set_viewport_size({"width": width, "height": 1400})
    set_text(page, TEXT)
    page.wait_for_function(
        "() => [...document.querySelectorAll('.bbpe-view .tok')]"
        ".some(t => t.innerText.includes('ZWJ'))",
        timeout=60_000)
    boxes = page.eval_on_selector_all(
        ".bbpe-view .tok", "els => els.map(e => [e.getClientRects().length, "
        "e.getBoundingClientRect().width, e.innerText])")
    assert boxes and all(rects == 1 for rects, _, _ in boxes), [b for b in boxes if b[0] != 1][:3]
    zwj = [w for _, w, text in boxes if "ZWJ" in text]
    assert zwj and min(zwj) > 8
    screenshot(page, f"chips_{width}")
