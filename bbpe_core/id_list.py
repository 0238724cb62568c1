"""Reading a list of token ids typed or pasted by a person (CLI, decode mode).

Accepts ids separated by spaces and/or commas, optionally inside ``[...]`` (a JSON
list); names the first bad item. Does not check ids against an encoding.
"""

from __future__ import annotations

import re

__all__ = ["parse_ids"]

MAX_IDS = 1_000_000
"""At most this many ids are accepted in one list."""


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
    items = [t for t in re.split(r"[\s,]+", text.strip().removeprefix("[").removesuffix("]")) if t]
    if len(items) > MAX_IDS:
        raise ValueError(f"{len(items):,} ids; at most {MAX_IDS:,} are accepted")
    ids = []
    for k, item in enumerate(items, start=1):
        if not item.isascii() or not item.isdigit() or len(item) > 12:
            raise ValueError(f"item {k} ({item!r}) is not a token id (a non-negative integer)")
        ids.append(int(item))
    return ids
