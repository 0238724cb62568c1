"""The Train page's SentencePiece BPE run in headless Chromium at a desktop and a phone size:
trained on the shipped English corpus, the merges chart drawn, "Use this tokenizer" adds it
to the selector and the `.model` download is offered (no tokenizer.json for a run normalized
as sentencepiece, and the page says why)."""

from __future__ import annotations

import pytest
from browser_helpers import screenshot, sized_page, train

pytestmark = pytest.mark.browser


@pytest.mark.parametrize(("width", "height"), [(1400, 1000), (390, 844)])
def test_sentencepiece_bpe_run(browser, app_url, width, height):
    with sized_page(browser, f"{app_url}/train", width, height) as page:
        train(page, "n_vocab 4,096", "BPE (SentencePiece)")
        success = page.locator('[data-testid="stAlertContentSuccess"]').first.inner_text()
        assert "merges in" in success and "n_vocab 4,096" in success
        chart = page.locator(".js-plotly-plot").first
        chart.scroll_into_view_if_needed()
        page.wait_for_selector(".js-plotly-plot >> text=vocabulary size", timeout=60_000)
        screenshot(page, f"train_spbpe_{width}")
        assert page.get_by_role("button", name="Use this tokenizer").count() == 1
        page.get_by_role("button", name="Use this tokenizer").click()
        page.wait_for_selector("text=Now in the encoding selector", timeout=60_000)
        assert "sp-bpe-4096" in page.locator('[data-testid="stCode"]').last.inner_text()
        screenshot(page, f"train_spbpe_used_{width}")
        page.get_by_role("button", name="Prepare downloads").click()
        page.get_by_role("button", name="sp-bpe-4096.model").wait_for(timeout=60_000)
        assert page.get_by_role("button", name="tokenizer.json").count() == 0  # nmt_nfkc
        assert page.get_by_text("No tokenizer.json for a run normalized as sentencepiece").count()
