"""Share links: the URL carries encoding, mode and text, compressed and bounded, and the
mode's options: the special-token choice, the compared encodings, the chat model and
its messages.

State -> JSON -> zlib -> base64url, in the query parameter ``s``. Reading a link
never trusts it: size, JSON shape, types, the encoding names and the special-token
choice are checked, and so are the caps of ``caps`` on what a view may hold (text, ids,
compared encodings, chat messages): anything wrong gives a ``ValueError`` the page shows as a
warning, before any of it is encoded.
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib

from bbpe_core.pre_tokenizers.byte_level import fix_surrogates

from ..analysis import SPECIAL_MODES
from ..caps import (
    MAX_CHAT_CHARS,
    MAX_CHAT_MESSAGES,
    MAX_COMPARE_ENCODINGS,
    MAX_DECODE_CHARS,
    MAX_TEXT_BYTES,
    check,
    utf8_size,
)
from ..render.tokens import VIEWS

__all__ = ["MAX_NAME_CHARS", "MAX_SHARE_CHARS", "encode_state", "decode_state"]

MAX_SHARE_CHARS = 8000
"""Longest ``s`` value written or read (URLs of ~8 KB work in every browser)."""
_MAX_INFLATED = 1_000_000


def encode_state(encoding: str, mode: str, text: str, options: dict | None = None) -> str:
    """The ``s`` query value for a view.

    Args:
        encoding: the sidebar's encoding name.
        mode: the playground's mode.
        text: the mode's text (or token ids in decode mode).
        options: the mode's choices, any of ``special`` (a key of
            ``analysis.SPECIAL_MODES``), ``compare`` (encoding names), ``chat_model``
            (str), ``messages`` (``[role, content]`` string pairs) and ``view`` (one of
            ``render.tokens.VIEWS``: chips, ids or both).

    Raises:
        ValueError: if the compressed state is longer than ``MAX_SHARE_CHARS``.

    >>> decode_state(encode_state("gpt2", "Text", "hi"), {"gpt2"}, {"Text"})
    {'encoding': 'gpt2', 'mode': 'Text', 'text': 'hi', 'options': {}}
    """
    state = {"e": encoding, "m": mode, "t": text, **({"o": options} if options else {})}
    raw = json.dumps(state, ensure_ascii=False).encode()
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
        ``{"encoding": ..., "mode": ..., "text": ..., "options": {...}}`` (options as
        ``encode_state`` takes them, ``{}`` for a link without); lone surrogates in the
        text and messages (which JSON escapes can spell) become U+FFFD.

    Raises:
        ValueError: for a value that is too long, not ours, names an unknown
            encoding, mode or special-token choice, or carries more than a page accepts
            (``caps``: text or ids, compared encodings, chat messages and their characters).
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
    if state["m"] == "Decode":
        check("The link's id list", len(state["t"]), MAX_DECODE_CHARS, "characters")
    else:
        check("The link's text", utf8_size(state["t"]), MAX_TEXT_BYTES, "UTF-8 bytes")
    return {"encoding": state["e"], "mode": state["m"], "text": fix_surrogates(state["t"]),
            "options": _options(state.get("o", {}), encodings)}


def _is_strings(value: object, size: int | None = None) -> bool:
    return (isinstance(value, list) and all(isinstance(v, str) for v in value)
            and (size is None or len(value) == size))


MAX_NAME_CHARS = 200
"""The longest chat model name a link may carry (the names this app has are far shorter)."""


def _options(options: object, encodings: set[str]) -> dict:
    """A link's mode options, checked by shape (see ``encode_state``): each value's type
    first, then its content, so a value of a wrong type (a list where a name belongs, an
    object where a list belongs) is a ``ValueError`` like any other wrong value.

    Raises:
        ValueError: for anything but the known options with values of the right type.
    """
    if not isinstance(options, dict) or not set(options) <= {"special", "compare",
                                                               "chat_model", "messages", "view"}:
        raise ValueError("the link's options are not a playground view's")
    if "view" in options and options["view"] not in VIEWS:
        raise ValueError(f"the link names an unknown view: {str(options['view'])[:40]!r}")
    special = options.get("special", next(iter(SPECIAL_MODES)))
    if not isinstance(special, str) or special not in SPECIAL_MODES:
        raise ValueError(f"the link names an unknown special-token choice: {special!r:.100}")
    compare = options.get("compare", [])
    if not _is_strings(compare):
        raise ValueError("the link's compared encodings are not a list of names")
    check("The link's list of compared encodings", len(compare), MAX_COMPARE_ENCODINGS,
          "encodings")
    if not set(compare) <= encodings:
        raise ValueError("the link's compared encodings are not all encodings of this app")
    model = options.get("chat_model", "")
    if not isinstance(model, str) or len(model) > MAX_NAME_CHARS:
        raise ValueError("the link's chat model is not a name")
    messages = options.get("messages", [])
    if not (isinstance(messages, list) and all(_is_strings(m, 2) for m in messages)):
        raise ValueError("the link's messages are not [role, content] pairs")
    check("The link's chat", len(messages), MAX_CHAT_MESSAGES, "messages")
    check("The link's chat", sum(len(r) + len(c) for r, c in messages), MAX_CHAT_CHARS,
          "characters")
    if "messages" in options:
        options["messages"] = [[fix_surrogates(r), fix_surrogates(c)] for r, c in messages]
    return options
