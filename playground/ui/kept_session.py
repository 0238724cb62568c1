"""Uploaded and trained tokenizers kept for the browser session: a reload, or a link opened in
the same tab, finds them in the selectors again.

Streamlit starts a new session (an empty ``st.session_state``) on every reload. The mechanism:

- once a session holds a tokenizer of its own, it gets a random 256-bit token
  (``secrets.token_urlsafe``); the tokenizers (``session.user_encodings``, their memory
  estimates and a model file's chat template) are kept on the server under that token;
- a small component (``assets/kept_session.js``) puts the token in the tab's
  ``sessionStorage``: it lives as long as the tab (a reload and links opened in it keep it),
  is never in a URL, and no other tab, browser or visitor sees it;
- after a reload the component sends the token back, and a session with no tokenizers of its
  own takes the kept ones.

Bounded: at most ``MAX_KEPT_BROWSERS`` tokens, each dropped ``KEPT_IDLE_SECONDS`` after its
last use, and the kept tokenizers of all of them within ``KEPT_MEMORY_MB`` (by the same
estimates as ``caps.SESSION_MEMORY_MB``; a browser's own are within that session budget):
the least recently used go first. A token in another shape is ignored.
"""

from __future__ import annotations

import re
import secrets
import threading
import time
from collections import OrderedDict
from pathlib import Path

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from ..caps import SESSION_MEMORY_MB
from .keys import FILE_CHAT_TEMPLATES, KEPT_TOKEN, USER_ENCODING_MEMORY, USER_ENCODINGS

__all__ = ["KEPT_IDLE_SECONDS", "KEPT_MEMORY_MB", "MAX_KEPT_BROWSERS", "keeper", "recall",
           "remember"]

MAX_KEPT_BROWSERS = 32
"""Browser tabs whose tokenizers the server keeps at most."""
KEPT_IDLE_SECONDS = 3600
"""A tab's tokenizers are dropped this long after its last page run."""
KEPT_MEMORY_MB = 2 * SESSION_MEMORY_MB
"""Estimated memory all kept tokenizers may hold, in MB."""
_SHAPE = re.compile(r"[A-Za-z0-9_-]{43}")
_KEYS = (USER_ENCODINGS, USER_ENCODING_MEMORY, FILE_CHAT_TEMPLATES)
_STORE: OrderedDict[str, tuple[float, dict]] = OrderedDict()
_LOCK = threading.Lock()

_ASSETS = Path(__file__).resolve().parents[1] / "assets"
_COMPONENT = st.components.v2.component(
    "bbpe_kept_session", html="<span hidden></span>",
    js=(_ASSETS / "kept_session.js").read_text(encoding="utf-8"))


def _size(kept: dict) -> int:
    return sum(kept.get(USER_ENCODING_MEMORY, {}).values())


def remember(token: str, kept: dict, now: float | None = None) -> None:
    """Keep a session's tokenizers under ``token`` (replacing what it held), then drop the
    idle, the oldest past ``MAX_KEPT_BROWSERS`` and the least recently used past
    ``KEPT_MEMORY_MB``.

    Args:
        token: the tab's token.
        kept: session key -> value, for the keys of ``USER_ENCODINGS``,
            ``USER_ENCODING_MEMORY`` and ``FILE_CHAT_TEMPLATES`` (each a dict, copied).
        now: the time (``time.monotonic``), for tests.
    """
    now = time.monotonic() if now is None else now
    with _LOCK:
        _STORE[token] = (now, {k: dict(kept.get(k) or {}) for k in _KEYS})
        _STORE.move_to_end(token)
        for old in [t for t, (used, _) in _STORE.items() if now - used > KEPT_IDLE_SECONDS]:
            del _STORE[old]
        while len(_STORE) > MAX_KEPT_BROWSERS or (
                len(_STORE) > 1
                and sum(_size(k) for _, k in _STORE.values()) > KEPT_MEMORY_MB * 2**20):
            _STORE.popitem(last=False)


def recall(token: object, now: float | None = None) -> dict | None:
    """What ``remember`` kept under ``token``, if it is a token's shape, kept and not idle
    past ``KEPT_IDLE_SECONDS``; else None."""
    if not isinstance(token, str) or not _SHAPE.fullmatch(token):
        return None
    now = time.monotonic() if now is None else now
    with _LOCK:
        found = _STORE.get(token)
        if found is None or now - found[0] > KEPT_IDLE_SECONDS:
            return None
        _STORE[token] = (now, found[1])
        return {k: dict(v) for k, v in found[1].items()}


def _restore() -> None:
    """The component's callback: a session with no tokenizers of its own takes the ones kept
    under the token the tab sent."""
    token = (st.session_state.get("sidebar_kept") or {}).get("restore")
    kept = recall(token)
    if kept is None or st.session_state.get(USER_ENCODINGS):
        return
    st.session_state.update(kept)
    st.session_state[KEPT_TOKEN] = token


def keeper(where: DeltaGenerator) -> None:
    """Draw the (invisible) component in ``where`` and keep this session's tokenizers under
    its tab's token, making one when the session first holds a tokenizer of its own."""
    token = st.session_state.get(KEPT_TOKEN)
    if token is None and st.session_state.get(USER_ENCODINGS):
        token = st.session_state[KEPT_TOKEN] = secrets.token_urlsafe(32)
    if token is not None:
        remember(token, {k: st.session_state.get(k) for k in _KEYS})
    with where.container(key="sidebar_kept_box"):
        _COMPONENT(key="sidebar_kept", data={"token": token or ""}, on_restore_change=_restore)
