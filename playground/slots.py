"""Slots: at most a few visitors' jobs of one kind (parsing a tokenizer file, rendering a chat
template, opening a Hub model) at a time in the app's one shared process."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["held"]


@contextmanager
def held(slots: threading.BoundedSemaphore, seconds: float, busy: type[Exception],
         message: str) -> Iterator[None]:
    """Hold one of ``slots`` while the ``with`` block runs, waiting for one at most
    ``seconds``.

    Args:
        slots (threading.BoundedSemaphore): the app's slots for one kind of job.
        seconds (float): the longest wait for a slot, in seconds.
        busy (type[Exception]): what to raise when no slot came free.
        message (str): the one-line message it is raised with.

    Raises:
        busy: with ``message``, if no slot came free within ``seconds``.

    >>> slots = threading.BoundedSemaphore(1)
    >>> with held(slots, 0.0, ValueError, "busy"):
    ...     with held(slots, 0.0, ValueError, "busy"):
    ...         pass
    Traceback (most recent call last):
    ValueError: busy
    """
    if not slots.acquire(timeout=seconds):
        raise busy(message)
    try:
        yield
    finally:
        slots.release()
