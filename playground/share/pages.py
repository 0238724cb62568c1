"""Share links for the pages beyond the Playground: Merge trace, Compare lab, Vocabulary, Byte
map and Algorithms keep their state in the URL as the Playground does.

A page's link is a Playground link (``share.encode_state``: JSON, zlib, base64url, bounded,
read back by ``share.decode_state``, which checks its size, shape and encoding) whose mode is
the page's name and whose text is a JSON object of the page's fields. Each field is checked
by shape here before anything is set (``PAGE_FIELDS``): a text with its page's cap, a choice
from the page's own list, or a list of this app's encoding names with a cap.
"""

from __future__ import annotations

import json
from typing import Any

from ..algorithms.side_by_side import MAX_ALGORITHM_ENCODINGS
from ..caps import (
    MAX_ALGORITHM_CHARS,
    MAX_COMPARE_ENCODINGS,
    MAX_SAMPLE_CHARS,
    MAX_TRACE_CHARS,
    check,
)
from ..inside.vocabulary import SEARCH_FORMS, SEARCH_MODES

__all__ = ["LAB_TABS", "MAX_LINK_QUERY_CHARS", "MAX_LINK_BYTE_MAP_CHARS", "MAX_LINK_LAB_ENCODINGS",
           "PAGE_FIELDS", "page_fields"]

LAB_TABS = ("Languages", "Formats", "Indentation", "Numbers")
"""The Compare lab's tabs, in order (``views/compare_lab.py``)."""
MAX_LINK_QUERY_CHARS = 5_000
"""Longest vocabulary search a link may carry (a regex's own cap: ``pattern_guard``)."""
MAX_LINK_BYTE_MAP_CHARS = 2_000
"""Longest text or Ġ string a Byte map link may carry."""
MAX_LINK_LAB_ENCODINGS = 2 * MAX_COMPARE_ENCODINGS
"""Most encodings a Compare lab link may name (each is loaded to count)."""

PAGE_FIELDS: dict[str, dict[str, tuple[str, str, Any]]] = {
    "Merge trace": {"text": ("text", "tr_text", MAX_TRACE_CHARS)},
    "Vocabulary": {"query": ("text", "vo_query", MAX_LINK_QUERY_CHARS),
                   "search": ("choice", "vo_mode", SEARCH_MODES),
                   "form": ("choice", "vo_form", SEARCH_FORMS)},
    "Byte map": {"text": ("text", "bm_text", MAX_LINK_BYTE_MAP_CHARS),
                 "g": ("text", "bm_g", MAX_LINK_BYTE_MAP_CHARS)},
    "Compare lab": {"encodings": ("encodings", "lab_names", MAX_LINK_LAB_ENCODINGS),
                    "tab": ("choice", "lab_tab", LAB_TABS)},
    "Algorithms": {"text": ("text", "al_text", MAX_ALGORITHM_CHARS),
                   "encodings": ("encodings", "al_names", MAX_ALGORITHM_ENCODINGS),
                   "sample": ("text", "al_sample", MAX_SAMPLE_CHARS)},
}
"""Per page: field name in the link -> (shape, the widget key it sets, its bound): ``text``
(a string of at most bound characters), ``choice`` (one of bound), ``encodings`` (a list of
this app's encoding names, at most bound of them)."""


def page_fields(page: str, raw: str, encodings: set[str]) -> dict[str, Any]:
    """A page link's fields (``share.decode_state``'s text), each checked by its shape.

    Args:
        page: a key of ``PAGE_FIELDS``.
        raw: the JSON object the link carries.
        encodings: the encoding names this app has for the visitor.

    Returns:
        field name -> value, for the fields the link has (a link may leave some out).

    Raises:
        ValueError: for JSON that is not an object of the page's fields, a text over its cap,
            a choice not in its list, or encodings that are not this app's or too many.

    >>> page_fields("Merge trace", '{"text": " lower"}', {"gpt2"})
    {'text': ' lower'}
    """
    spec = PAGE_FIELDS[page]
    try:
        fields = json.loads(raw)
    except (ValueError, RecursionError) as e:
        raise ValueError(f"the link's {page} state could not be read") from e
    if not isinstance(fields, dict) or not set(fields) <= set(spec):
        raise ValueError(f"the link's state is not a {page} view")
    for name, value in fields.items():
        shape, _, bound = spec[name]
        if shape == "text":
            if not isinstance(value, str):
                raise ValueError(f"the link's {name} is not a text")
            check(f"The link's {name}", len(value), bound, "characters")
        elif shape == "choice" and value not in bound:
            raise ValueError(f"the link names an unknown {name}: {str(value)[:40]!r}")
        elif shape == "encodings":
            if not (isinstance(value, list) and all(isinstance(v, str) for v in value)
                    and set(value) <= encodings):
                raise ValueError("the link's encodings are not all encodings of this app")
            check("The link's list of encodings", len(value), bound, "encodings")
    return fields
