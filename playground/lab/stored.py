"""Compare lab, counts stored ahead of time: a checked cache for the lab's first view.

Counting the shipped declarations (assets/udhr) and the sample records' formats, and loading
the encodings first, held the lab's first chart back on a fresh server, and every switch of
the sidebar to an encoding not counted yet (seconds for Gemma's 262,144 pieces).
``scripts/make_lab_counts.py`` counts these texts once for every shipped encoding with the
lab's own count (``lab.languages.counted``: the tokens of ``encode_ordinary`` and the
characters lost to the unknown token) and stores them in ``data/lab_counts.json``, keyed by
encoding name and the sha256 of the text, so a count is used only for the very text it was
made from; ``tests/test_lab_stored_counts.py`` recomputes every stored count and fails on any
difference. Any other text or encoding (a user's) is counted by the engine as before.
"""

from __future__ import annotations

import hashlib
import json
from functools import cache
from pathlib import Path

from bbpe_core import Encoding, list_encoding_names

from .languages import counted, load_udhr

__all__ = ["STORE", "STORED_ENCODINGS", "shipped_texts", "count_texts", "stored_count",
           "load_store"]

STORE = Path(__file__).resolve().parents[1] / "data" / "lab_counts.json"
STORED_ENCODINGS = tuple(list_encoding_names())
"""The encodings counted ahead of time: every shipped one (the lab's first set and whatever
the sidebar is switched to)."""


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def shipped_texts() -> dict[str, str]:
    """The texts the lab shows before the user changes anything: a description (e.g.
    ``"udhr eng"``, ``"records YAML"``) -> the text (for the store's script and test: the
    lab's first view reads the store without importing PyYAML and the other formats' libraries)."""
    from .formats import RECORDS, render_formats

    texts = {f"udhr {s.code}": s.text for s in load_udhr()}
    texts.update({f"records {f}": t for f, t in render_formats(RECORDS).items()})
    return texts


def count_texts(encodings: dict[str, Encoding], texts: dict[str, str]) -> dict:
    """The store's content: each text's count (``lab.languages.counted``) in each encoding.

    Args:
        encodings: name -> encoding.
        texts: description -> text (``shipped_texts``).

    Returns:
        ``{"texts": {sha256: description}, "counts": {name: {sha256: [tokens, characters
        lost]}}}``.
    """
    return {"texts": {_digest(t): d for d, t in texts.items()},
            "counts": {name: {_digest(t): list(counted(encodings, name, t))
                              for t in texts.values()} for name in encodings}}


def _is_count(value: object) -> bool:
    return (isinstance(value, list) and len(value) == 2
            and all(type(n) is int and n >= 0 for n in value))


def _checked(data: object) -> dict[str, dict[str, list[int]]]:
    """The counts of a parsed store, every field's type checked.

    Raises:
        ValueError: naming the first field of the wrong type.
    """
    if not isinstance(data, dict) or not isinstance(data.get("texts"), dict) \
            or not isinstance(data.get("counts"), dict):
        raise ValueError(f"{STORE.name}: expected an object with 'texts' and 'counts' objects")
    for name, counts in data["counts"].items():
        if not isinstance(counts, dict) or not all(
                isinstance(k, str) and _is_count(n) for k, n in counts.items()):
            raise ValueError(f"{STORE.name}: counts of {name!r} must map sha256 to "
                             "[tokens, characters lost]")
    return data["counts"]


@cache
def load_store() -> dict[str, dict[str, list[int]]]:
    """The stored counts, name -> sha256 of a text -> [tokens, characters lost]; read once
    per process.

    Raises:
        ValueError: if the file is not the store ``count_texts`` writes.
    """
    return _checked(json.loads(STORE.read_text(encoding="utf-8")))


def stored_count(name: str, text: str) -> tuple[int, int] | None:
    """The count of ``text`` in the shipped encoding ``name``, if made ahead of time.

    Args:
        name: a shipped encoding's name (a user's encoding never has one: see
            ``ui.session.add_user_encoding``).
        text: the text.

    Returns:
        ``lab.languages.counted(...)`` for ``get_encoding(name)`` as stored: the tokens of
        ``encode_ordinary(text)`` and the characters lost to the unknown token; or None if
        this text was not counted for ``name``.
    """
    counts = load_store().get(name)
    found = None if counts is None else counts.get(_digest(text))
    return None if found is None else (found[0], found[1])
