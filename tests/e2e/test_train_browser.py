"""Train a small vocabulary in headless Chromium and see the compression chart."""

from __future__ import annotations

import pytest
from browser_helpers import screenshot

pytestmark = pytest.mark.browser


def test_train_small_vocabulary(page, app_url):
    page.goto(f"{app_url}/train")
    page.get_by_role("button", name="Train", exact=True).click(timeout=60_000)
    page.wait_for_selector("text=Compression while training", timeout=120_000)
    assert "merges in" in page.locator('[data-testid="stAlertContentSuccess"]').first.inner_text()
    assert page.locator(".js-plotly-plot").count() == 2
    screenshot(page, "train_done")
