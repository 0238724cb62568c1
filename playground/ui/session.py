"""The per-session registry of user encodings (uploaded or trained), and name resolution.

Shipped encodings are shared by the process; a user's encodings live in that
user's ``st.session_state`` only, so no other session can see or select them.
Each carries a fingerprint that keys caches instead of its name.
"""

from __future__ import annotations

import streamlit as st

from bbpe_core import Encoding, list_encoding_names

from ..caps import SESSION_MEMORY_MB
from .cached import load_encoding
from .keys import USER_ENCODING_MEMORY, USER_ENCODINGS

__all__ = ["MAX_USER_ENCODINGS", "user_encodings", "add_user_encoding", "remove_user_encoding",
           "all_encoding_names", "resolve", "session_memory", "check_memory"]

_KEY = USER_ENCODINGS


def user_encodings() -> dict[str, tuple[Encoding, str]]:
    """This session's encodings: name -> (encoding, fingerprint)."""
    return st.session_state.setdefault(_KEY, {})


MAX_USER_ENCODINGS = 3
"""Uploaded or trained tokenizers one session may keep (each can hold ~100 MB)."""


def session_memory() -> int:
    """Estimated bytes of memory this session's tokenizers hold (``caps.MEMORY_PER_FILE_BYTE``,
    ``caps.MEMORY_PER_TRAINED_ID``)."""
    return sum(st.session_state.setdefault(USER_ENCODING_MEMORY, {}).values())


def check_memory(memory_bytes: int) -> None:
    """Refuse a tokenizer that would take this session past ``caps.SESSION_MEMORY_MB``:
    called before a file is parsed, with the estimate from its size.

    Args:
        memory_bytes (int): the new tokenizer's estimated memory, in bytes.

    Raises:
        ValueError: with a plain sentence of numbers, if the budget would be exceeded.
    """
    used, budget = session_memory(), SESSION_MEMORY_MB * 2**20
    if used + memory_bytes > budget:
        raise ValueError(f"this tokenizer would hold about {memory_bytes / 2**20:,.0f} MB of "
                         f"memory and this session's tokenizers hold about {used / 2**20:,.0f} "
                         f"MB; a session's tokenizers may hold {SESSION_MEMORY_MB:,} MB in all: "
                         "remove one under 'Bring your own tokenizer' first")


def add_user_encoding(enc: Encoding, fingerprint: str, memory_bytes: int = 0) -> str:
    """Register an encoding for this session; returns the (unique) name it got.

    Args:
        enc (Encoding): the tokenizer.
        fingerprint (str): what keys its cached results.
        memory_bytes (int): its estimated memory, counted against ``caps.SESSION_MEMORY_MB``.

    Raises:
        ValueError: if the session already keeps ``MAX_USER_ENCODINGS`` (one must go first),
            already keeps this tokenizer (the same ``fingerprint``) under a name, or the
            memory budget would be exceeded (``check_memory``).
    """
    same = next((n for n, (_, fp) in user_encodings().items() if fp == fingerprint), None)
    if same is not None:
        raise ValueError(f"this tokenizer is already in the selectors as {same!r}")
    if len(user_encodings()) >= MAX_USER_ENCODINGS:
        raise ValueError(f"this session already keeps {MAX_USER_ENCODINGS} tokenizers, the "
                         "most it may: remove one under 'Bring your own tokenizer' first")
    check_memory(memory_bytes)
    taken = set(list_encoding_names()) | set(user_encodings())
    name, k = enc.name, 2
    while name in taken:
        name, k = f"{enc.name} ({k})", k + 1
    user_encodings()[name] = (enc, fingerprint)
    st.session_state.setdefault(USER_ENCODING_MEMORY, {})[name] = memory_bytes
    return name


def remove_user_encoding(name: str) -> None:
    """Forget one of this session's encodings (no error if it is gone)."""
    user_encodings().pop(name, None)
    st.session_state.setdefault(USER_ENCODING_MEMORY, {}).pop(name, None)


def all_encoding_names() -> list[str]:
    """Shipped names, then this session's."""
    return list_encoding_names() + list(user_encodings())


def resolve(name: str) -> tuple[Encoding, str]:
    """``(encoding, cache key)`` for a selector's name.

    Raises:
        KeyError: if the name is neither shipped nor this session's.
    """
    if name in list_encoding_names():
        return load_encoding(name), name
    enc, fp = user_encodings()[name]
    return enc, f"user:{fp}"
