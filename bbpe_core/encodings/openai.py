"""OpenAI's three original encodings: gpt2 (r50k_base), cl100k_base, o200k_base.

Each is data: a ``.tiktoken.gz`` file in ``bbpe_core/data`` (named in ``registry.SHIPPED``;
its manifest entry's sha256 is the ``expected_hash`` of tiktoken's
``tiktoken_ext/openai_public.py``, checked every time the file is read), its split pattern and
its special tokens (same source); each builder takes the file's content.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..encoding import Encoding
from ..formats.tiktoken_file import load_tiktoken
from ..pre_tokenizers.patterns import CL100K_PATTERN, GPT2_PATTERN, O200K_PATTERN

__all__ = ["BUILTIN_ENCODINGS", "ENDOFPROMPT", "ENDOFTEXT", "cl100k_base", "gpt2", "o200k_base"]

ENDOFTEXT = "<|endoftext|>"
FIM_PREFIX = "<|fim_prefix|>"
FIM_MIDDLE = "<|fim_middle|>"
FIM_SUFFIX = "<|fim_suffix|>"
ENDOFPROMPT = "<|endofprompt|>"


@dataclass(frozen=True)
class BuiltinEncoding:
    """How to build one of OpenAI's three encodings.

    Attributes:
        pat_str: the split pattern.
        special_tokens: text -> id.
        n_vocab: the expected ``max id + 1``.
    """

    pat_str: str
    special_tokens: dict[str, int]
    n_vocab: int


BUILTIN_ENCODINGS: dict[str, BuiltinEncoding] = {
    "gpt2": BuiltinEncoding(GPT2_PATTERN, {ENDOFTEXT: 50256}, 50257),
    "cl100k_base": BuiltinEncoding(
        CL100K_PATTERN,
        {ENDOFTEXT: 100257, FIM_PREFIX: 100258, FIM_MIDDLE: 100259, FIM_SUFFIX: 100260,
         ENDOFPROMPT: 100276},
        100277,
    ),
    "o200k_base": BuiltinEncoding(
        O200K_PATTERN, {ENDOFTEXT: 199999, ENDOFPROMPT: 200018}, 200019,
    ),
}


def _builtin(name: str, ranks: bytes) -> Encoding:
    spec = BUILTIN_ENCODINGS[name]
    enc = load_tiktoken(ranks, name=name, pat_str=spec.pat_str,
                        special_tokens=spec.special_tokens)
    if enc.n_vocab != spec.n_vocab:
        raise ValueError(f"{name}: n_vocab is {enc.n_vocab}, expected {spec.n_vocab}")
    return enc


def gpt2(ranks: bytes) -> Encoding:
    """GPT-2 and GPT-3 (tiktoken's ``r50k_base``): 50,256 ranks and ``<|endoftext|>``."""
    return _builtin("gpt2", ranks)


def cl100k_base(ranks: bytes) -> Encoding:
    """GPT-3.5, GPT-4 and the embeddings models (tiktoken's ``cl100k_base``)."""
    return _builtin("cl100k_base", ranks)


def o200k_base(ranks: bytes) -> Encoding:
    """GPT-4o, GPT-4.1, GPT-5, o1-o4 (tiktoken's ``o200k_base``)."""
    return _builtin("o200k_base", ranks)
