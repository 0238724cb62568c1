"""GPT-2's byte-to-unicode map: every byte value gets one printable character.

Byte-level BPE works on UTF-8 bytes, but vocab.json and merges.txt store tokens as
text. GPT-2 therefore maps each of the 256 byte values to a printable Unicode
character: the 188 bytes that are already printable (``!``..``~``, ``¡``..``¬``,
``®``..``ÿ``) map to themselves, and the 68 others (control bytes, space, DEL,
NBSP, soft hyphen, ...) are shifted to ``chr(256 + n)`` in byte order, so the
space byte 0x20 becomes ``Ġ`` (U+0120) and newline 0x0A becomes ``Ċ``.

Source: openai/gpt-2 ``src/encoder.py`` (``bytes_to_unicode``), reproduced in
transformers' ``GPT2Tokenizer``.

This module does not split text or merge anything; it only translates bytes.

>>> to_gpt2_str(" ma".encode())
'Ġma'
>>> from_gpt2_str('ä½ł')
b'\\xe4\\xbd\\xa0'
"""

from __future__ import annotations

import re
from functools import cache
from itertools import accumulate

__all__ = [
    "bytes_to_unicode",
    "byte_encoder",
    "byte_decoder",
    "is_kept_byte",
    "to_gpt2_str",
    "from_gpt2_str",
    "fix_surrogates",
]


def is_kept_byte(b: int) -> bool:
    """Tell whether byte ``b`` (0..255) maps to the character of the same code point.

    Args:
        b: a byte value, 0..255.

    Returns:
        True for the 188 printable Latin-1 bytes GPT-2 keeps as they are.
    """
    return ord("!") <= b <= ord("~") or ord("¡") <= b <= ord("¬") or ord("®") <= b <= ord("ÿ")


@cache
def bytes_to_unicode() -> dict[int, str]:
    """Return GPT-2's map from each byte value (0..255) to one printable character.

    Returns:
        A dict of 256 entries (cached and shared: do not modify it), ``{byte: char}``; kept bytes
        map to ``chr(byte)``, the 68 others to ``chr(256 + n)`` in byte order.

    Source: openai/gpt-2 ``src/encoder.py``.

    >>> bytes_to_unicode()[32], bytes_to_unicode()[10], bytes_to_unicode()[65]
    ('Ġ', 'Ċ', 'A')
    """
    table: dict[int, str] = {}
    shifted = 0
    for b in range(256):
        if is_kept_byte(b):
            table[b] = chr(b)
        else:
            table[b] = chr(256 + shifted)
            shifted += 1
    return table


byte_encoder: dict[int, str] = bytes_to_unicode()
"""Byte value -> printable character (GPT-2's ``byte_encoder``)."""

byte_decoder: dict[str, int] = {c: b for b, c in byte_encoder.items()}
"""Printable character -> byte value (GPT-2's ``byte_decoder``)."""

_ENCODE_TABLE = [byte_encoder[b] for b in range(256)]
_DECODE_TABLE = str.maketrans({c: chr(b) for c, b in byte_decoder.items()})
"""GPT-2 character -> the character whose latin-1 byte it stands for (C-speed decoding)."""
_OUTSIDE_ALPHABET = re.compile("[^" + re.escape("".join(byte_decoder)) + "]")


def to_gpt2_str(data: bytes) -> str:
    """Map bytes to their GPT-2 printable form (the strings in vocab.json).

    Args:
        data: any bytes.

    Returns:
        A str of ``len(data)`` characters.

    >>> to_gpt2_str(b"\\n\\n")
    'ĊĊ'
    """
    return "".join([_ENCODE_TABLE[b] for b in data])


def from_gpt2_str(text: str) -> bytes:
    """Map a GPT-2 printable string back to its bytes.

    Args:
        text: a string made only of characters of ``byte_decoder``.

    Returns:
        The bytes, one per character.

    Raises:
        ValueError: if a character is outside GPT-2's byte alphabet (names it).

    >>> from_gpt2_str("Ġhello")
    b' hello'
    """
    outside = _OUTSIDE_ALPHABET.search(text)
    if outside is not None:
        c = outside.group()
        raise ValueError(
            f"character {c!r} (U+{ord(c):04X}) in {text!r} is not in GPT-2's byte alphabet"
        )
    return text.translate(_DECODE_TABLE).encode("latin-1")


def from_gpt2_strs(texts: list[str]) -> list[bytes] | None:
    """``from_gpt2_str`` of many strings in a few C-speed passes (for loading vocabularies),
    or None if any string has a character outside GPT-2's byte alphabet (then call
    ``from_gpt2_str`` one by one to name it).

    >>> from_gpt2_strs(["Ġa", "b"])
    [b' a', b'b']
    """
    joined = "".join(texts)
    if _OUTSIDE_ALPHABET.search(joined) is not None:
        return None
    data = joined.translate(_DECODE_TABLE).encode("latin-1")  # one byte per character
    ends = list(accumulate(map(len, texts)))
    return list(map(data.__getitem__, map(slice, [0, *ends], ends)))


def fix_surrogates(text: str) -> str:
    """Join surrogate pairs and turn lone surrogates into U+FFFD, as tiktoken does.

    Python strings may hold surrogates, which have no UTF-8 form; tiktoken's
    ``encode`` repairs them this way (tiktoken/core.py, tiktoken#82).

    Args:
        text: any str.

    Returns:
        The text with every surrogate pair joined and each lone surrogate replaced.

    >>> fix_surrogates("a\\ud83d\\ude00b\\ud800") == "a\U0001F600b\uFFFD"
    True
    """
    return text.encode("utf-16", "surrogatepass").decode("utf-16", "replace")
