"""Whisper's encodings against tiktoken built as openai-whisper 20250625's
``whisper/tokenizer.py`` ``get_encoding`` builds it (its ranks files and ``LANGUAGES``, from
``tests/.refs``: ``scripts/fetch_vocabularies.py --references``)."""

from __future__ import annotations

import ast
import base64
from functools import cache

import pytest
from hypothesis import given, settings
from samples import ADVERSARIAL, CORPORA, MULTILINGUAL, utf8_texts
from zoo_oracles import _ref

import bbpe_core

CASES = {"whisper": ("whisper_multilingual.tiktoken", 99),
         "whisper_v3": ("whisper_multilingual.tiktoken", 100),
         "whisper_en": ("whisper_gpt2.tiktoken", 99)}


@cache
def oracle(name: str):
    """tiktoken.Encoding exactly as whisper's get_encoding(name, num_languages) makes it."""
    tiktoken = pytest.importorskip("tiktoken")
    file, num_languages = CASES[name]
    tree = ast.parse(_ref("whisper_tokenizer.py").read_bytes())
    languages = next(ast.literal_eval(n.value) for n in tree.body if isinstance(n, ast.Assign)
                     and getattr(n.targets[0], "id", "") == "LANGUAGES")
    ranks = {base64.b64decode(token): int(rank) for token, rank in
             (line.split() for line in _ref(file).read_text().splitlines() if line)}
    n_vocab = len(ranks)
    specials = ["<|endoftext|>", "<|startoftranscript|>",
                *[f"<|{lang}|>" for lang in list(languages)[:num_languages]],
                "<|translate|>", "<|transcribe|>", "<|startoflm|>", "<|startofprev|>",
                "<|nospeech|>", "<|notimestamps|>", *[f"<|{i * 0.02:.2f}|>" for i in range(1501)]]
    special_tokens = {token: n_vocab + k for k, token in enumerate(specials)}
    return tiktoken.Encoding(
        name=file, explicit_n_vocab=n_vocab + len(specials),
        pat_str=r"""'s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+""",
        mergeable_ranks=ranks, special_tokens=special_tokens)


SPECIAL = "<|startoftranscript|><|en|><|transcribe|><|0.00|> Hello.<|1.50|><|endoftext|>"


@pytest.mark.parametrize("name", list(CASES))
def test_same_ids_as_whispers_tiktoken(name):
    ours, theirs = bbpe_core.get_encoding(name), oracle(name)
    assert ours.n_vocab == theirs.n_vocab
    assert ours.special_tokens == {t: theirs.encode_single_token(t)
                                   for t in theirs.special_tokens_set}
    for text in MULTILINGUAL + ADVERSARIAL + [SPECIAL]:
        assert ours.encode(text, allowed_special="all") == theirs.encode(
            text, allowed_special="all"), text[:40]
    for corpus in ("en_python_docs.txt", "zh_tang_poems.txt"):
        text = (CORPORA / corpus).read_text(encoding="utf-8")[:100_000]
        assert ours.encode_ordinary(text) == theirs.encode_ordinary(text)
    assert ours.decode(ours.encode(SPECIAL, allowed_special="all")) == SPECIAL


@settings(max_examples=60, deadline=None)
@given(utf8_texts)
def test_random_text(text):
    for name in CASES:
        assert bbpe_core.get_encoding(name).encode_ordinary(text) == \
            oracle(name).encode_ordinary(text)


@pytest.mark.parametrize(("model", "name"), [
    ("openai/whisper-large-v3-turbo", "whisper_v3"), ("whisper-small", "whisper"),
    ("openai/whisper-tiny.en", "whisper_en")])
def test_model_names(model, name):
    assert bbpe_core.encoding_name_for_model(model) == name
