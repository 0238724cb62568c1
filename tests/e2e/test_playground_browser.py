"""What a person sees on the playground, in headless Chromium."""

from __future__ import annotations

import pytest
from browser_helpers import screenshot, set_text, wait_for_chips, wait_for_metric

import bbpe_core

pytestmark = pytest.mark.browser


def test_chinese_english_and_script_text(page):
    text = "你好 world <script>alert(1)</script> <img src=x onerror=alert(2)>"
    expected = bbpe_core.get_encoding("gpt2").encode(text)
    set_text(page, text)
    wait_for_metric(page, "Tokens", str(len(expected)))
    page.wait_for_function(
        "n => document.querySelectorAll('.bbpe-cells .cell .id').length === n", arg=len(expected))
    view = page.locator(".bbpe-view").first
    assert view.inner_text().replace("·", " ") == text
    assert page.locator(".bbpe-view script, .bbpe-view img").count() == 0
    ids = page.locator(".bbpe-cells .cell .id").all_inner_texts()
    assert [int(i) for i in ids] == expected
    assert page.dialogs == []
    screenshot(page, "playground_chinese_script")


def test_three_separate_space_chips(page):
    set_text(page, "    return x")
    wait_for_metric(page, "Tokens", "5")
    wait_for_chips(page, 5)
    chips = page.locator(".bbpe-view .tok")
    assert chips.count() == 5
    assert chips.all_inner_texts()[:3] == ["·", "·", "·"]
    boxes = [chips.nth(i).bounding_box() for i in range(3)]
    assert boxes[0]["x"] + boxes[0]["width"] <= boxes[1]["x"]  # visibly separate chips
    tip = chips.nth(3).get_attribute("title")
    assert "1441" in tip and "Ġreturn" in tip and "20 72 65" in tip
    screenshot(page, "playground_return_x")
