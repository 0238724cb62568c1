r"""The one gate every regex from a user passes before it is compiled: a split pattern from an
uploaded ``tokenizer.json`` / ``.tiktoken`` / Tekken file, ``Encoding(pat_str=...)``, the
Train page's and the CLI's ``--pattern``, the Vocabulary page's regex search.

The ``regex`` package unrolls a counted repeat while compiling: ``a{1000}`` becomes a
thousand copies of ``a``, and a repeat inside a repeat multiplies, so ``(?:a{1000}){1000}``
takes about a gigabyte and ``(?:(?:a{1000}){1000}){1000}`` more than the machine has. Its
parser is recursive, so a thousand nested groups end in a ``RecursionError``.
``check_pattern`` therefore reads the pattern's structure first, with the ``regex``
package's own parser (``regex._regex_core``, read only through ``regex_core``: the ``regex``
pin in pyproject.toml fixes its interface; the parse allocates nothing per repeat), so that
escapes, character classes (where ``{`` is literal), verbose mode (``(?x)a{1 000}``,
comments), inline flags and every form of a bound (``{n}``, ``{m,n}``, ``{,n}``, ``{m,}``,
lazy ``{n}?``, possessive ``{n}+``) are read exactly as the compiler will read them. Then it
bounds what compiling can cost:

- ``MAX_PATTERN_CHARS`` characters;
- ``MAX_REPEAT_PRODUCT``: the product of the bounds of nested repeats (``{m,n}`` counts
  ``n``, ``{m,}`` counts ``m``, ``*``, ``+`` and ``?`` count 1);
- ``MAX_EXPANDED_SIZE``: the parsed pattern's size with every node counted once per copy
  the unrolling makes (the sum of those products over all nodes);
- ``MAX_NESTING``: levels of groups;
- no group calls or recursion (``(?R)``, ``(?1)``, ``(?&name)``) and no fuzzy matching
  (``(?:abc){e<=1}``): neither reference engine (tiktoken's Rust regex, HF tokenizers'
  Oniguruma) has fuzzy matching, and a call can re-enter a repeat at match time.

``compile_checked`` checks, then compiles, and turns every failure of the compiler
(``regex.error``, and a ``MemoryError`` or ``RecursionError`` that should then never
happen) into the ``ValueError`` the API documents. Time spent matching is bounded elsewhere
(``pattern_deadline``).
"""

from __future__ import annotations

import regex

from .regex_core import core as _regex_core
from .regex_core import parse as _parse

__all__ = [
    "MAX_EXPANDED_SIZE",
    "MAX_NESTING",
    "MAX_PATTERN_CHARS",
    "MAX_REPEAT_PRODUCT",
    "check_pattern",
    "compile_checked",
]

MAX_PATTERN_CHARS = 5000
"""Longest pattern accepted from a user (the shipped split patterns are under 400 characters)."""
MAX_REPEAT_PRODUCT = 10_000
"""Largest product of nested repeat bounds: ``a{10000}`` and ``(?:a{100}){100}`` are
accepted, ``(?:a{1000}){1000}`` is not."""
MAX_EXPANDED_SIZE = 100_000
"""Largest parsed size after unrolling (each node counted once per copy). With the other
caps, this is what bounds the memory compiling takes: tests/test_hostile_patterns.py
compiles the worst accepted patterns under an address-space limit."""
MAX_NESTING = 20
"""Deepest nesting of groups (capturing or not, look-arounds, atomic and conditional
groups, nested character sets) accepted."""

_GROUPS = (_regex_core.Group, _regex_core.LookAround, _regex_core.Atomic,
           _regex_core.Conditional, _regex_core.LookAroundConditional)
_REPEATS = _regex_core.GreedyRepeat  # LazyRepeat and PossessiveRepeat derive from it
_REFUSED = {
    _regex_core.CallGroup: "group calls and recursion ((?R), (?1), (?&name))",
    _regex_core.CallRef: "group calls and recursion ((?R), (?1), (?&name))",
    _regex_core.Fuzzy: "fuzzy matching ({e<=1} and the like)",
}
_CHILDREN = ("subpattern", "items", "branches", "yes_item", "no_item")


