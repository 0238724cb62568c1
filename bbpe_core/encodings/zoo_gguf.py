"""The shipped encodings read from GGUF files: vocabularies llama.cpp converted from the models'
own tokenizers (its ``models/ggml-vocab-*.gguf``, from llama-cpp-python 0.3.36's source
archive; sha256 and licence in ``data/MANIFEST.json``), built by ``formats.gguf.load_gguf``.

Their parity tests are llama.cpp's test pairs beside each file (made with HF tokenizers on
the model's tokenizer.json; ``tests/test_gguf.py``).
"""

from __future__ import annotations

from ..encoding import Encoding
from ..formats.gguf import load_gguf
from .data import data_file

__all__ = ["gemma4", "phi3"]


def gemma4() -> Encoding:
    """Gemma 4: BPE by merges over ``▁``-escaped text with byte fallback, 262,144 pieces, no
    dummy prefix (llama.cpp's ``gemma4`` tokenizer kind); the API adds ``<bos>``."""
    return load_gguf(data_file("gemma4.gguf.gz"), name="gemma4")


def phi3() -> Encoding:
    """Phi-3 / Phi-3.5 mini: Llama 2's SentencePiece BPE (32,000 pieces, a dummy prefix, byte
    fallback) and Phi-3's 64 added tokens (``<|assistant|>``, ``<|end|>``, ...)."""
    return load_gguf(data_file("phi3.gguf.gz"), name="phi3")
