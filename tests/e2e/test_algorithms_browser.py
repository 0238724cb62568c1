"""The Algorithms page in headless Chromium at a desktop and a phone width: one token view
per kind, the differences stated, the training chart drawn; and a SentencePiece text on the
playground (Gemma 3 when shipped, else Llama 2) drawn with its ids and ▁ / <0xNN> pieces."""

from __future__ import annotations

import pytest
from browser_helpers import (
    chip_ids,
    screenshot,
    screenshot_element,
    set_text,
    wait_for_chip_ids,
    wait_for_metric,
)
from playwright.sync_api import expect

import bbpe_core
from playground.algorithms.side_by_side import available
from playground.selector.labels import label

pytestmark = pytest.mark.browser


def _algorithms_page(browser, app_url, width: int, height: int):
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    page.goto(f"{app_url}/algorithms")
    n = len(available())
    page.wait_for_function("n => document.querySelectorAll('.bbpe-view').length === n", arg=n,
                           timeout=120_000)
    page.get_by_text("Train the four kinds and compare them").click()  # trained when opened
    page.wait_for_selector(".js-plotly-plot", timeout=180_000)
    # plotly draws its text after the chart's element is in the page
    page.wait_for_function("() => document.querySelector('.js-plotly-plot')?.innerText"
                           ".includes('Unigram')", timeout=60_000)
    page.wait_for_selector(".bbpe-differences", timeout=60_000)
    return context, page


@pytest.mark.parametrize(("width", "height"), [(1300, 900), (390, 844)])
def test_algorithms_page(browser, app_url, width, height):
    context, page = _algorithms_page(browser, app_url, width, height)
    try:
        said = page.locator(".bbpe-differences").inner_text()
        assert "<0xE9> <0xBA> <0xB5>" in said  # 麵 by byte fallback in llama2
        assert ("unknown token [UNK]" in said
                and "bert_base_uncased cannot give the text back" in said)
        assert "writes a space as Ġ" in said and "writes a space as ▁" in said
        chart = page.locator(".js-plotly-plot").first.inner_text()
        for algorithm in ("byte-level BPE", "character-level BPE", "WordPiece", "Unigram"):
            assert algorithm in chart
        overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 1, f"the page scrolls sideways by {overflow}px"
        wide = page.evaluate(
            "[...document.querySelectorAll('.bbpe-view, .bbpe-cells')]"
            ".filter(e => e.scrollWidth > e.clientWidth + 1).length")
        assert wide == 0, f"{wide} token view(s) overflow their column"
        screenshot(page, f"algorithms_{width}x{height}")
        screenshot_element(page.locator('[data-testid="stHorizontalBlock"]').first,
                           f"algorithms_{width}_columns")
        screenshot_element(page.locator(".bbpe-differences"), f"algorithms_{width}_differences")
        screenshot_element(page.locator(".js-plotly-plot").first, f"algorithms_{width}_chart")
    finally:
        context.close()


def test_a_sentencepiece_text_on_the_playground(page):
    name = "gemma3" if "gemma3" in bbpe_core.list_encoding_names() else "llama2"
    box = page.locator('[data-testid="stSidebar"] [data-testid="stSelectbox"]').first
    box.click()
    page.keyboard.type(label(name).split(" → ")[0].split(" · ")[-1])
    option = page.get_by_role("option", name=label(name))
    option.wait_for(timeout=30_000)
    option.click()
    text = "Hello world, 丼 and 你好 in SentencePiece."
    set_text(page, text)
    enc = bbpe_core.get_encoding(name)
    ids = enc.encode(text, allowed_special="all")
    wait_for_metric(page, "Tokens", str(len(ids)))
    wait_for_chip_ids(page, len(ids))
    assert chip_ids(page) == ids
    grid = page.locator(".bbpe-cells").first
    expect(grid).to_contain_text("▁world")
    if name == "llama2":
        expect(grid).to_contain_text("<0xE4>")
    expect(page.locator(".chunk-text.normalized", has_text="▁world").first).to_be_visible()
    screenshot(page, f"playground_{name}")
