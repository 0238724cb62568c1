"""BERT's normalizer and pre-tokenizer against HF tokenizers' BertNormalizer and
BertPreTokenizer: every code point, the shared samples and hypothesis text."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given, settings
from samples import ADVERSARIAL, MULTILINGUAL, utf8_texts
from tokenizers import normalizers as hf_normalizers
from tokenizers import pre_tokenizers as hf_pre_tokenizers

from bbpe_core.normalizers import BertNormalizer
from bbpe_core.pre_tokenizers import BertPreTokenizer, bert_unicode

CODE_POINTS = [c for c in range(0x110000) if not 0xD800 <= c <= 0xDFFF]
BLOCK = 4096
FLAGS = [dict(lowercase=True), dict(lowercase=False), dict(lowercase=True, strip_accents=False),
         dict(clean_text=False, handle_chinese_chars=False, lowercase=True)]


def _blocks():
    for i in range(0, len(CODE_POINTS), BLOCK):
        yield CODE_POINTS[i : i + BLOCK]


@pytest.mark.parametrize("flags", FLAGS, ids=str)
def test_every_code_point_normalizes_as_hf_bert_normalizer(flags):
    ours, theirs = BertNormalizer(**flags), hf_normalizers.BertNormalizer(**flags)
    for block in _blocks():
        text = "".join(f"A{chr(c)}" for c in block)  # a base letter between: no reordering
        if ours.normalize(text) != theirs.normalize_str(text):
            bad = [c for c in block
                   if ours.normalize(f"A{chr(c)}") != theirs.normalize_str(f"A{chr(c)}")]
            pytest.fail(f"differs from HF at {[hex(c) for c in bad[:20]]}")


def test_every_code_point_pre_tokenizes_as_hf_bert_pre_tokenizer():
    ours, theirs = BertPreTokenizer(), hf_pre_tokenizers.BertPreTokenizer()
    for block in _blocks():
        text = "".join(f"a{chr(c)}" for c in block)
        assert ours.split(text) == [span for _, span in theirs.pre_tokenize_str(text)]


@pytest.mark.parametrize("text", MULTILINGUAL + ADVERSARIAL + [
    "ΑΣ ΣΑΣ Σ.", "İstanbul ǅ ẞ", "a\u0301\u0323 \u0323\u0301 e\u0301\u0301", "\x85x\x0by\u200dz",
    "Ｆｕｌｌ ① ﬁ", "\ufffd\x00", "한국어 조선말"])
def test_samples_normalize_and_split_as_hf(text):
    normalized = BertNormalizer().normalize(text)
    assert normalized == hf_normalizers.BertNormalizer().normalize_str(text)
    assert BertPreTokenizer().split(normalized) == [
        span for _, span in hf_pre_tokenizers.BertPreTokenizer().pre_tokenize_str(normalized)]


@settings(max_examples=400, deadline=None)
@given(utf8_texts)
def test_hypothesis_text_normalizes_and_splits_as_hf(text):
    normalized = BertNormalizer().normalize(text)
    assert normalized == hf_normalizers.BertNormalizer().normalize_str(text)
    assert BertPreTokenizer().chunks(normalized) == [
        w for w, _ in hf_pre_tokenizers.BertPreTokenizer().pre_tokenize_str(normalized)]


@settings(max_examples=300, deadline=None)
@given(utf8_texts)
def test_offsets_point_at_the_input_characters_each_output_character_came_from(text):
    normalized, spans = BertNormalizer().normalize_with_offsets(text)
    assert normalized == BertNormalizer().normalize(text) and len(spans) == len(normalized)
    for ch, (a, b) in zip(normalized, spans):
        if (a, b) != (0, len(text)):  # the fallback when NFD reorders across characters
            assert b == a + 1 and (ch == " " or ch in BertNormalizer().normalize(text[a]))


def test_offsets_of_accents_cjk_and_dropped_characters():
    normalized, spans = BertNormalizer().normalize_with_offsets("É\x00中x")
    assert normalized == "e 中 x"
    assert spans == [(0, 1), (2, 3), (2, 3), (2, 3), (3, 4)]


def test_the_tables_were_measured_against_this_python_unicode_database():
    assert unicodedata.unidata_version == bert_unicode.UNIDATA_VERSION, (
        "regenerate bbpe_core/pre_tokenizers/bert_unicode.py with scripts/bert_unicode_pin.py")


def test_stages_compare_by_their_options():
    assert BertNormalizer() == BertNormalizer(strip_accents=True)
    assert BertNormalizer() != BertNormalizer(lowercase=False)
    assert len({BertNormalizer(), BertNormalizer()}) == 1
    assert "lowercase=True" in repr(BertNormalizer()) and repr(BertPreTokenizer())
