"""Shared fixtures: the oracles (tiktoken, HF tokenizers), built from our own data files.

tiktoken is given its own possessive split patterns (from tiktoken_ext/openai_public.py)
and ranks parsed here independently of bbpe_core's loader, so parity tests compare two
implementations, not one with itself. Nothing is fetched from the network.
"""

from __future__ import annotations

import base64
import gzip
import os
from pathlib import Path

import pytest
from hypothesis import settings

import bbpe_core

settings.register_profile("ci", max_examples=150, deadline=None)
settings.register_profile("dev", max_examples=60, deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else "dev")

DATA = Path(bbpe_core.__file__).parent / "data"
ENCODING_NAMES = ["gpt2", "cl100k_base", "o200k_base"]

TIKTOKEN_PATTERNS = {
    "gpt2": r"""'(?:[sdmt]|ll|ve|re)| ?\p{L}++| ?\p{N}++| ?[^\s\p{L}\p{N}]++|\s++$|\s+(?!\S)|\s""",
    "cl100k_base": r"""'(?i:[sdmt]|ll|ve|re)|[^\r\n\p{L}\p{N}]?+\p{L}++|\p{N}{1,3}+| ?[^\s\p{L}\p{N}]++[\r\n]*+|\s++$|\s*[\r\n]|\s+(?!\S)|\s""",
    "o200k_base": "|".join(
        [
            r"""[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?""",
            r"""[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?""",
            r"""\p{N}{1,3}""",
            r""" ?[^\s\p{L}\p{N}]+[\r\n/]*""",
            r"""\s*[\r\n]+""",
            r"""\s+(?!\S)""",
            r"""\s+""",
        ]
    ),
}
DATA_FILES = {"gpt2": "r50k_base", "cl100k_base": "cl100k_base", "o200k_base": "o200k_base"}


def _ranks(name: str) -> dict[bytes, int]:
    with gzip.open(DATA / f"{DATA_FILES[name]}.tiktoken.gz", "rt") as f:
        return {base64.b64decode(t): int(r) for t, r in (line.split() for line in f if line.strip())}


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


@pytest.fixture(scope="session", params=ENCODING_NAMES)
def name(request) -> str:
    return request.param


@pytest.fixture(scope="session")
def enc(name):
    return bbpe_core.get_encoding(name)


@pytest.fixture(scope="session")
def oracle(name):
    return tiktoken_encoding(name)
