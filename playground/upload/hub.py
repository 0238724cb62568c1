"""A model's tokenizer from the Hugging Face Hub for the public app: whether the server may
reach the Hub, and ``bbpe_core.from_pretrained`` under the app's caps.

The app sends no token of its own (``token=False``: only public repositories), accepts only
well-formed repo ids (``bbpe_core.hub.check_repo_id``: never a URL or a path), caps each
download at ``MAX_HUB_MB`` (the upload's cap: the file's listed size is checked before it is
downloaded) and the downloads running at once in the whole server at
``HUB_DOWNLOADS_AT_ONCE``; the caller charges the session's tokenizer memory before any file
is parsed (``before_load``), as for an upload.

Whether the server is online is decided without the network: ``HF_HUB_OFFLINE`` (or
``TRANSFORMERS_OFFLINE``) set, as ``huggingface_hub`` reads them, or the app's own switch
``BBPE_HUB=off``, or ``huggingface_hub`` not installed, mean offline.
"""

from __future__ import annotations

import importlib.util
import os
import threading
from collections.abc import Callable

from bbpe_core import Encoding, from_pretrained
from bbpe_core.hub import check_repo_id

from ..slots import held
from .files import MAX_UPLOAD_MB, PATTERN_TIMEOUT

__all__ = ["HUB_DOWNLOADS_AT_ONCE", "HUB_SWITCH", "HUB_WAIT_SECONDS", "MAX_HUB_MB",
           "hub_offline_reason", "open_hub_model"]

MAX_HUB_MB = MAX_UPLOAD_MB
"""MB of one file (or a GGUF file's header) read from the Hub, as for an upload."""
HUB_DOWNLOADS_AT_ONCE = 2
"""Hub loads running at a time in the whole app; one waits at most ``HUB_WAIT_SECONDS``."""
HUB_WAIT_SECONDS = 10.0
"""Seconds a load waits for a slot before the page says the server is busy."""
HUB_SWITCH = "BBPE_HUB"
"""The environment variable that turns the Hub off for this server: ``off``."""

_SLOTS = threading.BoundedSemaphore(HUB_DOWNLOADS_AT_ONCE)
_TRUE = {"1", "on", "yes", "true"}


def hub_offline_reason() -> str | None:
    """Why this server does not open Hub models, or None when it does (no network used).

    >>> import os; os.environ["BBPE_HUB"] = "off"; hub_offline_reason()
    'this server is set to work offline (BBPE_HUB=off)'
    >>> del os.environ["BBPE_HUB"]
    """
    if os.environ.get(HUB_SWITCH, "").strip().lower() == "off":
        return f"this server is set to work offline ({HUB_SWITCH}=off)"
    for name in ("HF_HUB_OFFLINE", "TRANSFORMERS_OFFLINE"):
        if os.environ.get(name, "").strip().lower() in _TRUE:
            return f"this server is set to work offline ({name})"
    if importlib.util.find_spec("huggingface_hub") is None:
        return "this server does not have the huggingface_hub library"
    return None


def open_hub_model(repo_id: str, revision: str | None,
                   before_load: Callable[[str, int], None]) -> Encoding:
    """A public Hub model's tokenizer (``bbpe_core.from_pretrained``) under the app's caps.

    Args:
        repo_id: ``namespace/name``, as typed (surrounding blanks removed).
        revision: a branch, tag or commit, or None for ``main``.
        before_load: the session's memory check, called with the kind and the bytes about
            to be parsed, before any is (``from_pretrained``'s ``before_load``).

    Returns:
        The encoding, named ``repo_id``.

    Raises:
        ValueError: a one-line message for an id or revision that is not one, a busy server,
            a repository the Hub does not have (or gated or private: no token is sent), one
            without a tokenizer file we read, a file over ``MAX_HUB_MB``, a malformed or
            unsupported file, an unreachable Hub, or a budget ``before_load`` refuses.
    """
    repo_id = repo_id.strip()
    check_repo_id(repo_id, revision)
    with held(_SLOTS, HUB_WAIT_SECONDS, ValueError,
              "the server is busy opening other Hub models; try again in a moment"):
        return _opened(repo_id, revision, before_load)


def _opened(repo_id: str, revision: str | None,
            before_load: Callable[[str, int], None]) -> Encoding:
    """``open_hub_model``'s load, once it holds a slot."""
    try:
        return from_pretrained(repo_id, revision, token=False, max_bytes=MAX_HUB_MB << 20,
                               pattern_timeout=PATTERN_TIMEOUT, before_load=before_load)
    except (RecursionError, MemoryError) as e:
        raise ValueError(f"{repo_id}: the file nests too deeply or needs too much memory to "
                         "load") from e
    except OSError as e:  # the Hub's answers (not found, gated) and connection errors
        first = " ".join(str(e).split("\n")[0].split())[:200]
        raise ValueError(f"{repo_id}: the Hub gave no tokenizer ({type(e).__name__}: "
                         f"{first})") from e
