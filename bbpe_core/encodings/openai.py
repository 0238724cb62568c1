"""OpenAI's three original encodings: gpt2 (r50k_base), cl100k_base, o200k_base.

Each is data: a ``.tiktoken.gz`` file in ``bbpe_core/data`` with the sha256 of its
uncompressed content (the ``expected_hash`` of tiktoken's
``tiktoken_ext/openai_public.py``), its split pattern and its special tokens (same source).
The hash is checked every time a file is read.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import resources

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
        file: the file name in ``bbpe_core/data``.
        sha256: hex sha256 of the uncompressed file.
        pat_str: the split pattern.
        special_tokens: text -> id.
        n_vocab: the expected ``max id + 1``.
        used_by: the models that use it (for display).
    """

    file: str
    sha256: str
    pat_str: str
    special_tokens: dict[str, int]
    n_vocab: int
    used_by: str


BUILTIN_ENCODINGS: dict[str, BuiltinEncoding] = {
    "gpt2": BuiltinEncoding(
        "r50k_base.tiktoken.gz",
        "306cd27f03c1a714eca7108e03d66b7dc042abe8c258b44c199a7ed9838dd930",
        GPT2_PATTERN,
        {ENDOFTEXT: 50256},
        50257,
        "GPT-2, GPT-3",
    ),
    "cl100k_base": BuiltinEncoding(
        "cl100k_base.tiktoken.gz",
        "223921b76ee99bde995b7ff738513eef100fb51d18c93597a113bcffe865b2a7",
        CL100K_PATTERN,
        {ENDOFTEXT: 100257, FIM_PREFIX: 100258, FIM_MIDDLE: 100259, FIM_SUFFIX: 100260,
         ENDOFPROMPT: 100276},
        100277,
        "GPT-3.5, GPT-4",
    ),
    "o200k_base": BuiltinEncoding(
        "o200k_base.tiktoken.gz",
        "446a9538cb6c348e3516120d7c08b09f57c36495e2acfffe59a5bf8b0cfb1a2d",
        O200K_PATTERN,
        {ENDOFTEXT: 199999, ENDOFPROMPT: 200018},
        200019,
        "GPT-4o, o1, o3",
    ),
}


def _builtin(name: str) -> Encoding:
    spec = BUILTIN_ENCODINGS[name]
    data = resources.files("bbpe_core").joinpath("data", spec.file).read_bytes()
    enc = load_tiktoken(
        data,
        name=name,
        pat_str=spec.pat_str,
        special_tokens=spec.special_tokens,
        expected_hash=spec.sha256,
    )
    if enc.n_vocab != spec.n_vocab:
        raise ValueError(f"{name}: n_vocab is {enc.n_vocab}, expected {spec.n_vocab}")
    return enc


def gpt2() -> Encoding:
    """GPT-2 and GPT-3 (tiktoken's ``r50k_base``): 50,256 ranks and ``<|endoftext|>``."""
    return _builtin("gpt2")


def cl100k_base() -> Encoding:
    """GPT-3.5, GPT-4 and the embeddings models (tiktoken's ``cl100k_base``)."""
    return _builtin("cl100k_base")


def o200k_base() -> Encoding:
    """GPT-4o, GPT-4.1, GPT-5, o1-o4 (tiktoken's ``o200k_base``)."""
    return _builtin("o200k_base")
