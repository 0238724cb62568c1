"""The Train page in headless Chromium at a desktop and a phone size: a Unigram run on the
shipped English corpus (rounds chart, pruned pieces) and a vocabulary extension (llama2
with pieces of the Japanese UDHR: cost chart, new pieces, a sentence drawn with both)."""

from __future__ import annotations

import pytest
from browser_helpers import screenshot, sized_page, train, wait_for_idle

pytestmark = pytest.mark.browser


@pytest.mark.parametrize(("width", "height"), [(1400, 1000), (390, 844)])
def test_unigram_run_and_extension(browser, app_url, width, height):
    with sized_page(browser, f"{app_url}/train", width, height) as page:
        train(page, "rounds in", "Unigram (SentencePiece)")
        assert "n_vocab 4,096" in (
            page.locator('[data-testid="stAlertContentSuccess"]').first.inner_text())
        # plotly draws its axis titles after the chart's element is in the page
        page.wait_for_function("() => document.querySelector('.js-plotly-plot')?.innerText"
                               ".includes('vocabulary size')", timeout=60_000)
        chart = page.locator(".js-plotly-plot").first
        assert "vocabulary size" in chart.inner_text() and "log-likelihood" in chart.inner_text()
        assert page.get_by_text("Pieces pruned in round").count() == 1
        chart.scroll_into_view_if_needed()
        screenshot(page, f"train_unigram_{width}")
        page.get_by_text("Pieces pruned in round").scroll_into_view_if_needed()
        screenshot(page, f"train_unigram_pruned_{width}")

        page.get_by_text("UDHR", exact=True).click()
        wait_for_idle(page)
        page.get_by_role("button", name="Train and extend").click()
        page.wait_for_selector("text=500 new pieces after", timeout=180_000)  # + their characters
        wait_for_idle(page)
        assert "llama2: 32,000 → 32," in page.get_by_text("500 new pieces after").inner_text()
        assert page.get_by_text("UDHR token cost, llama2 before and after").count() >= 1
        assert page.locator(".bbpe-view").count() == 2  # the sentence, before and after
        before, after = (int(t.split()[1].replace(",", "")) for t in
                         (page.get_by_text("before:").inner_text(),
                          page.get_by_text("after:").inner_text()))
        assert after < before
        (page.get_by_text("UDHR token cost, llama2 before and after").first
         .scroll_into_view_if_needed())
        screenshot(page, f"train_extend_{width}")
        page.get_by_text("after:").scroll_into_view_if_needed()
        screenshot(page, f"train_extend_sentence_{width}")
