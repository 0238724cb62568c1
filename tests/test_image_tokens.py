"""Image input tokens by each provider's published rule, checked against the examples each
page publishes (``playground/chat/images.py`` names the pages)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from playground.chat.images import (
    IMAGE_RULES,
    MAX_IMAGE_SIDE,
    anthropic,
    gemini,
    image_tokens,
    openai_tiles,
)
from playground.pricing import model_price


@pytest.mark.parametrize("width, height, detail, tokens", [
    (1024, 1024, "high", 765),  # "a 1024 x 1024 square image in detail: high mode costs 765"
    (2048, 4096, "high", 1105),  # "a 2048 x 4096 image in detail: high mode costs 1105"
    (4096, 8192, "low", 85),  # "a 4096 x 8192 image in detail: low most costs 85"
])
def test_openai_gpt4o_published_examples(width, height, detail, tokens):
    assert image_tokens("OpenAI gpt-4o / gpt-4.1", width, height, detail) == tokens


def test_openai_models_differ_by_base_and_tile_tokens():
    assert image_tokens("OpenAI gpt-4o-mini", 1024, 1024) == 2833 + 4 * 5667
    assert image_tokens("OpenAI o1 / o3", 1024, 1024) == 75 + 4 * 150
    assert image_tokens("OpenAI gpt-4o-mini", 1024, 1024, "low") == 2833
    assert openai_tiles(512, 512, 85, 170) == 255  # one tile, no scaling
    assert openai_tiles(513, 100, 85, 170) == 85 + 2 * 170


@pytest.mark.parametrize("width, height, tokens", [
    (200, 200, 54), (1000, 1000, 1334), (1092, 1092, 1590)])  # the page's table: ~54, ...
def test_anthropic_published_table(width, height, tokens):
    assert anthropic(width, height) == tokens


def test_anthropic_scales_large_images_down_first():
    # the page's largest sizes that are not resized, per aspect ratio
    for w, h in [(1092, 1092), (951, 1268), (896, 1344), (819, 1456), (784, 1568)]:
        assert anthropic(w, h) == -(-w * h // 750)
    assert anthropic(8000, 8000) <= 1640 and anthropic(4000, 1000) <= 1640
    assert anthropic(3136, 100) == anthropic(1568, 50)  # the long edge halved


def test_gemini_published_rule():
    assert gemini(384, 384) == gemini(1, 1) == 258  # both sides <= 384 px
    assert gemini(385, 384) == 258  # one 768 x 768 tile
    assert gemini(768, 769) == 2 * 258 and gemini(1600, 900) == 6 * 258


@given(st.integers(1, MAX_IMAGE_SIDE), st.integers(1, MAX_IMAGE_SIDE))
def test_every_rule_is_bounded_and_positive(width, height):
    assert 85 <= openai_tiles(width, height, 85, 170) <= 85 + 170 * 4 * 6
    assert 1 <= anthropic(width, height) <= 1640
    assert gemini(width, height) >= 258


@pytest.mark.parametrize("bad", [0, -1, MAX_IMAGE_SIDE + 1, 1.5, True, "3"])
def test_sides_are_capped(bad):
    for label in IMAGE_RULES:
        with pytest.raises(ValueError, match="whole numbers of pixels"):
            image_tokens(label, bad, 10)
    with pytest.raises(ValueError, match="detail"):
        openai_tiles(10, 10, 85, 170, "auto")


def test_each_rule_has_a_source_a_date_and_a_price():
    for rule in IMAGE_RULES.values():
        assert rule.source.startswith("https://") and len(rule.date) == 7
        cost = model_price(rule.price_model, rule.provider)
        assert cost is not None and cost.input_mtok > 0, rule