def _level(node: object, parent: object) -> int:
    """1 where ``node`` opens a level of nesting: a group, a non-capturing group (a sequence
    or alternation directly inside a sequence or a repeat), a set inside a set."""
    if isinstance(node, _GROUPS):
        return 1
    if isinstance(node, (_regex_core.Sequence, _regex_core.Branch)):
        return int(isinstance(parent, (_regex_core.Sequence, _REPEATS)))
    return int(isinstance(node, _regex_core.SetBase) and isinstance(parent, _regex_core.SetBase))


def _bound(node: _regex_core.GreedyRepeat) -> int:
    """How many copies of its body compiling a repeat can make (at least 1)."""
    return max(node.max_count if node.max_count is not None else node.min_count, 1)


def _measure(parsed: object) -> None:
    """Walk the parse tree; raise ValueError at the first cap it passes."""
    size = 0
    # node, parent, copies, depth
    stack: list[tuple[object, object, int, int]] = [(parsed, None, 1, 0)]
    while stack:
        node, parent, copies, depth = stack.pop()
        refused = _REFUSED.get(type(node))
        if refused:
            raise ValueError(f"the pattern uses {refused}, which is not accepted")
        depth += _level(node, parent)
        if depth > MAX_NESTING:
            raise ValueError(f"the pattern nests groups {depth} deep; at most {MAX_NESTING} "
                             "are accepted")
        if isinstance(node, _REPEATS):
            nested = copies > 1
            copies *= _bound(node)
            if copies > MAX_REPEAT_PRODUCT:
                why = " (the counts of repeats inside repeats multiply)" if nested else ""
                raise ValueError(f"the pattern repeats {copies:,} times{why}; at most "
                                 f"{MAX_REPEAT_PRODUCT:,} are accepted")
        size += copies
        if size > MAX_EXPANDED_SIZE:
            raise ValueError(f"the pattern unrolls to more than {MAX_EXPANDED_SIZE:,} parts "
                             "(each repeat copies what it repeats); write it with fewer or "
                             "smaller counted repeats")
        for name in _CHILDREN:
            child = getattr(node, name, None)
            if isinstance(child, (list, tuple)):
                stack += [(c, node, copies, depth) for c in child]
            elif child is not None:
                stack.append((child, node, copies, depth))


def check_pattern(pat_str: str, flags: int = 0) -> None:
    """Refuse a user's regex that compiling could not afford (see the module doc), before
    it is compiled.

    Args:
        pat_str (str): the pattern, in the ``regex`` package's syntax.
        flags (int): the ``regex`` flags it will be compiled with.

    Raises:
        ValueError: naming the cap it passes, or the syntax error (``regex.error``
            chained), or "nests groups ... deep" where the parser itself runs out of stack.
    """
    if not isinstance(pat_str, str):
        raise ValueError(f"a pattern must be a str, not {type(pat_str).__name__}")
    if len(pat_str) > MAX_PATTERN_CHARS:
        raise ValueError(f"the pattern has {len(pat_str):,} characters; at most "
                         f"{MAX_PATTERN_CHARS:,} are accepted")
    try:
        parsed = _parse(pat_str, flags)
    except RecursionError:
        raise ValueError(f"the pattern nests groups too deep; at most {MAX_NESTING} "
                         "are accepted") from None
    except (regex.error, OverflowError, MemoryError) as e:
        raise ValueError(f"the pattern does not compile: {e}") from e
    _measure(parsed)


def compile_checked(pat_str: str, flags: int = 0, *, check: str | None = None) -> regex.Pattern:
    """``check_pattern``, then ``regex.compile``, every failure a ValueError.

    Args:
        pat_str (str): the pattern to compile.
        flags (int): ``regex`` flags.
        check (str | None): the pattern to check, where ``pat_str`` is built around it
            (``patterns.compile_pattern`` wraps a split pattern twice); None checks
            ``pat_str`` itself.

    Returns:
        regex.Pattern: the compiled pattern.

    Raises:
        ValueError: if the pattern fails ``check_pattern`` or does not compile (the
            compiler's error chained; a MemoryError or RecursionError too).
    """
    check_pattern(pat_str if check is None else check, flags)
    try:
        return regex.compile(pat_str, flags)
    except RecursionError:
        raise ValueError(f"the pattern nests groups too deep; at most {MAX_NESTING} "
                         "are accepted") from None
    except MemoryError:
        raise ValueError("the pattern is too large to compile") from None
    except (regex.error, TypeError, OverflowError) as e:
        raise ValueError(f"the pattern does not compile: {e}") from e
