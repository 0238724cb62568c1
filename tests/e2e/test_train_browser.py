"""Train a small byte-level BPE vocabulary in headless Chromium at a desktop and a phone size:
the compression chart and the merges chart (the vocabulary growing merge by merge)."""

from __future__ import annotations

import pytest
from browser_helpers import screenshot, sized_page, train

pytestmark = pytest.mark.browser


@pytest.mark.parametrize(("width", "height"), [(1400, 1000), (390, 844)])
def test_train_small_vocabulary(browser, app_url, width, height):
    with sized_page(browser, f"{app_url}/train", width, height) as page:
        train(page, "Compression while training", timeout=120_000)
        assert "merges in" in (
            page.locator('[data-testid="stAlertContentSuccess"]').first.inner_text())
        assert page.locator(".js-plotly-plot").count() == 3
        chart = page.locator(".js-plotly-plot").filter(
            has_text="BPE: the vocabulary grows merge by merge")
        assert chart.count() == 1
        assert "merged pair's count" in chart.inner_text()
        chart.scroll_into_view_if_needed()
        screenshot(page, f"train_done_{width}")
