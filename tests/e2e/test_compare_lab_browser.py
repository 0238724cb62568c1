"""The compare lab in headless Chromium: its charts render, in every tab."""

from __future__ import annotations

import pytest
from browser_helpers import screenshot

pytestmark = pytest.mark.browser


def test_compare_lab_charts(page, app_url):
    page.goto(f"{app_url}/compare_lab")
    page.wait_for_selector(".js-plotly-plot", timeout=90_000)
    assert "Token tax" in page.locator(".js-plotly-plot").first.inner_text()
    screenshot(page, "compare_lab_languages")
    for tab, title in (("Formats", "each format"), ("Indentation", "indentation style"),
                       ("Numbers", "number of digits")):
        page.get_by_role("tab", name=tab).click()
        page.wait_for_function(
            "t => [...document.querySelectorAll('.js-plotly-plot')].some(p => p.innerText.includes(t) && p.offsetParent)",
            arg=title, timeout=60_000)
        screenshot(page, f"compare_lab_{tab.lower()}")
    assert page.locator("table.gutter").count() == 1
