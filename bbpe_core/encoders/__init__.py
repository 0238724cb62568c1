"""The model stage: special-free, normalized text -> ids.

- ``base.Encoder``: the interface ``Encoding`` uses.
- ``simple.SimpleEncoder``: the reference (read it first); any pre-tokenizer.
- ``fast.FastEncoder``: the fast path for the three shipped patterns (its README says why it
  is exact and what each step gained).
"""

from .base import Encoder
from .fast import FastEncoder
from .simple import SimpleEncoder

__all__ = ["Encoder", "FastEncoder", "SimpleEncoder"]
