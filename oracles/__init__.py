"""The oracles: reference libraries wrapped for the tests and benchmarks (never imported by
the product): tiktoken encodings built from our own data files, and the textbook trainer
(``naive_trainer``).

tiktoken is given its own possessive split patterns (from tiktoken_ext/openai_public.py)
and ranks parsed here independently of bbpe_core's loader, so parity tests compare two
implementations, not one with itself. Nothing is fetched from the network.
"""

from __future__ import annotations

import base64
import gzip
from functools import lru_cache
from pathlib import Path

import bbpe_core

DATA = Path(bbpe_core.__file__).parent / "data"
ENCODING_NAMES = ["gpt2", "cl100k_base", "o200k_base"]

TIKTOKEN_PATTERNS = {
    "gpt2": r"""'(?:[sdmt]|ll|ve|re)| ?\p{L}++| ?\p{N}++| ?[^\s\p{L}\p{N}]++|\s++$|\s+(?!\S)|\s""",
    "cl100k_base": r"""'(?i:[sdmt]|ll|ve|re)|[^\r\n\p{L}\p{N}]?+\p{L}++|\p{N}{1,3}+"""
                   r"""| ?[^\s\p{L}\p{N}]++[\r\n]*+|\s++$|\s*[\r\n]|\s+(?!\S)|\s""",
    # o200k_base's tiktoken pattern is the same string as ours (verbatim from openai_public.py)
    "o200k_base": bbpe_core.O200K_PATTERN,
    # as llama_models' llama3/tokenizer.py writes it (for the CJK cut's tests: llama3 has
    # tokens that its merges never reach)
    "llama3": r"""(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}"""
              r"""| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+""",
}
DATA_FILES = {"gpt2": "r50k_base", "cl100k_base": "cl100k_base", "o200k_base": "o200k_base",
              "llama3": "llama3"}


def _ranks(name: str) -> dict[bytes, int]:
    with gzip.open(DATA / f"{DATA_FILES[name]}.tiktoken.gz", "rt") as f:
        return {base64.b64decode(t): int(r)
                for t, r in (line.split() for line in f if line.strip())}


_ORACLES: dict = {}


def tiktoken_encoding(name: str):
    """tiktoken's Encoding for one shipped encoding, from our data file (cached)."""
    if name not in _ORACLES:
        import tiktoken

        _ORACLES[name] = tiktoken.Encoding(
            name,
            pat_str=TIKTOKEN_PATTERNS[name],
            mergeable_ranks=_ranks(name),
            special_tokens=bbpe_core.get_encoding(name).special_tokens,
        )
    return _ORACLES[name]


@lru_cache(maxsize=None)
def tiny_cache_encoding(name: str) -> bbpe_core.Encoding:
    """The shipped encoding ``name`` with caches of 3 entries (each emptied when full), shared
    by the tests of one run: the CJK cut and character table are built once, not per example."""
    return variant(name, cache_size=3)


def variant(name: str, **settings) -> bbpe_core.Encoding:
    """The shipped byte-level encoding ``name`` built afresh (its own caches), with
    ``settings`` (any ``Encoding`` keyword: ``pat_str``, ``special_tokens``, ``cache_size``,
    ``fast``, ...) in place of its own; the tests' one way to make a small variant of it."""
    shared = bbpe_core.get_encoding(name)
    own = {"pat_str": shared.pat_str, "mergeable_ranks": shared.mergeable_ranks,
           "special_tokens": shared.special_tokens}
    return bbpe_core.Encoding(name, **(own | settings))
