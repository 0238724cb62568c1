"""Unigram in a real browser (issue 34): the Algorithms page with t5 as a column and the
Merge trace page's lattice for t5, each at a desktop and a phone size (where the sidebar
starts collapsed: the test opens it, picks t5 and closes it)."""

from __future__ import annotations

import pytest
from browser_helpers import close_sidebar, open_sidebar, screenshot, screenshot_element, sized_page
from playwright.sync_api import expect

from playground.algorithms.side_by_side import available
from playground.selector.labels import label

pytestmark = pytest.mark.browser
SIZES = [(1400, 1000), (390, 844)]


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_algorithms_page_has_a_unigram_column(browser, app_url, width, height):
    with sized_page(browser, f"{app_url}/algorithms", width, height) as page:
        n = len(available())
        page.wait_for_function("n => document.querySelectorAll('.bbpe-view').length === n",
                               arg=n, timeout=120_000)
        page.wait_for_selector(".bbpe-differences", timeout=60_000)
        expect(page.get_by_text("t5 tokens").first).to_be_visible()
        expect(page.get_by_text("Unigram", exact=True).first).to_be_visible()
        assert "t5 writes a space as ▁" in page.locator(".bbpe-differences").inner_text()
        screenshot(page, f"unigram_algorithms_{width}x{height}")
        screenshot_element(page.locator('[data-testid="stHorizontalBlock"]').first,
                           f"unigram_algorithms_{width}_columns")


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_trace_page_draws_the_t5_lattice(browser, app_url, width, height):
    with sized_page(browser, f"{app_url}/trace", width, height) as page:
        page.wait_for_selector('[data-testid="stDataFrame"], [data-testid="stSlider"]',
                               timeout=120_000)
        open_sidebar(page)
        page.locator('[data-testid="stSidebar"] [data-testid="stSelectbox"]').first.click()
        page.keyboard.type("t5")
        page.get_by_role("option", name=label("t5")).first.click()
        close_sidebar(page)
        expect(page.get_by_text("lattice edge(s)")).to_be_visible(timeout=60_000)
        page.wait_for_selector('[data-testid="stDataFrame"]', timeout=60_000)
        lattice = page.locator('[data-testid="stDataFrame"]').first
        box = lattice.bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= width  # in view, not cut
        assert page.evaluate("document.scrollingElement.scrollWidth <= window.innerWidth")
        screenshot(page, f"unigram_lattice_{width}x{height}")
        screenshot_element(lattice, f"unigram_lattice_{width}_table")
