"""How the selectors name encodings: the models first, then the encoding, from
``bbpe_core.encoding_catalogue`` (no Streamlit here).

>>> label("qwen3")
'Qwen · Qwen 2.5 / 3 → qwen3'
>>> label("my upload")
'my upload'
"""

from __future__ import annotations

from functools import cache

from bbpe_core import EncodingInfo, encoding_catalogue

__all__ = ["COMPARE_DEFAULT", "COMPARE_MODE_DEFAULT", "describe", "info", "label", "source_line"]

COMPARE_DEFAULT = ["o200k_base", "llama3", "qwen3", "deepseek_v3", "mistral_tekken", "gpt2"]
"""The Compare lab's first set: GPT-4o, Llama 3, Qwen 3, DeepSeek V3, Mistral NeMo, GPT-2."""

COMPARE_MODE_DEFAULT = ["gpt2", "cl100k_base", "o200k_base"]
"""Compare mode's first set: three generations of OpenAI's encodings (GPT-2, GPT-4, GPT-4o)."""


@cache
def _by_name() -> dict[str, EncodingInfo]:
    return {row.name: row for row in encoding_catalogue()}


def info(name: str) -> EncodingInfo | None:
    """The catalogue row of a shipped encoding, None for a user's."""
    return _by_name().get(name)


def label(name: str) -> str:
    """What a selector shows for ``name``: "family · models → name" for a shipped encoding
    (typing part of a model or family name finds it), the name itself for a user's."""
    row = info(name)
    return name if row is None else f"{row.family} · {row.label} → {name}"


def describe(name: str, n_vocab: int) -> str:
    """One short plain-text line about an encoding: vocabulary size, licence, notice (the
    source, a long file path, is ``source_line``'s).

    >>> describe("gpt2", 50257)
    "50,257 ids. Licence: MIT (OpenAI's ranks, via gpt-tokenizer)."
    """
    row = info(name)
    if row is None:
        return f"{n_vocab:,} ids; your tokenizer (kept while this tab is open)."
    notice = f" {row.notice}" if row.notice else ""
    return f"{n_vocab:,} ids. Licence: {row.licence}.{notice}"


def source_line(name: str) -> str | None:
    """Where a shipped encoding's vocabulary comes from (package, version, file), or None for
    a user's tokenizer.

    >>> source_line("gpt2")
    'gpt-tokenizer 4.0.0 (package/data/r50k_base.tiktoken)'
    """
    row = info(name)
    return None if row is None else row.source
