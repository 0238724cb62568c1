"""Compare lab, counts stored ahead of time: a checked cache for the lab's first view.

Counting the shipped declarations (assets/udhr) and the sample records' formats for the lab's
default encodings, and loading those encodings first, held the lab's first chart back on a
fresh server. ``scripts/make_lab_counts.py`` counts these texts once with
the engine (``Encoding.encode_ordinary``) and stores the counts in ``data/lab_counts.json``,
keyed by encoding name and the sha256 of the text, so a count is used only for the very text
it was made from; ``tests/test_lab_stored.py`` recomputes every stored count and fails on any
difference. Any other text or encoding is counted by the engine as before.
"""

from __future__ import annotations

import hashlib
import json
from functools import cache
from pathlib import Path

from bbpe_core import Encoding

from ..selector.labels import COMPARE_DEFAULT
from .languages import load_udhr

__all__ = ["STORE", "STORED_ENCODINGS", "shipped_texts", "count_texts", "stored_count",
           "load_store"]

STORE = Path(__file__).resolve().parents[1] / "data" / "lab_counts.json"
STORED_ENCODINGS = tuple(COMPARE_DEFAULT)
"""The encodings counted ahead of time: the lab's first set (it holds the sidebar's default,
gpt2, too)."""


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
    """The store's content: each text's tokens (``encode_ordinary``) in each encoding.

    Args:
        encodings: name -> encoding.
        texts: description -> text (``shipped_texts``).

    Returns:
        ``{"texts": {sha256: description}, "counts": {name: {sha256: tokens}}}``.
    """
    return {"texts": {_digest(t): d for d, t in texts.items()},
            "counts": {name: {_digest(t): len(enc.encode_ordinary(t)) for t in texts.values()}
                       for name, enc in encodings.items()}}


def _checked(data: object) -> dict[str, dict[str, int]]:
    """The counts of a parsed store, every field's type checked.

    Raises:
        ValueError: naming the first field of the wrong type.
    """
    if not isinstance(data, dict) or not isinstance(data.get("texts"), dict) \
            or not isinstance(data.get("counts"), dict):
        raise ValueError(f"{STORE.name}: expected an object with 'texts' and 'counts' objects")
    for name, counts in data["counts"].items():
        if not isinstance(counts, dict) or not all(
                isinstance(k, str) and type(n) is int and n >= 0 for k, n in counts.items()):
            raise ValueError(f"{STORE.name}: counts of {name!r} must map sha256 to a token count")
    return data["counts"]


@cache
def load_store() -> dict[str, dict[str, int]]:
    """The stored counts, name -> sha256 of a text -> tokens; read once per process.

    Raises:
        ValueError: if the file is not the store ``count_texts`` writes.
    """
    return _checked(json.loads(STORE.read_text(encoding="utf-8")))


def stored_count(name: str, text: str) -> int | None:
    """The tokens of ``text`` in the shipped encoding ``name``, if counted ahead of time.

    Args:
        name: a shipped encoding's name (a user's encoding never has one: see
            ``ui.session.add_user_encoding``).
        text: the text.

    Returns:
        ``len(get_encoding(name).encode_ordinary(text))`` as stored, or None if this text
        was not counted for ``name``.
    """
    counts = load_store().get(name)
    return None if counts is None else counts.get(_digest(text))
