"""The shipped data files (``bbpe_core/data``) and their manifest (``data/MANIFEST.json``,
written by ``scripts/fetch_vocabularies.py``: per file its origin, sha256 and licence)."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources

from ..source import VocabFileError, read_bytes

__all__ = ["data_file", "manifest"]


@cache
def manifest() -> dict[str, dict]:
    """File name -> its manifest entry (``file``, ``models``, ``origin``, ``sha256``,
    ``licence``, ``notice``), read once per process."""
    text = (resources.files("bbpe_core") / "data" / "MANIFEST.json").read_text("utf-8")
    return {entry["file"]: entry for entry in json.loads(text)}


def data_file(file: str) -> bytes:
    """The uncompressed content of a shipped data file, its sha256 checked against the
    manifest's.

    Args:
        file: the name in ``bbpe_core/data``, e.g. ``"llama3.tiktoken.gz"``.

    Raises:
        VocabFileError: if the file is not in the manifest, or damaged (the sha256 differs).
    """
    entry = manifest().get(file)
    if entry is None:
        raise VocabFileError(f"bbpe_core/data/{file}: not in MANIFEST.json")
    raw = (resources.files("bbpe_core") / "data" / file).read_bytes()
    data, _ = read_bytes(raw, name=f"bbpe_core/data/{file}", expected_hash=entry["sha256"])
    return data
