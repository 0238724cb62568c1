"""The shipped encodings by name: one table (``SHIPPED``) of each encoding's builder and the
data files it reads, in the order ``list_encoding_names`` gives them.

Builders live with their family: OpenAI's three in ``openai``, the other byte-level and
SentencePiece ones in ``zoo``, BERT's in ``wordpiece``, those read from GGUF files in
``zoo_gguf``, Whisper's in ``zoo_whisper``. A file's origin, sha256 and licence are its entry in
``data/MANIFEST.json`` (``data.manifest``); the models behind each name are in ``catalogue``.
Encodings load lazily, once per process, and a file's hash is checked every time it is read.
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache

from ..encoding import Encoding
from . import openai, wordpiece, zoo, zoo_gguf, zoo_whisper
from .data import manifest

__all__ = [
    "ENCODING_ALIASES",
    "SHIPPED",
    "ShippedEncoding",
    "get_encoding",
    "list_encoding_names",
]


@dataclass(frozen=True)
class ShippedEncoding:
    """One shipped encoding: how it is built and from which files.

    Attributes:
        build: the builder; called with no argument, or with the ``base`` encoding.
        files: the files in ``bbpe_core/data`` it reads; the first names its vocabulary's
            origin and licence in the manifest (None for OpenAI's three, which are not in it).
        base: the shipped encoding whose ranks it extends (built first and passed to
            ``build``), or None.
    """

    build: Callable[..., Encoding]
    files: tuple[str, ...]
    base: str | None = None

    @property
    def manifest_entry(self) -> dict | None:
        """The manifest's entry of its first file (origin, sha256, licence), or None."""
        return manifest().get(self.files[0])


SHIPPED: dict[str, ShippedEncoding] = {
    "gpt2": ShippedEncoding(openai.gpt2, ("r50k_base.tiktoken.gz",)),
    "cl100k_base": ShippedEncoding(openai.cl100k_base, ("cl100k_base.tiktoken.gz",)),
    "o200k_base": ShippedEncoding(openai.o200k_base, ("o200k_base.tiktoken.gz",)),
    "p50k_base": ShippedEncoding(zoo.p50k_base, ("p50k_base.tiktoken.gz",)),
    "p50k_edit": ShippedEncoding(zoo.p50k_edit, ("p50k_base.tiktoken.gz",), base="p50k_base"),
    "o200k_harmony": ShippedEncoding(zoo.o200k_harmony, ("o200k_harmony_added_tokens.json.gz",),
                                     base="o200k_base"),
    "llama3": ShippedEncoding(zoo.llama3, ("llama3.tiktoken.gz", "llama3_added_tokens.json.gz")),
    "llama4": ShippedEncoding(zoo.llama4, ("llama4.tiktoken.gz",
                                           "llama4_special_tokens.json.gz")),
    "qwen3": ShippedEncoding(zoo.qwen3, ("qwen.tiktoken.gz", "qwen3_added_tokens.json.gz")),
    "qwen3_6": ShippedEncoding(zoo.qwen3_6, ("qwen3_6.tiktoken.gz", "qwen3_6_tokenizer.json.gz")),
    "deepseek_v3": ShippedEncoding(zoo.deepseek_v3, ("deepseek_v3.packed.gz",)),
    "deepseek_v4": ShippedEncoding(zoo.deepseek_v4, ("deepseek_v4.packed.gz",)),
    "mistral_tekken": ShippedEncoding(zoo.mistral_tekken, ("tekken_240718.json.gz",)),
    "claude_legacy": ShippedEncoding(zoo.claude_legacy, ("claude.json.gz",)),
    "phi4": ShippedEncoding(zoo.phi4, ("phi4_special_tokens.json.gz",), base="cl100k_base"),
    "llama2": ShippedEncoding(zoo.llama2, ("llama2.model.gz",)),
    "mistral_v1": ShippedEncoding(zoo.mistral_v1, ("mistral_v1.model.gz",)),
    "mistral_v3": ShippedEncoding(zoo.mistral_v3, ("mistral_v3.model.gz",)),
    "mistral_v7": ShippedEncoding(zoo.mistral_v7, ("mistral_v7.model.gz",)),
    "gemma2": ShippedEncoding(zoo.gemma2, ("gemma2.tokenizer.json.gz",)),
    "gemma3": ShippedEncoding(zoo.gemma3, ("gemma3.tokenizer.json.gz",)),
    "t5": ShippedEncoding(zoo.t5, ("t5.tokenizer.json.gz",)),
    "umt5": ShippedEncoding(zoo.umt5, ("umt5.tokenizer.json.gz",)),
    "jurassic2": ShippedEncoding(zoo.jurassic2, ("jurassic2.model.gz",)),
    "bert_base_uncased": ShippedEncoding(wordpiece.bert_base_uncased,
                                         ("bert_base_uncased.vocab.txt.gz",)),
    "gemma4": ShippedEncoding(zoo_gguf.gemma4, ("gemma4.gguf.gz",)),
    "phi3": ShippedEncoding(zoo_gguf.phi3, ("phi3.gguf.gz",)),
    "falcon": ShippedEncoding(zoo_gguf.falcon, ("falcon.gguf.gz",)),
    "mpt": ShippedEncoding(zoo_gguf.mpt, ("mpt.gguf.gz",)),
    "gpt_neox": ShippedEncoding(zoo_gguf.gpt_neox, ("mpt.gguf.gz",)),
    "bge": ShippedEncoding(wordpiece.bge, ("bert_base_uncased.vocab.txt.gz",)),
    "nomic_bert_moe": ShippedEncoding(zoo_gguf.nomic_bert_moe, ("nomic_bert_moe.gguf.gz",)),
    "whisper": ShippedEncoding(zoo_whisper.whisper, ("whisper_multilingual.tiktoken.gz",
                                                     "whisper_languages.json.gz")),
    "whisper_v3": ShippedEncoding(zoo_whisper.whisper_v3, ("whisper_multilingual.tiktoken.gz",
                                                           "whisper_languages.json.gz")),
    "whisper_en": ShippedEncoding(zoo_whisper.whisper_en, ("whisper_languages.json.gz",),
                                  base="gpt2"),
}
"""Encoding name -> how it is built, in the order ``list_encoding_names`` gives them."""

ENCODING_ALIASES = {"r50k_base": "gpt2"}
"""Other names of shipped encodings (r50k_base is tiktoken's name for GPT-2's ranks)."""


def list_encoding_names() -> list[str]:
    """The names of the shipped encodings (aliases not included), in ``SHIPPED``'s order.

    >>> list_encoding_names()[:5]
    ['gpt2', 'cl100k_base', 'o200k_base', 'p50k_base', 'p50k_edit']
    """
    return list(SHIPPED)


@cache
def _load(name: str) -> Encoding:
    with _gc_paused():
        enc = _build(name)
    enc.register_loader(get_encoding)  # pickles by name
    return enc


@contextmanager
def _gc_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector inside the block (re-entrant: an inner block
    leaves it as the outer one found it).

    Building a vocabulary allocates a few hundred thousand tuples, lists and dicts that form
    no cycles; the collector would scan them many times over while they are made.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _build(name: str) -> Encoding:
    shipped = SHIPPED[name]
    if shipped.base is None:
        return shipped.build()
    return shipped.build(get_encoding(shipped.base))


def get_encoding(name: str) -> Encoding:
    """Return a shipped encoding by name, loading it on first use (cached).

    Args:
        name: one of ``list_encoding_names()``, or the alias ``"r50k_base"`` of gpt2.

    Returns:
        The shared ``Encoding`` (treat it as immutable).

    Raises:
        ValueError: for an unknown name (the message lists the known ones), as
            tiktoken's ``get_encoding`` does; ``VocabFileError`` (a ValueError) if a shipped
            file fails its sha256 check.

    >>> get_encoding("r50k_base") is get_encoding("gpt2")
    True
    """
    canonical = ENCODING_ALIASES.get(name, name) if isinstance(name, str) else name
    if canonical not in list_encoding_names():
        known = ", ".join([*list_encoding_names(), *ENCODING_ALIASES])
        raise ValueError(f"unknown encoding {name!r}; known encodings: {known}")
    return _load(canonical)
