"""Inside BPE pages in headless Chromium: step a merge trace, search the vocabulary, byte map."""

from __future__ import annotations

import pytest
from browser_helpers import screenshot, screenshot_element, wait_for_idle

pytestmark = pytest.mark.browser


def open_page(page, app_url, path: str, ready: str) -> None:
    page.goto(f"{app_url}/{path}")
    page.wait_for_selector(ready, timeout=60_000)


def test_step_a_trace(page, app_url):
    open_page(page, app_url, "trace", ".bbpe-trees")
    assert "No adjacent pair forms a token any more" in page.locator("body").inner_text()
    wait_for_idle(page)  # a key sent during the first run may reach a slider it replaces
    thumb = page.get_by_role("slider").first  # chunk 1, "朋友"
    thumb.focus()
    thumb.press("ArrowLeft")
    page.wait_for_function(
        "() => document.body.innerText.includes('Step 1: of the 2 adjacent pairs')")
    page.wait_for_function(
        "() => document.querySelector('.bbpe-cells').querySelectorAll('.cell').length === 5")
    chips = page.locator(".bbpe-cells").first.locator(".cell .gs").all_inner_texts()
    assert chips == ["æľ", "ĭ", "å", "ı", "ĭ"]
    assert page.locator(".just-merged .gs").first.inner_text() == "æľ"
    thumb.press("ArrowLeft")
    page.wait_for_function("() => document.body.innerText.includes('Start: one part per byte')")
    screenshot(page, "trace_step")


def test_search_vocabulary(page, app_url):
    open_page(page, app_url, "vocabulary", '[data-testid="stDataFrame"]')
    query = page.get_by_role("textbox", name="Query")
    query.fill("SolidGold")
    query.press("Enter")
    page.wait_for_function("() => document.body.innerText.includes('2 shown') || "
                           "document.body.innerText.includes('shown (at most')")
    page.wait_for_timeout(1500)
    assert page.locator('[data-testid="stMetricValue"]').first.inner_text() == "50,257"
    assert page.locator(".js-plotly-plot").count() == 0  # the charts wait to be opened
    screenshot(page, "vocabulary_search")


OVERLAPS = """chart => {
    // Labels whose boxes overlap. Rotated tick labels (plotly turns them when they are tight)
    // have slanted boxes, so they only need a line's height between their anchors.
    const texts = [...chart.querySelectorAll('.xtick text, .ytick text, .bartext')]
        .filter(t => t.textContent.trim() && t.getBoundingClientRect().width > 0);
    const rotated = t => (t.getAttribute('transform') || '').includes('rotate');
    const hits = [];
    for (let i = 0; i < texts.length; i++)
        for (let j = i + 1; j < texts.length; j++) {
            const [a, b] = [texts[i], texts[j]],
                p = a.getBoundingClientRect(), q = b.getBoundingClientRect();
            let clash;
            if (rotated(a) && rotated(b)) {
                const size = parseFloat(getComputedStyle(a).fontSize);
                clash = Math.abs((p.left + p.right) / 2 - (q.left + q.right) / 2) < size
                        && Math.abs(p.top - q.top) < size;
            } else {
                clash = p.left < q.right - 1 && q.left < p.right - 1
                        && p.top < q.bottom - 1 && q.top < p.bottom - 1;
            }
            if (clash) hits.push(a.textContent + ' / ' + b.textContent);
        }
    return hits;
}"""


@pytest.mark.parametrize("width", [1300, 390])
def test_vocabulary_charts_labels_do_not_overlap(browser, app_url, width):
    context = browser.new_context(viewport={"width": width, "height": 900})
    page = context.new_page()
    try:
        open_page(page, app_url, "vocabulary", "h1")
        page.get_by_text("Charts: tokens by length and by script").click()  # drawn when opened
        page.wait_for_selector(".js-plotly-plot", timeout=60_000)
        for title in ("Tokens by length", "Tokens by script"):
            chart = page.locator(".js-plotly-plot").filter(has_text=title).first
            chart.scroll_into_view_if_needed()
            page.wait_for_timeout(500)
            screenshot_element(chart, f"vocabulary_{title.split()[-1]}_{width}")
            assert chart.evaluate(OVERLAPS) == [], title
    finally:
        context.close()


def test_byte_map(page, app_url):
    open_page(page, app_url, "byte_map", ".bytemap")
    assert page.locator(".bytemap td.kept").count() == 188
    assert page.locator(".bytemap td.shifted").count() == 68
    screenshot(page, "byte_map")
