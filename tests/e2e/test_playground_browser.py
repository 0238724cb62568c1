"""What a person sees on the playground, in headless Chromium."""

from __future__ import annotations

import pytest

import bbpe_core
from conftest import screenshot

pytestmark = pytest.mark.browser


def set_text(page, text: str) -> None:
    """Type into the text area and apply it (Ctrl+Enter), then wait for the rerun."""
    area = page.get_by_role("textbox", name="Text", exact=True)
    area.fill(text)
    area.press("Control+Enter")
    page.wait_for_timeout(300)
    page.wait_for_function(
        "() => !document.querySelector('[data-testid=\"stStatusWidget\"]')", timeout=30_000)


def metric(page, label: str) -> str:
    box = page.locator('[data-testid="stMetric"]').filter(has_text=label)
    return box.locator('[data-testid="stMetricValue"]').inner_text()


def wait_for_metric(page, label: str, value: str) -> None:
    page.wait_for_function(
        """([label, value]) => [...document.querySelectorAll('[data-testid="stMetric"]')]
            .some(m => m.innerText.includes(label) &&
                 m.querySelector('[data-testid="stMetricValue"]').innerText.trim() === value)""",
        arg=[label, value], timeout=30_000)


def test_chinese_english_and_script_text(page):
    text = "你好 world <script>alert(1)</script> <img src=x onerror=alert(2)>"
    expected = bbpe_core.get_encoding("gpt2").encode(text)
    set_text(page, text)
    wait_for_metric(page, "Tokens", str(len(expected)))
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
    chips = page.locator(".bbpe-view .tok")
    assert chips.count() == 5
    assert chips.all_inner_texts()[:3] == ["·", "·", "·"]
    boxes = [chips.nth(i).bounding_box() for i in range(3)]
    assert boxes[0]["x"] + boxes[0]["width"] <= boxes[1]["x"]  # visibly separate chips
    tip = chips.nth(3).get_attribute("title")
    assert "1441" in tip and "Ġreturn" in tip and "20 72 65" in tip
    screenshot(page, "playground_return_x")
