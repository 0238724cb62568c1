"""The one module that reads the ``regex`` package's private ``_regex_core``: its parser (for
``pattern_guard``, which checks a user's pattern before compiling it) and its table of Unicode
scripts (for ``training.unigram_corpus``). It is not public API: the ``regex`` pin in
pyproject.toml fixes it, and tests/test_hostile_patterns.py fails if it changes.
"""

from __future__ import annotations

import regex
from regex import _regex_core as core

__all__ = ["SCRIPTS", "core", "parse"]

SCRIPTS: dict[str, int] = core.PROPERTIES["SCRIPT"][1]
"""Unicode script name in upper case (``"HAN"``) -> the number ``regex`` gives it."""


def parse(pat_str: str, flags: int) -> object:
    """The ``regex`` package's parse tree of ``pat_str``, as its ``compile`` builds it
    (``regex/_main.py``: a global flag met midway restarts the parse with it)."""
    global_flags = flags
    while True:
        source = core.Source(pat_str)
        info = core.Info(global_flags, source.char_type, {})
        info.guess_encoding = core.UNICODE
        source.ignore_space = bool(info.flags & core.VERBOSE)
        try:
            parsed = core._parse_pattern(source, info)
        except core._UnscopedFlagSet:
            global_flags = info.global_flags
            continue
        if not source.at_end():
            raise regex.error("unbalanced parenthesis", pat_str, source.pos)
        return parsed
