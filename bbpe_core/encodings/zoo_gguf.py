"""The shipped encodings read from GGUF files: vocabularies llama.cpp converted from the models'
own tokenizers (its ``models/ggml-vocab-*.gguf``, from llama-cpp-python 0.3.36's source
archive; sha256 and licence in ``data/MANIFEST.json``), built by ``formats.gguf.load_gguf`` from
the file's content (``registry.SHIPPED`` names the file).

Their parity tests are llama.cpp's test pairs beside each file (made with HF tokenizers on
the model's tokenizer.json; ``tests/test_gguf.py``).
"""

from __future__ import annotations

from ..encoding import Encoding
from ..formats.gguf import load_gguf

__all__ = ["falcon", "gemma4", "gpt_neox", "mpt", "nomic_bert_moe", "phi3"]


def gemma4(gguf: bytes) -> Encoding:
    """Gemma 4: BPE by merges over ``▁``-escaped text with byte fallback, 262,144 pieces, no
    dummy prefix (llama.cpp's ``gemma4`` tokenizer kind); the API adds ``<bos>``."""
    return load_gguf(gguf, name="gemma4")


def phi3(gguf: bytes) -> Encoding:
    """Phi-3 / Phi-3.5 mini: Llama 2's SentencePiece BPE (32,000 pieces, a dummy prefix, byte
    fallback) and Phi-3's 64 added tokens (``<|assistant|>``, ``<|end|>``, ...)."""
    return load_gguf(gguf, name="phi3")


def falcon(gguf: bytes) -> Encoding:
    """Falcon-7B / 40B: byte-level BPE, 65,024 tokens, Falcon's pre-tokenizer (llama.cpp's
    ``falcon``); some single bytes have no token and are dropped, as llama.cpp does."""
    return load_gguf(gguf, name="falcon", pattern_timeout=None)


def mpt(gguf: bytes) -> Encoding:
    """MPT-7B / 30B: GPT-NeoX-20B's byte-level BPE (50,254 merged tokens, its whitespace-run
    added tokens, padding to 50,432); some single bytes have no token (llama.cpp's ``mpt``)."""
    return load_gguf(gguf, name="mpt", pattern_timeout=None)


def gpt_neox(gguf: bytes) -> Encoding:
    """GPT-NeoX-20B / Pythia: the same file as ``mpt`` (MPT took GPT-NeoX-20B's tokenizer;
    llama.cpp's own gpt-neox file has the same tokens and merges but names no pre-tokenizer,
    so llama.cpp would split it with its 'default' patterns, not GPT-NeoX's)."""
    return load_gguf(gguf, name="gpt_neox", pattern_timeout=None)


def nomic_bert_moe(gguf: bytes) -> Encoding:
    """nomic-embed-text-v2-moe: XLM-RoBERTa's SentencePiece Unigram (250,048 pieces, its
    ``nmt_nfkc`` precompiled map, a dummy prefix); the API adds ``<s>`` and ``</s>``."""
    return load_gguf(gguf, name="nomic_bert_moe")
