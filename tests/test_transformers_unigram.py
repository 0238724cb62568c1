"""The Unigram encodings that model names resolve to give the ids of the library the models
run in: transformers 5 (``T5Tokenizer`` for T5, Flan-T5 and umT5; ``XLMRobertaTokenizer`` for
nomic-embed-text-v2-moe), which cut text at whitespace before Metaspace, whatever the model's
tokenizer.json says (``bbpe_core.encodings.zoo_transformers``). Compared with the installed
transformers, built from the same files: T5's and umT5's tokenizer.json in ``tests/.refs``,
the shipped GGUF's pieces and map for XLM-R's."""

from __future__ import annotations

import shutil
from functools import cache
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from samples import ADVERSARIAL, CORPORA, MULTILINGUAL
from zoo_oracles import _ref

import bbpe_core
from bbpe_core.encodings.data import data_file
from bbpe_core.formats.gguf import read_gguf_unigram

transformers = pytest.importorskip("transformers")

T5_CASES = [
    "trailing space   ", "   leading space", "a  b\t\tc\n\nd", "Hey </s>. how", "<extra_id_0> x",
    "hello <extra_id_1>  ", "x ▁y", "▁", " ▁ ", "a▁▁b", "a\x1cb\x1fc", "a\u3000b\xa0c\u2028d",
    "a\u0085b \u200b c", "", "   ", "\n", "Ｆｕｌｌ ｗｉｄｔｈ", "ﬁ ① ½", "🙂 x",
    "for optional command-line", "1 2   3",
]
"""Edges of the whitespace split: runs at the ends, around special tokens, ``▁`` typed in
the text, what Python's ``str.isspace`` and Rust's ``char::is_whitespace`` disagree on
(0x1C-0x1F are only Python's), the map's whitespace."""


def _texts() -> list[str]:
    corpora = []
    for path in sorted(CORPORA.iterdir()):
        text = path.read_text(encoding="utf-8")
        corpora += [text[i:i + 2000] for i in range(0, min(len(text), 20_000), 2000)]
    return T5_CASES + MULTILINGUAL + ADVERSARIAL + corpora


@cache
def t5_tokenizer(stem: str, tmp: Path):
    """transformers' ``T5Tokenizer`` from ``tests/.refs/<stem>.tokenizer.json``."""
    folder = tmp / stem
    folder.mkdir(exist_ok=True)
    shutil.copy(_ref(f"{stem}.tokenizer.json"), folder / "tokenizer.json")
    return transformers.T5Tokenizer.from_pretrained(str(folder))


@cache
def xlm_roberta_tokenizer():
    """transformers' ``XLMRobertaTokenizer`` on nomic_bert_moe's pieces (XLM-R's 250,002,
    without the file's padding) and precompiled map, as it builds one from a model file."""
    model, _ = read_gguf_unigram(data_file("nomic_bert_moe.gguf.gz"), name="nomic")
    vocab = [(p.piece, p.score) for p in model.pieces if p.type != "UNUSED"]
    return transformers.XLMRobertaTokenizer(
        vocab=vocab, _spm_precompiled_charsmap=model.precompiled_charsmap)


@pytest.fixture(scope="module")
def oracles(tmp_path_factory):
    """Encoding name -> transformers' tokenizer of the same model."""
    tmp = tmp_path_factory.mktemp("transformers")
    return {"t5_transformers": t5_tokenizer("t5", tmp),
            "umt5_transformers": t5_tokenizer("umt5", tmp),
            "nomic_bert_moe": xlm_roberta_tokenizer()}


def _ours(name: str, text: str) -> list[int]:
    enc = bbpe_core.get_encoding(name)
    return enc.post_process(enc.encode(text, allowed_special="all"))


@pytest.mark.parametrize("name", ["t5_transformers", "umt5_transformers", "nomic_bert_moe"])
def test_equal_to_transformers(oracles, name):
    tokenizer = oracles[name]
    for text in _texts():
        assert _ours(name, text) == tokenizer(text).input_ids, repr(text[:60])


@settings(max_examples=150, deadline=None)
@given(parts=st.lists(st.sampled_from(list("ab ▁\t\n\u3000\x1c\xa0é中") + ["</s>", "<s>"]),
                     max_size=30))
def test_whitespace_and_marks_at_random(oracles, parts):
    text = "".join(parts)
    for name in ("t5_transformers", "umt5_transformers", "nomic_bert_moe"):
        assert _ours(name, text) == oracles[name](text).input_ids, (name, text)


def test_t5_published_case():
    """The issue's case: Flan-T5's tokenizer.json keeps a ``▁`` (3) at the end, transformers
    does not."""
    assert _ours("t5_transformers", "trailing space   ") == [5032, 53, 628, 1]
    assert _ours("t5", "trailing space   ") == [5032, 53, 628, 3, 1]


@pytest.mark.parametrize("model, name", [
    ("t5-small", "t5_transformers"), ("google-t5/t5-small", "t5_transformers"),
    ("google/flan-t5-base", "t5_transformers"), ("google/t5-v1_1-xl", "t5_transformers"),
    ("google/umt5-small", "umt5_transformers"), ("nomic-ai/nomic-embed-text-v2-moe",
                                                  "nomic_bert_moe")])
def test_model_names_resolve_to_what_transformers_runs(model, name):
    assert bbpe_core.encoding_name_for_model(model) == name


def test_variants_share_their_base_tables():
    for name, base in (("t5_transformers", "t5"), ("umt5_transformers", "umt5")):
        variant, original = bbpe_core.get_encoding(name), bbpe_core.get_encoding(base)
        assert variant.vocab is original.vocab
        assert getattr(variant.encoder, "inner", variant.encoder) is original.encoder
