"""The per-session registry of user encodings (uploaded or trained), and name resolution.

Shipped encodings are shared by the process; a user's encodings live in that
user's ``st.session_state`` only, so no other session can see or select them.
Each carries a fingerprint that keys caches instead of its name.
"""

from __future__ import annotations

import streamlit as st

from bbpe_core import Encoding, list_encoding_names

from .cached import load_encoding
from .keys import USER_ENCODINGS

__all__ = ["MAX_USER_ENCODINGS", "user_encodings", "add_user_encoding", "remove_user_encoding", "all_encoding_names",
           "resolve"]

_KEY = USER_ENCODINGS


def user_encodings() -> dict[str, tuple[Encoding, str]]:
    """This session's encodings: name -> (encoding, fingerprint)."""
    return st.session_state.setdefault(_KEY, {})


MAX_USER_ENCODINGS = 3
"""Uploaded or trained tokenizers one session may keep (each can hold ~100 MB)."""


def add_user_encoding(enc: Encoding, fingerprint: str) -> str:
    """Register an encoding for this session; returns the (unique) name it got.

    Raises:
        ValueError: if the session already keeps ``MAX_USER_ENCODINGS`` (one must go first),
            or already keeps this tokenizer (the same ``fingerprint``) under a name.
    """
    same = next((n for n, (_, fp) in user_encodings().items() if fp == fingerprint), None)
    if same is not None:
        raise ValueError(f"this tokenizer is already in the selectors as {same!r}")
    if len(user_encodings()) >= MAX_USER_ENCODINGS:
        raise ValueError(f"this session already keeps {MAX_USER_ENCODINGS} tokenizers, the "
                         "most it may: remove one under 'Bring your own tokenizer' first")
    taken = set(list_encoding_names()) | set(user_encodings())
    name, k = enc.name, 2
    while name in taken:
        name, k = f"{enc.name} ({k})", k + 1
    user_encodings()[name] = (enc, fingerprint)
    return name


def remove_user_encoding(name: str) -> None:
    """Forget one of this session's encodings (no error if it is gone)."""
    user_encodings().pop(name, None)


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
