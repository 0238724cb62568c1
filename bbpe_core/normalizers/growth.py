"""How much a normalizer from a file may lengthen a text.

A file's normalizer can map one character to a long string (a precompiled map's
replacement, a tokenizer.json ``Replace`` or ``Prepend``), so normalizing even a short text
could build a huge one. Two caps hold it: each replacement is at most
``MAX_REPLACEMENT_CHARS`` characters (checked when the file is loaded; sentencepiece's
``nmt_nfkc`` rules are at most 18 characters, U+FDFA's NFKC form), and a normalized text is
at most ``MAX_GROWTH`` times its input plus ``MAX_REPLACEMENT_CHARS`` characters (checked
before or while it is built, so the cap holds before the memory is spent).

>>> check_growth(10, 40)
>>> try:
...     check_growth(10, 200)
... except NormalizedTooLongError as e:
...     print(e)
the normalizer makes 200 characters of 10; at most 8 times the input plus 64 are kept
"""

from __future__ import annotations

__all__ = ["MAX_GROWTH", "MAX_REPLACEMENT_CHARS", "NormalizedTooLongError", "check_growth",
           "check_replacement"]

MAX_GROWTH = 8
"""A normalized text has at most this many characters per input character (plus
``MAX_REPLACEMENT_CHARS``)."""

MAX_REPLACEMENT_CHARS = 64
"""The most characters one rule of a normalizer from a file may write."""


class NormalizedTooLongError(ValueError):
    """A normalizer would make a text longer than ``MAX_GROWTH`` times its input."""


def check_growth(size: int, out: int) -> None:
    """Refuse a normalized text of ``out`` characters made from ``size`` characters.

    Raises:
        NormalizedTooLongError: if ``out > MAX_GROWTH * size + MAX_REPLACEMENT_CHARS``.
    """
    if out > MAX_GROWTH * size + MAX_REPLACEMENT_CHARS:
        raise NormalizedTooLongError(
            f"the normalizer makes {out:,} characters of {size:,}; at most {MAX_GROWTH} times "
            f"the input plus {MAX_REPLACEMENT_CHARS} are kept")


def check_replacement(what: str, value: str) -> None:
    """Refuse a rule that writes more than ``MAX_REPLACEMENT_CHARS`` characters.

    Args:
        what: the rule's name in the message (e.g. ``"Replace content"``).
        value: what the rule writes.

    Raises:
        ValueError: naming ``what`` and the cap.
    """
    if len(value) > MAX_REPLACEMENT_CHARS:
        raise ValueError(f"{what} has {len(value):,} characters; the most a normalizer rule "
                         f"may write is {MAX_REPLACEMENT_CHARS}")
