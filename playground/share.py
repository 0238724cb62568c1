"""Share links: the URL carries encoding, mode and text, compressed and bounded.

State -> JSON -> zlib -> base64url, in the query parameter ``s``. Reading a link
never trusts it: size, JSON shape, types and the encoding name are checked, and
anything wrong gives a ``ValueError`` the page shows as a warning.
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib

from bbpe_core.byte_level import fix_surrogates

__all__ = ["MAX_SHARE_CHARS", "encode_state", "decode_state"]

MAX_SHARE_CHARS = 8000
"""Longest ``s`` value written or read (URLs of ~8 KB work in every browser)."""
_MAX_INFLATED = 1_000_000


def encode_state(encoding: str, mode: str, text: str) -> str:
    """The ``s`` query value for a view.

    Raises:
        ValueError: if the compressed state is longer than ``MAX_SHARE_CHARS``.

    >>> decode_state(encode_state("gpt2", "Text", "hi"), {"gpt2"}, {"Text"})
    {'encoding': 'gpt2', 'mode': 'Text', 'text': 'hi'}
    """
    raw = json.dumps({"e": encoding, "m": mode, "t": text}, ensure_ascii=False).encode()
    value = base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode().rstrip("=")
    if len(value) > MAX_SHARE_CHARS:
        raise ValueError(
            f"the text is too long for a link ({len(value):,} characters compressed; "
            f"the limit is {MAX_SHARE_CHARS:,}): download the tokens instead"
        )
    return value


def decode_state(value: str, encodings: set[str], modes: set[str]) -> dict[str, str]:
    """Read an ``s`` query value.

    Args:
        value: the value from the URL.
        encodings: encoding names the link may name.
        modes: mode names the link may name.

    Returns:
        ``{"encoding": ..., "mode": ..., "text": ...}``; lone surrogates in the text (which
        JSON escapes can spell) become U+FFFD.

    Raises:
        ValueError: for a value that is too long, not ours, or names an unknown
            encoding or mode.
    """
    if len(value) > MAX_SHARE_CHARS:
        raise ValueError("the link's state is longer than this app writes")
    try:
        packed = base64.urlsafe_b64decode(value + "=" * (-len(value) % 4))
        inflater = zlib.decompressobj()
        raw = inflater.decompress(packed, _MAX_INFLATED)
        if inflater.unconsumed_tail:
            raise ValueError("too large")
        state = json.loads(raw)
    except (ValueError, binascii.Error, zlib.error, RecursionError) as e:
        raise ValueError("the link's state could not be read") from e
    if not (isinstance(state, dict) and all(isinstance(state.get(k), str) for k in "emt")):
        raise ValueError("the link's state is not a playground view")
    if state["e"] not in encodings or state["m"] not in modes:
        raise ValueError(f"the link names an encoding or mode this app does not have: "
                         f"{state['e']!r}, {state['m']!r}")
    return {"encoding": state["e"], "mode": state["m"], "text": fix_surrogates(state["t"])}
