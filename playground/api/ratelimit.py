"""A per-client rate limit for the HTTP API: a token bucket per client address (the classic
algorithm, e.g. RFC 2697's single-rate meter; nginx's ``limit_req`` behaves alike), with a
table of a bounded number of clients, the least recently seen dropped first.

A client may send ``burst`` requests at once, then ``rate`` a second. A request over it is
answered 429 with ``Retry-After``. The limits can be set for a deployment with the environment
variables ``PLAYGROUND_API_RATE`` and ``PLAYGROUND_API_BURST`` (the bench raises them).
"""

from __future__ import annotations

import math
import os
import threading
import time
from collections import OrderedDict

__all__ = ["API_BURST", "API_CLIENTS", "API_RATE", "RateLimiter", "from_environment"]

API_RATE = 10.0
"""Requests per second a client may keep sending."""
API_BURST = 40
"""Requests a client may send at once (a bucket's size)."""
API_CLIENTS = 10_000
"""Clients the table remembers; the least recently seen is forgotten first (its bucket would
be full again by now or soon), so the table's memory is bounded whatever the traffic."""


class RateLimiter:
    """Token buckets per client, thread-safe.

    Args:
        rate (float): tokens (requests) added per second, above 0.
        burst (int): a bucket's size, at least 1.
        clients (int): buckets kept at most, at least 1.
        clock: a monotonic clock in seconds (``time.monotonic``; tests pass their own).

    Raises:
        ValueError: for a rate, burst or clients out of range.
    """

    def __init__(self, rate: float = API_RATE, burst: int = API_BURST,
                 clients: int = API_CLIENTS, clock=time.monotonic) -> None:
        if not (rate > 0 and math.isfinite(rate)) or burst < 1 or clients < 1:
            raise ValueError(f"rate must be above 0, burst and clients at least 1 "
                             f"(rate={rate}, burst={burst}, clients={clients})")
        self.rate, self.burst, self.clients, self.clock = rate, burst, clients, clock
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._buckets)

    def take(self, client: str) -> float:
        """Take one request from ``client``'s bucket.

        Returns:
            float: 0.0 if the request may go ahead, else the seconds until it could.
        """
        now = self.clock()
        with self._lock:
            tokens, then = self._buckets.pop(client, (float(self.burst), now))
            tokens = min(self.burst, tokens + (now - then) * self.rate)
            wait = 0.0 if tokens >= 1 else (1 - tokens) / self.rate
            self._buckets[client] = (tokens - 1 if wait == 0 else tokens, now)
            while len(self._buckets) > self.clients:
                self._buckets.popitem(last=False)
        return wait


def from_environment() -> RateLimiter:
    """A limiter with ``PLAYGROUND_API_RATE`` and ``PLAYGROUND_API_BURST`` if set, else
    ``API_RATE`` and ``API_BURST``.

    Raises:
        ValueError: if a variable is set to something that is not a valid number.
    """
    rate = float(os.environ.get("PLAYGROUND_API_RATE", API_RATE))
    burst = int(os.environ.get("PLAYGROUND_API_BURST", API_BURST))
    return RateLimiter(rate, burst)
