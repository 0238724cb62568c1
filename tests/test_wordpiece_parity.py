"""``get_encoding("bert_base_uncased")`` gives HF tokenizers' ids, offsets and decoded text:
``BertWordPieceTokenizer(vocab.txt, lowercase=True).encode(text, add_special_tokens=False)``
on multilingual text, code, the corpora, adversarial cases and hypothesis text; the viewer
gives the vocabulary's strings (``##ing``) and the offsets of the typed text."""

from __future__ import annotations

import time
from functools import cache
from pathlib import Path

import pytest
from hypothesis import given, settings
from samples import ADVERSARIAL, CORPORA, MULTILINGUAL, texts, utf8_texts
from tokenizers import BertWordPieceTokenizer

from bbpe_core import encoding_for_model, get_encoding
from bbpe_core.models.wordpiece.stages import wordpiece_stages

REFS = Path(__file__).resolve().parent / ".refs"

BERT_CASES = [
    "a" * 200_000,
    " " * 100_000,
    "x" + " " * 100_000 + "y",
    "👨‍👩‍👧‍👦 family, 🇺🇳 flag, 👍🏽",
    "\x00\x01\x07\x1b[31mred\x1b[0m \x7f\x85\ufffd\u200b\ufeff\u202eevil\u202c",
    "\t \u3000\u00a0\u2003\u2029 \r\n\x0b\x0c mixed whitespace \u2028end",
    "Café naïve résumé Ångström façade Œuvre ΑΣ ΣΑΣ İstanbul straße ẞ",
    "a" * 100 + " " + "b" * 101 + " " + "é" * 101,
    "中文字符和English混合，日本語のテキスト、한국어 텍스트",
    "[CLS] hello [SEP] [MASK][PAD][UNK] [cls] [MASK ] ##ing #hash",
    "def f(x):\n    return {'a': [1, 2.5e-3]} # comment\n\tprint(f\"{x!r}\")",
    "https://example.com/path?q=1&r=2#frag user@example.org $100.00 ~/dir",
    "don't won't I'm you've they're it's O'Neil rock'n'roll",
    "",
]


@cache
def reference() -> BertWordPieceTokenizer:
    return BertWordPieceTokenizer(str(REFS / "bert_base_uncased.vocab.txt"), lowercase=True)


def bert_base_uncased():
    return get_encoding("bert_base_uncased")


def _check(text: str) -> None:
    ours = bert_base_uncased()
    theirs = reference().encode(text, add_special_tokens=False)
    ids = ours.encode_ordinary(text)
    assert ids == theirs.ids
    assert ours.encode(text) == ids  # BERT's special tokens are matched in any text, as HF's
    detailed = ours.encode_detailed(text)
    assert [t.id for t in detailed] == ids
    assert [(t.start, t.end) for t in detailed] == theirs.offsets
    assert [t.token_str for t in detailed] == theirs.tokens
    assert ours.decode(ids) == reference().decode(ids)


@pytest.mark.parametrize("text", MULTILINGUAL + ADVERSARIAL + BERT_CASES,
                         ids=lambda t: repr(t[:30]))
def test_ids_offsets_and_decode_equal_hf_bert_wordpiece(text):
    _check(text)


def test_the_corpora():
    for file in ("en_python_docs.txt", "zh_tang_poems.txt"):
        text = (CORPORA / file).read_text(encoding="utf-8")
        ours = bert_base_uncased()
        ours.clear_cache()
        start = time.perf_counter()
        ids = ours.encode(text)
        cold = time.perf_counter() - start
        start = time.perf_counter()
        theirs = reference().encode(text, add_special_tokens=False).ids
        print(f"{file}: {len(text):,} characters, ours {cold:.2f} s cold, "
              f"HF {time.perf_counter() - start:.2f} s")
        assert ids == theirs, file
        _check(text[:50_000])


@settings(max_examples=300, deadline=None)
@given(utf8_texts)
def test_hypothesis_text(text):
    _check(text)


@settings(max_examples=200, deadline=None)
@given(texts)
def test_text_with_surrogates_encodes_as_its_repaired_form(text):
    repaired = text.encode("utf-16", "surrogatepass").decode("utf-16", "replace")
    assert bert_base_uncased().encode(text) == reference().encode(
        repaired, add_special_tokens=False).ids


