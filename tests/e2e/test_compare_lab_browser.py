"""The compare lab in headless Chromium: its charts render, in every tab."""

from __future__ import annotations

import pytest
from browser_helpers import screenshot, screenshot_element

pytestmark = pytest.mark.browser


def test_compare_lab_charts(page, app_url):
    page.goto(f"{app_url}/compare_lab")
    page.wait_for_selector(".bbpe-bars", timeout=90_000)
    assert "Token tax" in page.locator(".bbpe-bars").first.inner_text()
    screenshot(page, "compare_lab_languages")
    assert page.locator(".js-plotly-plot").count() == 0  # the other tabs run when opened
    for tab, title in (("Formats", "each format"), ("Indentation", "indentation style"),
                       ("Numbers", "number of digits")):
        page.get_by_role("tab", name=tab).click()
        page.wait_for_function(
            "t => [...document.querySelectorAll('.js-plotly-plot')]"
            ".some(p => p.innerText.includes(t) && p.offsetParent)",
            arg=title, timeout=60_000)
        screenshot(page, f"compare_lab_{tab.lower()}")
        if tab == "Indentation":
            page.locator("table.gutter").wait_for(timeout=60_000)
            assert page.locator("table.gutter").count() == 1


@pytest.mark.parametrize("width, height", [(1300, 900), (390, 844)])
def test_compare_lab_headline_and_numbers(browser, app_url, width, height):
    """The computed headline under the language chart, and the Numbers lab's examples and
    digit rules, at desktop and phone sizes (no horizontal scroll on the phone)."""
    import bbpe_core
    from playground.lab.languages import headline, language_rows, load_udhr
    from playground.lab.numbers import rule_sentence
    from playground.selector.labels import COMPARE_DEFAULT

    shown = {n: bbpe_core.get_encoding(n) for n in COMPARE_DEFAULT}
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    try:
        page.goto(f"{app_url}/compare_lab")
        page.wait_for_selector(".lab-headline", timeout=120_000)
        expected = headline(language_rows(shown, load_udhr()), "Chinese (simplified)")
        assert page.locator(".lab-headline").inner_text() == expected
        chart = page.locator(".bbpe-bars").filter(has_text="Token tax").first
        chart.wait_for(state="visible", timeout=60_000)
        screenshot_element(chart, f"compare_lab_chart_{width}")
        page.locator(".lab-headline").scroll_into_view_if_needed()
        screenshot(page, f"compare_lab_headline_{width}")
        # the tables run when opened (collapsed, their grids are not drawn before the chart)
        label = "Table and what it costs, per language and encoding"
        tables = page.get_by_test_id("stExpander").filter(has_text=label)
        assert tables.locator("details").get_attribute("open") is None
        tables.get_by_text(label).click()
        grids = tables.locator('[data-testid="stDataFrame"]')
        grids.last.wait_for(state="visible", timeout=60_000)
        assert grids.count() == 2 and grids.first.is_visible()
        assert tables.locator("details").get_attribute("open") is not None
        assert tables.get_by_text("What it costs", exact=True).is_visible()
        tables.get_by_role("button", name="Download languages (CSV)").wait_for(timeout=30_000)
        tables.scroll_into_view_if_needed()
        screenshot(page, f"compare_lab_tables_{width}")
        page.get_by_role("tab", name="Numbers").click()
        rules = page.locator('[data-testid="stText"]').filter(has_text="digit")
        rules.first.wait_for(timeout=60_000)
        assert rules.all_inner_texts() == [rule_sentence(n, e) for n, e in shown.items()]
        page.wait_for_function(
            "() => [...document.querySelectorAll('[data-testid=\"stDataFrame\"]')]"
            ".some(d => d.offsetParent)")
        scroll = page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
        print(f"{width}x{height}: horizontal overflow {scroll} px")
        assert scroll <= 0
        screenshot(page, f"compare_lab_numbers_{width}")
    finally:
        context.close()
