"""One time budget for every scan by a user's pattern during one call (a ReDoS guard).

A pattern from a user can backtrack for minutes (``(?:a|aa)+$`` on ``"a" * 40 + "!"``). Each
scan by such a pattern runs with the ``regex`` package's ``timeout``; a limit per scan would
add up over the steps of a ``Sequence`` and over the segments between added tokens, so one
call (``Encoding.encode``, ``pre_tokenize``, ``encode_detailed``, a vocabulary search) opens
one budget (``pattern_budget``, or ``within_budget`` for a lazy iterator) and every scan in
it (``run_scan``) takes what is left and is charged the time it took. Only time spent
scanning is charged, not the merges between scans, so a long ordinary text is not refused
for being long. Times are CPU seconds, as the ``regex`` package's ``timeout`` counts them
(its limit is process CPU time; a scan is charged its thread's), so a busy machine slows a
refusal down but does not cause one. Outside any budget, a scan has its own timeout alone.
Shipped patterns run untimed (``timeout=None``) and never touch the clock.

>>> with pattern_budget(1.0):
...     run_scan(lambda limit: limit is not None and limit <= 1.0, 1.0)
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from time import thread_time
from typing import TypeVar

__all__ = ["PatternTimeoutError", "pattern_budget", "run_scan", "timeout_error", "within_budget"]

T = TypeVar("T")


class PatternTimeoutError(ValueError):
    """A pattern that did not ship with bbpe_core spent more than its time budget scanning
    (a ReDoS guard, e.g. ``(a|aa)+$`` on ``"a" * 40 + "!"``)."""


def timeout_error(seconds: float) -> PatternTimeoutError:
    """The one message for a pattern out of time, anywhere in the engine and the app.

    Args:
        seconds (float): the budget that ran out.
    """
    return PatternTimeoutError(
        f"the pattern took longer than {seconds:g} s on this text; it may backtrack "
        "catastrophically (nested quantifiers such as (a|aa)+)"
    )


class _Budget:
    """Seconds a call may still spend scanning (``left``) out of ``seconds``."""

    __slots__ = ("left", "seconds")

    def __init__(self, seconds: float) -> None:
        self.seconds = self.left = seconds


_CURRENT: ContextVar[_Budget | None] = ContextVar("pattern_budget", default=None)


@contextmanager
def pattern_budget(seconds: float | None) -> Iterator[None]:
    """Run the body with one budget of ``seconds`` for all its timed scans; inside a budget
    already open (an ``encode`` inside a page's call) the outer one holds, and None opens
    none.

    Args:
        seconds (float | None): the budget, in seconds.
    """
    if seconds is None or _CURRENT.get() is not None:
        yield
        return
    token = _CURRENT.set(_Budget(seconds))
    try:
        yield
    finally:
        _CURRENT.reset(token)


def within_budget(items: Iterator[T], seconds: float | None) -> Iterator[T]:
    """``items`` (a lazy scan, e.g. the viewer's chunks), advanced under one budget of
    ``seconds`` for the whole iteration (the outer budget, if one is open when it starts),
    set only while each item is produced.

    Args:
        items (Iterator[T]): the iterator whose ``next`` scans.
        seconds (float | None): the budget, in seconds; None iterates as is.
    """
    budget = _CURRENT.get() or (_Budget(seconds) if seconds is not None else None)
    if budget is None:
        yield from items
        return
    while True:
        token = _CURRENT.set(budget)
        try:
            item = next(items, _END)
        finally:
            _CURRENT.reset(token)
        if item is _END:
            return
        yield item


_END = object()


def run_scan(scan: Callable[[float | None], T], timeout: float | None) -> T:
    """Run one scan by a pattern with the time it may take, and charge that time.

    Args:
        scan (Callable[[float | None], T]): calls the ``regex`` method with the limit it is
            given as ``timeout`` (None: none).
        timeout (float | None): the pattern's own limit in seconds (None for a shipped
            pattern: the scan runs untimed, even inside a budget); inside a budget, what is
            left of the budget is the limit instead.

    Returns:
        T: what ``scan`` returned.

    Raises:
        PatternTimeoutError: if the budget is spent, or the scan runs past its limit.
    """
    if timeout is None:
        return scan(None)
    budget = _CURRENT.get()
    limit = timeout if budget is None else budget.left
    seconds = timeout if budget is None else budget.seconds
    if limit <= 0:
        raise timeout_error(seconds)
    start = thread_time()
    try:
        return scan(limit)
    except TimeoutError:
        raise timeout_error(seconds) from None
    finally:
        if budget is not None:
            budget.left -= thread_time() - start
