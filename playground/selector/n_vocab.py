"""Each shipped encoding's n_vocab, stored ahead of time: the sidebar's line under the
selector ("50,257 ids. Vocabulary: ...") without loading the encoding.

Every page draws that line on its first run; loading gpt2 (the sidebar's default) only to
read its n_vocab held back the first view of pages that need no encoding, such as the
Compare lab's first chart (its counts are stored too: ``playground.lab.stored``).
``scripts/make_n_vocab.py`` writes ``data/n_vocab.json`` from ``get_encoding(name).n_vocab``
for every shipped encoding; ``tests/test_stored_n_vocab.py`` loads each shipped encoding
and fails on any difference, and on a shipped encoding missing from the file or a name in it
that is not shipped.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

__all__ = ["STORE", "load_n_vocab", "stored_n_vocab"]

STORE = Path(__file__).resolve().parents[1] / "data" / "n_vocab.json"


def _checked(data: object) -> dict[str, int]:
    """A parsed store, every field's type checked.

    Raises:
        ValueError: if it is not an object mapping names to positive integers.
    """
    if not isinstance(data, dict) or not all(
            isinstance(k, str) and type(n) is int and n > 0 for k, n in data.items()):
        raise ValueError(f"{STORE.name}: expected an object mapping encoding names to n_vocab "
                         "(a positive integer)")
    return data


@cache
def load_n_vocab() -> dict[str, int]:
    """The stored n_vocab of each shipped encoding, name -> ids; read once per process.

    Raises:
        ValueError: if the file is not the store ``scripts/make_n_vocab.py`` writes.
    """
    return _checked(json.loads(STORE.read_text(encoding="utf-8")))


def stored_n_vocab(name: str) -> int | None:
    """``get_encoding(name).n_vocab`` as stored for the shipped encoding ``name``; None for
    any other name (a session's uploaded or trained tokenizer: load it to ask)."""
    return load_n_vocab().get(name)