def test_post_process_wraps_cls_and_sep_as_hf_does():
    text = "Hello world!"
    ours = bert_base_uncased()
    assert ours.post_process(ours.encode(text)) == reference().encode(text).ids == [
        101, 7592, 2088, 999, 102]


def test_display_strings_and_bytes_of_pieces():
    bert = bert_base_uncased()
    assert bert.tokenize("Playing 中") == ["playing", "中"] == reference().encode(
        "Playing 中", add_special_tokens=False).tokens
    ids = bert.encode("unaffable")
    assert bert.tokenize("unaffable") == ["una", "##ffa", "##ble"]
    assert bert.decode_bytes(ids) == b"unaffable"
    assert b"".join(bert.decode_tokens_bytes(ids)) == b"unaffable"
    assert bert.decode_single_token_bytes(101) == b"[CLS]"
    assert bert.added_tokens["[CLS]"] == 101 and bert.special_tokens == {}
    assert bert.encode_single_token("##ing") == 2075
    assert bert.n_vocab == 30522
    assert not bert.byte_level


def test_viewer_spans_map_pieces_to_the_typed_text():
    text = "Héllo PLAYING 🧬x"
    spans = [(t.token_str, text[t.start:t.end]) for t in bert_base_uncased().encode_detailed(text)]
    assert spans == [("hello", "Héllo"), ("playing", "PLAYING"), ("[UNK]", "🧬x")]
    chunks = bert_base_uncased().pre_tokenize(text)
    assert [c.text for c in chunks] == ["hello", "playing", "🧬x"]
    assert all(c.normalized for c in chunks[:2])


def test_the_model_names_and_the_catalogue():
    for model in ("bert-base-uncased", "sentence-transformers/all-MiniLM-L6-v2",
                  "distilbert/distilbert-base-uncased", "google/mobilebert-uncased"):
        assert encoding_for_model(model) is bert_base_uncased()
    from bbpe_core.encodings.catalogue import encoding_catalogue
    info = next(i for i in encoding_catalogue() if i.name == "bert_base_uncased")
    assert (info.label, info.licence) == ("BERT / MiniLM", "Apache-2.0")


LOSSY = [  # (text, what decode(encode(text)) gives back)
    ("Hello World", "hello world"),  # case folded
    ("Café naïve", "cafe naive"),  # accents stripped
    ("a  b\tc\nd", "a b c d"),  # whitespace reduced to single spaces
    ("don't", "don ' t"),  # punctuation spaced apart
    ("(x)", "( x )"),
    ("a\x00b\u200dc", "abc"),  # control and format characters dropped
    ("中文", "中 文"),  # CJK ideographs spaced apart
    ("a \U0001F9EC b", "a b"),  # no piece covers it: [UNK], a special token, skipped
    ("x" * 101, ""),  # a word over 100 characters: [UNK] too
    ("[CLS] hi", "hi"),  # special tokens skipped when decoding
]
"""The cases where BERT cannot give the text back; the Algorithms page and lessons say so."""


@pytest.mark.parametrize(("text", "back"), LOSSY)
def test_where_decode_of_encode_is_not_the_text(text, back):
    bert = bert_base_uncased()
    decoded = bert.decode(bert.encode(text))
    assert decoded == back == reference().decode(
        reference().encode(text, add_special_tokens=False).ids)
    assert decoded != text


def test_plain_lowercase_words_round_trip():
    bert = bert_base_uncased()
    for text in ("hello world", "the unaffable playing, done.", "tokenization is fun!"):
        assert bert.decode(bert.encode(text)) == text


def test_bad_ids_and_text_raise_typed_errors():
    bert = bert_base_uncased()
    with pytest.raises(KeyError, match="token id 30522 is not in bert_base_uncased"):
        bert.decode([30522])
    with pytest.raises(TypeError, match="ints"):
        bert.decode(["7592"])
    with pytest.raises(KeyError, match="token id -1"):
        bert.decode([7592, -1])
    with pytest.raises(TypeError, match="must be a str"):
        bert.encode(b"bytes")


def test_a_vocabulary_without_bert_tokens_is_refused():
    with pytest.raises(ValueError, match="not in the vocabulary: \\['\\[PAD\\]'"):
        wordpiece_stages("tiny", {"[UNK]": 0, "a": 1})


def test_pickles_by_name_as_the_other_shipped_encodings():
    import pickle

    assert pickle.loads(pickle.dumps(bert_base_uncased())) is bert_base_uncased()
