"""A WordPiece tokenizer.json (BERT's, as HF tokenizers writes it) loads with HF's ids, and what
it cannot reproduce is refused by name (issue 45 item 5). HF tokenizers is the oracle."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import bbpe_core
from bbpe_core.formats.hf_json import load_hf_tokenizer_json
from bbpe_core.source import VocabFileError

tokenizers = pytest.importorskip("tokenizers")
VOCAB = Path(__file__).resolve().parent / ".refs" / "bert_base_uncased.vocab.txt"
TEXTS = ["Héllo, [MASK] playing! 分词器", "unaffable  DON'T stop.\n\tx", "a" * 150, "",
         "naïve café 東京 🙂 [CLS]x[SEP]"]


@pytest.fixture(scope="module")
def hf():
    return tokenizers.BertWordPieceTokenizer(str(VOCAB), lowercase=True)


@pytest.fixture(scope="module")
def doc(hf):
    return json.loads(hf.to_str())


@pytest.fixture(scope="module")
def ours(hf):
    return load_hf_tokenizer_json(hf.to_str().encode(), name="bert tokenizer.json")


@pytest.mark.parametrize("text", TEXTS)
def test_ids_and_decode_match_hf(hf, ours, text):
    expected = hf.encode(text)
    ids = ours.post_process(ours.encode(text, allowed_special="all"))
    assert ids == expected.ids
    assert ours.decode(ids) == hf.decode(expected.ids)
    assert ours.model_kind == "WordPiece"


@settings(max_examples=60, deadline=None)
@given(st.text(alphabet=st.sampled_from("aBé ,.!'\n\t東🙂#-unafble[]MASK"), max_size=40))
def test_ids_match_hf_on_any_text(hf, ours, text):
    assert ours.post_process(ours.encode(text, allowed_special="all")) == hf.encode(text).ids


def test_hf_ids_are_kept_and_the_shipped_bert_agrees(doc):
    shifted = json.loads(json.dumps(doc))
    shifted["model"]["vocab"]["hello"] = 40000  # an id that is not the line number
    enc = load_hf_tokenizer_json(json.dumps(shifted).encode(), name="x.json")
    assert enc.encode("hello") == [40000]
    shipped = bbpe_core.get_encoding("bert_base_uncased")
    plain = load_hf_tokenizer_json(json.dumps(doc).encode(), name="y.json")
    assert plain.encode(TEXTS[0]) == shipped.encode(TEXTS[0])


def _changed(doc: dict, path: tuple, value) -> bytes:
    copy = json.loads(json.dumps(doc))
    target = copy
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return json.dumps(copy).encode()


@pytest.mark.parametrize("path, value, message", [
    (("normalizer",), {"type": "NFC"}, "normalizer"),
    (("normalizer", "lowercase"), "yes", "true or false"),
    (("pre_tokenizer",), {"type": "Whitespace"}, "pre_tokenizer"),
    (("decoder",), {"type": "ByteLevel"}, "decoder"),
    (("model", "vocab", "hello"), "7592", "not an integer id"),
    (("model", "vocab", "hello"), 10**12, "0..10000000"),
    (("model", "vocab", "hello"), 0, "more than one token"),
    (("model", "unk_token"), "[NOPE]", "not in the vocabulary"),
    (("model", "max_input_chars_per_word"), 0, "positive"),
    (("post_processor", "cls"), ["[CLS]"], "BertProcessing"),
])
def test_what_cannot_be_reproduced_is_refused_by_name(doc, path, value, message):
    with pytest.raises(VocabFileError, match=message):
        load_hf_tokenizer_json(_changed(doc, path, value), name="bad.json")


def test_an_added_token_on_a_piece_s_id_is_refused(doc):
    added = doc["added_tokens"] + [{"id": 7592, "content": "<x>", "special": True}]
    with pytest.raises(VocabFileError, match="more than one token"):
        load_hf_tokenizer_json(_changed(doc, ("added_tokens",), added), name="bad.json")
