"""The model zoo in headless Chromium: the selector finds a model by typing part of its name,
a Chinese paragraph is drawn with Qwen 3's ids, and the Compare lab's language chart shows the
six default encodings."""

from __future__ import annotations

import pytest
from browser_helpers import chip_ids, screenshot, set_text, wait_for_chip_ids, wait_for_metric
from playwright.sync_api import expect

import bbpe_core
from playground.selector.labels import COMPARE_DEFAULT, label

pytestmark = pytest.mark.browser

CHINESE = "人人生而自由，在尊严和权利上一律平等。他们赋有理性和良心，并应以兄弟关系的精神相对待。"


def test_typing_qwen_finds_qwen3_and_draws_chinese_with_its_ids(page):
    box = page.locator('[data-testid="stSidebar"] [data-testid="stSelectbox"]').first
    box.click()
    page.keyboard.type("qwen")
    option = page.get_by_role("option", name=label("qwen3"))
    option.wait_for(timeout=30_000)
    expect(page.get_by_role("option")).to_have_count(2, timeout=30_000)  # Qwen 2.5 / 3, 3.5 / 3.6
    assert all("Qwen" in text for text in page.get_by_role("option").all_inner_texts())
    option.click()
    set_text(page, CHINESE)
    ids = bbpe_core.get_encoding("qwen3").encode(CHINESE, allowed_special="all")
    wait_for_metric(page, "Tokens", str(len(ids)))
    wait_for_chip_ids(page, len(ids))  # the metric is drawn before the chips (CI saw old ones)
    assert chip_ids(page) == ids
    screenshot(page, "zoo_qwen3_chinese")


def test_the_compare_lab_chart_shows_the_six_default_encodings(page, app_url):
    page.goto(f"{app_url}/compare_lab")
    page.wait_for_selector(".bbpe-bars", timeout=120_000)  # the token-tax chart (HTML)
    chart = page.locator(".bbpe-bars").first.inner_text()
    for name in COMPARE_DEFAULT:
        assert name in chart, name
    screenshot(page, "zoo_compare_lab_languages")
