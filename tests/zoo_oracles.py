"""Reference tokenizers for the encodings of ``bbpe_core.encodings.zoo`` (test-only), built from the
official files that ``scripts/fetch_vocabularies.py --references tests/.refs`` extracts from
the pinned packages (``scripts/test.sh`` runs it before pytest; nothing is fetched here).

Each oracle is a function ``text -> ids`` with the reference library's own semantics, and
``ORACLES[name]`` says which call of ``Encoding`` it is compared with.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

import bbpe_core

REFS = Path(__file__).resolve().parent / ".refs"

HF_FILES = {
    "o200k_harmony": "o200k_harmony.tokenizer.json",
    "llama3": "llama3.tokenizer.json",
    "qwen3": "qwen3.tokenizer.json",
    "deepseek_v3": "deepseek_v3.tokenizer.json",
    "deepseek_v4": "deepseek_v4.tokenizer.json",
    "claude_legacy": "claude.tokenizer.json",
}
"""Encodings compared with HF tokenizers on the official tokenizer.json
(``encode(text, add_special_tokens=False).ids`` vs ``encode(text, allowed_special="all")``)."""

HF_FILES |= {"mistral_v1": "mistral_v1.tokenizer.json", "gemma2": "gemma2.tokenizer.json",
             "gemma3": "gemma3.tokenizer.json"}  # SentencePiece BPE with byte fallback

HF_FILES |= {"t5": "t5.tokenizer.json", "umt5": "umt5.tokenizer.json"}  # Unigram

SP_MODELS = {"llama2": "llama2.model", "mistral_v3": "mistral_v3.model",
             "mistral_v7": "mistral_v7.model",
             "jurassic2": "jurassic2.model"}
"""Encodings compared with ``sentencepiece.SentencePieceProcessor(model_file=...).encode``
(``encode_ordinary``)."""

R50K_TIKTOKEN_PATTERN = (
    r"""'(?:[sdmt]|ll|ve|re)| ?\p{L}++| ?\p{N}++| ?[^\s\p{L}\p{N}]++|\s++$|\s+(?!\S)|\s"""
)
"""tiktoken's own (possessive) pattern of r50k / p50k (``tiktoken_ext/openai_public.py``)."""

LLAMA4_PATTERN = (
    r"""[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+"""
    r"""(?i:'s|'t|'re|'ve|'m|'ll|'d)?|[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+"""
    r"""[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?|\p{N}{1,3}"""
    r"""| ?[^\s\p{L}\p{N}]+[\r\n/]*|\s*[\r\n]+|\s+(?!\S)|\s+"""
)
"""``Tokenizer.O200K_PATTERN`` of llama_models' ``llama4/tokenizer.py``, as written there."""

TIKTOKEN_FILES = {
    "p50k_base": ("p50k_base.tiktoken", R50K_TIKTOKEN_PATTERN),
    "p50k_edit": ("p50k_base.tiktoken", R50K_TIKTOKEN_PATTERN),
    "llama4": ("llama4.tiktoken", LLAMA4_PATTERN),
}
"""Encodings compared with tiktoken built from the same file (``encode_ordinary``)."""


def _ref(file: str) -> Path:
    """``tests/.refs/<file>``; skips the test if the reference script has not extracted it."""
    path = REFS / file
    if not path.exists():
        pytest.skip(f"{path} missing: run python3 scripts/fetch_vocabularies.py --no-ship "
                    "--references tests/.refs")
    return path


def llama_cpp_vocab(stem: str) -> Path:
    """llama.cpp's vocabulary file ``tests/.refs/llama.cpp/ggml-vocab-<stem>.gguf`` (its test
    pairs beside it as ``.gguf.inp`` / ``.gguf.out``); skips the test if it is missing."""
    return _ref(f"llama.cpp/ggml-vocab-{stem}.gguf")


@cache
def hf_oracle(name: str):
    """HF tokenizers on the official tokenizer.json of ``name``: text -> ids."""
    from tokenizers import Tokenizer

    tokenizer = Tokenizer.from_file(str(_ref(HF_FILES[name])))
    return lambda text: tokenizer.encode(text, add_special_tokens=False).ids


@cache
def tiktoken_oracle(name: str):
    """tiktoken built from the same ranks file as ``name``: text -> ``encode_ordinary`` ids."""
    import tiktoken
    from tiktoken.load import load_tiktoken_bpe

    file, pattern = TIKTOKEN_FILES[name]
    ranks = load_tiktoken_bpe(str(_ref(file)))
    specials = bbpe_core.get_encoding(name).special_tokens
    return tiktoken.Encoding(name, pat_str=pattern, mergeable_ranks=ranks,
                             special_tokens=specials).encode_ordinary


@cache
def sp_processor(name: str):
    """The ``sentencepiece`` library on the ``.model`` file of ``name``."""
    sentencepiece = pytest.importorskip("sentencepiece")
    return sentencepiece.SentencePieceProcessor(model_file=str(_ref(SP_MODELS[name])))


@cache
def tekken_oracle():
    """mistral-common's Tekkenizer on the original tekken_240718.json: text -> ids."""
    from mistral_common.tokens.tokenizers.tekken import Tekkenizer

    tekkenizer = Tekkenizer.from_file(str(_ref("tekken_240718.json")))
    return lambda text: tekkenizer.encode(text, bos=False, eos=False)


def oracle_and_ours(name: str):
    """``(reference, ours)``: two functions text -> ids that must agree for ``name``."""
    enc = bbpe_core.get_encoding(name)
    if name in HF_FILES:
        return hf_oracle(name), lambda text: enc.encode(text, allowed_special="all")
    if name in TIKTOKEN_FILES:
        return tiktoken_oracle(name), enc.encode_ordinary
    if name in SP_MODELS:
        return sp_processor(name).encode, enc.encode_ordinary
    return tekken_oracle(), enc.encode_ordinary


ZOO_NAMES = [*HF_FILES, *TIKTOKEN_FILES, *SP_MODELS, "mistral_tekken"]
