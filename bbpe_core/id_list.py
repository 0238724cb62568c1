"""Reading a list of token ids typed or pasted by a person (CLI, decode mode).

Accepts ids separated by spaces and/or commas, optionally inside ``[...]`` (a JSON
list); ``parse_ids`` names the first bad item, ``id_items`` keeps every item. Does not
check ids against an encoding.
"""

from __future__ import annotations

import re

__all__ = ["id_items", "parse_ids"]

MAX_IDS = 1_000_000
"""At most this many ids are accepted in one list."""


def id_items(text: str) -> list[tuple[str, int | None]]:
    """Split ids separated by spaces and/or commas, optionally in ``[...]``, keeping bad items.

    Args:
        text: e.g. ``"31373, x, 995"``.

    Returns:
        ``(item, id)`` per item, in order; ``id`` is None where the item is not a
        non-negative integer of at most 12 digits.

    Raises:
        ValueError: if there are more than ``MAX_IDS`` items.

    >>> id_items("[1, x]")
    [('1', 1), ('x', None)]
    """
    items = [t for t in re.split(r"[\s,]+", text.strip().removeprefix("[").removesuffix("]")) if t]
    if len(items) > MAX_IDS:
        raise ValueError(f"{len(items):,} ids; at most {MAX_IDS:,} are accepted")
    return [(item, int(item) if item.isascii() and item.isdigit() and len(item) <= 12 else None)
            for item in items]


def parse_ids(text: str) -> list[int]:
    """Parse ids separated by spaces and/or commas, optionally in ``[...]``.

    Args:
        text: e.g. ``"31373, 995"`` or ``"[31373, 995]"``.

    Returns:
        The ids.

    Raises:
        ValueError: naming the first item that is not a non-negative integer.

    >>> parse_ids("[31373, 995]")
    [31373, 995]
    """
    ids = []
    for k, (item, tid) in enumerate(id_items(text), start=1):
        if tid is None:
            raise ValueError(f"item {k} ({item!r}) is not a token id (a non-negative integer)")
        ids.append(tid)
    return ids
