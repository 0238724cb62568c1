"""Issue 45, "Phone and polish", in headless Chromium at 1400x1000 and 390x844 (screenshots in
tests/artifacts/): page links close the phone's sidebar; the merge tree of " lower" fits (no
sideways scroll of the page); the sidebar shows the whole chosen label; chart titles sit below
plotly's toolbar; Enter on "t5" in Compare mode picks t5 alone; /playground is the Playground."""

from __future__ import annotations

import json

import pytest
from browser_helpers import open_sidebar, screenshot, wait_for_idle
from conftest import SIZES

from playground.selector.labels import label
from playground.share.links import encode_state

pytestmark = pytest.mark.browser

SIDEBAR_IN_VIEW = ("() => document.querySelector('[data-testid=stSidebar]')"
                   ".getBoundingClientRect().right > 0")


def test_a_page_link_closes_the_phone_sidebar(sized):
    pg = sized("", "phone")
    open_sidebar(pg)
    pg.locator('[data-testid="stSidebarNavLink"]', has_text="Byte map").click()
    pg.get_by_role("heading", name="Byte map").wait_for(timeout=60_000)
    pg.wait_for_function(f"() => !({SIDEBAR_IN_VIEW})()", timeout=10_000)
    screenshot(pg, "polish_phone_link_closes_sidebar")


@pytest.mark.parametrize("size", SIZES)
def test_the_merge_tree_of_lower_fits_the_page(sized, size):
    pg = sized("trace?s=" + encode_state("gpt2", "Merge trace", json.dumps({"text": " lower"})),
               size)
    tree = pg.locator(".bbpe-trees").first
    tree.wait_for(timeout=60_000)
    wait_for_idle(pg)
    tree.scroll_into_view_if_needed()
    assert pg.evaluate("() => document.documentElement.scrollWidth <= innerWidth")
    assert tree.evaluate("e => e.getBoundingClientRect().right <= innerWidth + 0.5")
    assert tree.evaluate("e => e.scrollWidth <= e.clientWidth + 1")  # whole, not cut off
    screenshot(pg, f"polish_merge_tree_lower_{size}")


@pytest.mark.parametrize("size", SIZES)
def test_the_sidebar_shows_the_whole_label(sized, size):
    pg = sized("?s=" + encode_state("t5", "Text", "hello"), size)
    open_sidebar(pg)
    chosen = pg.locator(".bbpe-chosen")
    chosen.wait_for()
    assert chosen.inner_text() == label("t5")
    assert chosen.evaluate("e => e.scrollWidth <= e.clientWidth")
    assert pg.get_by_text("Vocabulary source").is_visible()
    screenshot(pg, f"polish_sidebar_label_{size}")


@pytest.mark.parametrize("size", SIZES)
def test_chart_titles_sit_below_the_toolbar(sized, size):
    pg = sized("?s=" + encode_state("gpt2", "Compare", "hello world",
                                    {"compare": ["gpt2", "o200k_base"]}), size)
    chart = pg.locator(".js-plotly-plot").first
    chart.wait_for(timeout=60_000)
    pg.wait_for_function("() => document.querySelector('.js-plotly-plot .gtitle')")
    chart.scroll_into_view_if_needed()
    chart.hover()
    pg.wait_for_timeout(500)
    title = chart.locator(".gtitle").bounding_box()
    bar = chart.locator(".modebar").bounding_box()
    assert title["y"] >= bar["y"] + bar["height"] - 1, (title, bar)
    screenshot(pg, f"polish_chart_title_{size}")


def test_enter_on_t5_picks_t5_alone(sized):
    pg = sized("?s=" + encode_state("gpt2", "Compare", "hello", {"compare": ["gpt2"]}), "wide")
    pg.locator(".bbpe-view .tok").first.wait_for(timeout=60_000)
    pg.locator(".st-key-cmp_names input").click()
    pg.keyboard.type("t5")
    pg.wait_for_timeout(600)
    options = pg.locator('[role="option"]').all_inner_texts()
    assert not any("match" in o for o in options) and not any("GPT-5" in o for o in options)
    pg.keyboard.press("Enter")
    pg.wait_for_timeout(1000)
    wait_for_idle(pg)
    chosen = pg.locator(".st-key-cmp_names").inner_text()
    assert label("t5") in chosen and label("umt5") not in chosen


@pytest.mark.parametrize("size", SIZES)
def test_playground_path_is_the_playground(sized, size):
    pg = sized("playground", size)
    pg.get_by_role("heading", name="Tokenizer playground").wait_for(timeout=60_000)
    assert "not found" not in pg.inner_text("body").lower()
