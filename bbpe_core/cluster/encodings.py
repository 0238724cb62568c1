"""Encodings as they travel to workers: a shipped one by name, any other as its file.

A shipped encoding pickles by name and each worker loads it from package data. A GGUF model
file's travels as its header alone (``gguf_header.header_length`` bytes, never the weights).
A trained or uploaded one travels as the bytes of its ``tokenizer.json`` (the format
``train --out`` and ``save_hf_tokenizer_json`` write: ranks, merges, pattern and special tokens
in one file);
each worker parses it once (cached by content). This module also says which encodings may
count a file cut at line starts (see ``blocks``).
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from ..encoding import Encoding
from ..encodings.registry import ENCODING_ALIASES, get_encoding, list_encoding_names
from ..encodings.zoo import QWEN_PATTERN
from ..formats.gguf import GGUFWarning, load_gguf
from ..formats.gguf_header import header_length
from ..formats.hf_json import load_hf_tokenizer_json
from ..normalizers.replace import NormalizerSequence, Prepend
from ..normalizers.sentencepiece import SentencePieceNormalizer
from ..pre_tokenizers import RegexSplit
from ..pre_tokenizers.patterns import CL100K_PATTERN, GPT2_PATTERN, O200K_PATTERN
from ..source import read_bytes

__all__ = ["EncodingSpec", "LINE_START_PATTERNS", "MAX_TOKENIZER_JSON_BYTES", "cuts_at_line_starts",
           "load", "spec_for"]

MAX_TOKENIZER_JSON_BYTES = 64 << 20
"""The largest ``tokenizer.json`` ``count --encoding`` reads (64 MiB; Llama 3's is 9 MB), checked
before it is read."""


LINE_START_PATTERNS = frozenset([GPT2_PATTERN, CL100K_PATTERN, O200K_PATTERN, QWEN_PATTERN])
"""Split patterns known to end a chunk at every line start (``tests/test_cluster.py`` checks
each, and every shipped encoding as a whole): GPT-2's, cl100k_base's (Llama 3's), o200k_base's
(Llama 4's) and Qwen's."""


@dataclass(frozen=True)
class EncodingSpec:
    """What a worker needs to build an encoding.

    Attributes:
        name: a shipped encoding's name, or the name shown for a file.
        tokenizer_json: the file's bytes, or None for a shipped encoding.
        gguf_header: a GGUF file's header bytes (``load_gguf``), or None.
    """

    name: str
    tokenizer_json: bytes | None = None
    gguf_header: bytes | None = None


@lru_cache(maxsize=16)
def load(spec: EncodingSpec) -> Encoding:
    """Build (once per process) the encoding a spec describes.

    Raises:
        ValueError: for an unknown name; VocabFileError (a ValueError) for a bad file.
    """
    if spec.gguf_header is not None:
        with warnings.catch_warnings():  # said once by the client (gguf_warnings), not per worker
            warnings.simplefilter("ignore", GGUFWarning)
            return load_gguf(spec.gguf_header, name=spec.name)
    if spec.tokenizer_json is None:
        return get_encoding(spec.name)
    enc = load_hf_tokenizer_json(spec.tokenizer_json, name=spec.name)
    if enc.pat_str in LINE_START_PATTERNS and isinstance(enc.pre_tokenizer, RegexSplit):
        # a shipped pattern needs no ReDoS guard, and a block may take longer than its timeout
        enc = load_hf_tokenizer_json(spec.tokenizer_json, name=spec.name, pattern_timeout=None)
    return enc


def spec_for(item: str) -> EncodingSpec:
    """The spec for a command-line item: a shipped name (or alias), the path of a GGUF model
    file (``.gguf``), or of a ``tokenizer.json`` or a directory holding one (as ``train
    --out`` writes).

    Raises:
        ValueError: for an item that is neither (the message lists the shipped names);
            VocabFileError (a ValueError) for a file that does not load or is larger than
            ``MAX_TOKENIZER_JSON_BYTES``.
        OSError: for a file that cannot be read.
    """
    if item in list_encoding_names() or item in ENCODING_ALIASES:
        return EncodingSpec(ENCODING_ALIASES.get(item, item))
    path = Path(item)
    if item.lower().endswith(".gguf"):
        size = header_length(path)  # refuses a device or FIFO before anything opens it
        with open(path, "rb") as f:  # the header alone: at most MAX_HEADER_BYTES, mapped
            header = f.read(size)
        spec = EncodingSpec(path.name.removesuffix(".gguf"), gguf_header=header)
        load(spec)
        return spec
    if path.is_dir():
        path = path / "tokenizer.json"
    if not path.is_file():
        get_encoding(item)  # raises: unknown encoding, with the known names
    spec = EncodingSpec(item, read_bytes(path, name=item, max_bytes=MAX_TOKENIZER_JSON_BYTES)[0])
    load(spec)  # a bad file fails here, on the client, once
    return spec


def cuts_at_line_starts(enc: Encoding) -> bool:
    """Whether ``enc`` is known to end a chunk at every line start, so that a text cut there
    counts as the whole: a shipped encoding whose normalizer adds no dummy prefix (Llama 2's
    and Mistral 7B's SentencePiece ``▁`` would start every block), or one splitting with a
    shipped encoding's pattern alone (no normalizer, no prefix space, no added token holding
    a newline). ``tests/test_cluster.py`` checks every shipped encoding against this.

    >>> cuts_at_line_starts(get_encoding("qwen3")), cuts_at_line_starts(get_encoding("llama2"))
    (True, False)
    """
    if enc.name in list_encoding_names() and get_encoding(enc.name) is enc:
        return not _prepends(enc.normalizer)
    return (enc.pat_str in LINE_START_PATTERNS and isinstance(enc.pre_tokenizer, RegexSplit)
            and enc.normalizer is None and not enc.add_prefix_space
            and not any("\n" in t for t in enc.added_tokens))


def _prepends(normalizer: object) -> bool:
    """Whether a normalizer puts text before each segment (HF's ``Prepend``, alone or in a
    ``Sequence``), or is the ``sentencepiece`` library's, whose output for a line depends on
    the text before it (its spaces, a dummy prefix; Jurassic-2's ``▁`` before a line is the
    newline before it)."""
    if isinstance(normalizer, NormalizerSequence):
        return any(map(_prepends, normalizer.steps))
    return isinstance(normalizer, (Prepend, SentencePieceNormalizer))
