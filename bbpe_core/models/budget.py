"""What every trainer checks: its options (finite, in range, named when wrong) and a stop its
caller can trigger (a deadline, a button).

A caller passes ``stop``, a function of no arguments returning True once training must end
(``deadline(seconds)`` makes one); each trainer calls it between bounded pieces of work (a
batch of units in an EM step, a length of seed substrings, a merge) and raises
``TrainingStopped`` when it says so. The work between two calls is bounded by the corpus cap
and ``MAX_UNIT_CHARS``, so a stop is honoured promptly.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable

__all__ = ["Stop", "TrainingStopped", "bool_option", "check_stop", "deadline", "int_option",
           "real_option"]

Stop = Callable[[], bool] | None
"""A trainer's ``stop`` argument: None, or a function returning True once it must stop."""


class TrainingStopped(Exception):
    """Training ended early because its ``stop`` function said so (a deadline passed or the
    user asked); nothing is returned."""


def check_stop(stop: Stop, who: str) -> None:
    """Raise ``TrainingStopped`` (naming ``who``) if ``stop`` is given and returns True."""
    if stop is not None and stop():
        raise TrainingStopped(f"{who}: stopped before the end (its stop function said so)")


def deadline(seconds: float) -> Callable[[], bool]:
    """A ``stop`` function that says True once ``seconds`` (wall clock, from now) have passed.

    Raises:
        ValueError: for a number of seconds that is not finite and positive.
    """
    seconds = real_option("deadline", "seconds", seconds, 0.0, math.inf, low_open=True,
                          high_open=True)
    end = time.monotonic() + seconds
    return lambda: time.monotonic() > end


def int_option(who: str, name: str, value: object, low: int, high: int) -> int:
    """``value`` if it is an int (not a bool) in ``[low, high]``.

    Raises:
        ValueError: naming ``who``, ``name``, the range and the value otherwise.

    >>> int_option("train", "min_frequency", 2.0, 1, 10)
    Traceback (most recent call last):
    ...
    ValueError: train: min_frequency must be an int in [1, 10], got 2.0
    """
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValueError(f"{who}: {name} must be an int in [{low:,}, {high:,}], got {value!r}")
    return value


def real_option(who: str, name: str, value: object, low: float, high: float, *,
                low_open: bool = False, high_open: bool = False) -> float:
    """``value`` as a float if it is a finite real number in the interval from ``low`` to
    ``high`` (each end open if said so).

    Raises:
        ValueError: naming ``who``, ``name``, the interval and the value otherwise (NaN and
            infinities included).

    >>> real_option("train_unigram", "shrinking_factor", float("nan"), 0, 1, low_open=True,
    ...             high_open=True)
    Traceback (most recent call last):
    ...
    ValueError: train_unigram: shrinking_factor must be a finite number in (0, 1), got nan
    """
    number = math.nan
    if isinstance(value, int | float) and not isinstance(value, bool):
        try:
            number = float(value)
        except OverflowError:  # an int past float's range
            number = math.inf
    ok = (math.isfinite(number)
          and (low < number if low_open else low <= number)
          and (number < high if high_open else number <= high))
    if not ok:
        interval = f"{'(' if low_open else '['}{low:g}, {high:g}{')' if high_open else ']'}"
        raise ValueError(f"{who}: {name} must be a finite number in {interval}, got {value!r}")
    return number


def bool_option(who: str, name: str, value: object) -> bool:
    """``value`` if it is a bool.

    Raises:
        ValueError: naming ``who`` and ``name`` otherwise.
    """
    if not isinstance(value, bool):
        raise ValueError(f"{who}: {name} must be True or False, got {value!r}")
    return value
