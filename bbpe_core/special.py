"""Special tokens in text: which are allowed, finding them, and the refusal message.

Semantics follow tiktoken (``tiktoken/core.py``): by default text that spells a
special token raises ``ValueError``, because special tokens can be used to trick a
model; ``allowed_special`` turns listed ones into their single id and
``disallowed_special=()`` encodes them as plain text. Where two special tokens
overlap in the text, the longest one wins (alternatives are tried longest first).

This module does no BPE; it only cuts text into ordinary and special segments.

>>> special_segments("a<|x|>b", frozenset({"<|x|>"}))
[('a', 0, 1, False), ('<|x|>', 1, 6, True), ('b', 6, 7, False)]
"""

from __future__ import annotations

from collections.abc import Collection, Set
from functools import lru_cache
from typing import Literal, NoReturn

import regex

AllowedSpecial = Literal["all"] | Set[str]
"""``allowed_special``: ``"all"`` or a set of special-token texts."""
DisallowedSpecial = Literal["all"] | Collection[str]
"""``disallowed_special``: ``"all"`` or a collection of special-token texts."""

__all__ = [
    "AllowedSpecial",
    "DisallowedSpecial",
    "resolve_special",
    "check_disallowed",
    "special_segments",
    "whole_token_pattern",
    "raise_disallowed_special_token",
    "whole_token_regex",
]


@lru_cache(maxsize=64)
def whole_token_regex(tokens: frozenset[str]) -> regex.Pattern:
    """A pattern matching any of ``tokens``, the longest one where several start at the same
    place: a trie of the texts (Gemma 3's 6,415 added tokens scan in milliseconds, where one
    alternative per token takes seconds), or, for a trie too deep to build, the texts
    longest first (``whole_token_pattern``)."""
    return regex.compile(whole_token_pattern(tokens))


def whole_token_pattern(tokens: frozenset[str]) -> str:
    """The source of ``whole_token_regex``; it uses no syntax of the ``regex`` package, so
    the standard library's ``re`` compiles it too (whose ``match`` at one position costs
    far less on a long literal)."""
    try:
        return _trie_pattern(tokens)
    except RecursionError:
        inner = "|".join(regex.escape(t) for t in sorted(tokens, key=lambda t: (-len(t), t)))
        return f"(?:{inner})"


def _trie_pattern(tokens: frozenset[str]) -> str:
    """The texts as nested alternatives by common prefix; a text that is the prefix of
    others is an optional tail, tried longest first (greedy).

    >>> _trie_pattern(frozenset({"<a", "<ab>", "<b>"}))
    '<(?:a(?:b>)?|b>)'
    """
    trie: dict = {}
    for text in tokens:
        node = trie
        for ch in text:
            node = node.setdefault(ch, {})
        node[""] = {}  # a text ends here

    def emit(node: dict) -> str:
        parts = []
        keys = sorted(k for k in node if k)
        while "" not in node and len(keys) == 1:  # a chain without choices
            parts.append(regex.escape(keys[0]))
            node = node[keys[0]]
            keys = sorted(k for k in node if k)
        branches = [regex.escape(ch) + emit(node[ch]) for ch in keys]
        if branches:
            body = branches[0] if len(branches) == 1 else f"(?:{'|'.join(branches)})"
            parts.append(f"(?:{body})?" if "" in node else body)
        return "".join(parts)

    return emit(trie)


def raise_disallowed_special_token(token: str) -> NoReturn:
    """Raise tiktoken's ``ValueError`` for special-token text found in ordinary text.

    Args:
        token: the special token's text.

    Raises:
        ValueError: always; the message shows the two ways out.
    """
    raise ValueError(
        f"Encountered text corresponding to disallowed special token {token!r}.\n"
        "If you want this text to be encoded as a special token, "
        f"pass it to `allowed_special`, e.g. `allowed_special={{{token!r}, ...}}`.\n"
        "If you want this text to be encoded as normal text, disable the check for this token "
        f"by passing `disallowed_special=(enc.special_tokens_set - {{{token!r}}})`.\n"
        "To disable this check for all special tokens, pass `disallowed_special=()`.\n"
    )


def resolve_special(
    allowed_special: Literal["all"] | Set[str],
    disallowed_special: Literal["all"] | Collection[str],
    special_tokens_set: frozenset[str],
) -> tuple[frozenset[str], frozenset[str]]:
    """Turn the ``allowed_special`` / ``disallowed_special`` arguments into two sets.

    Args:
        allowed_special: ``"all"`` or a set of special-token texts to encode as specials.
        disallowed_special: ``"all"`` (every special not allowed) or a collection of
            texts whose presence raises.
        special_tokens_set: all special-token texts of the encoding.

    Returns:
        ``(allowed, disallowed)`` as frozensets.

    Raises:
        ValueError: if ``allowed_special`` names a text that is not a special token.
        TypeError: if either argument is a plain string other than ``"all"``.
    """
    for arg in (allowed_special, disallowed_special):
        if isinstance(arg, str) and arg != "all":
            raise TypeError(f"expected 'all' or a set of special tokens, got the string {arg!r}")
    allowed = special_tokens_set if allowed_special == "all" else frozenset(allowed_special)
    unknown = allowed - special_tokens_set
    if unknown:
        raise ValueError(f"not special tokens of this encoding: {sorted(unknown)}")
    if disallowed_special == "all":
        disallowed = special_tokens_set - allowed
    else:
        disallowed = frozenset(disallowed_special)
    return allowed, disallowed


def check_disallowed(text: str, disallowed: frozenset[str]) -> None:
    """Raise if ``text`` contains any of the ``disallowed`` special-token texts.

    Args:
        text: the text to check.
        disallowed: special-token texts that must not occur.

    Raises:
        ValueError: tiktoken's message, naming the (longest) token found.
    """
    if disallowed and (match := whole_token_regex(disallowed).search(text)):
        raise_disallowed_special_token(match.group())


def special_segments(text: str, allowed: frozenset[str]) -> list[tuple[str, int, int, bool]]:
    """Cut text at the allowed special tokens.

    Args:
        text: the text.
        allowed: special-token texts to cut out.

    Returns:
        ``[(segment, start, end, is_special), ...]`` covering ``text`` in order, with
        character offsets; empty ordinary segments are left out.
    """
    if not allowed:
        return [(text, 0, len(text), False)] if text else []
    out: list[tuple[str, int, int, bool]] = []
    pos = 0
    for m in whole_token_regex(allowed).finditer(text):
        if m.start() > pos:
            out.append((text[pos : m.start()], pos, m.start(), False))
        out.append((m.group(), m.start(), m.end(), True))
        pos = m.end()
    if pos < len(text):
        out.append((text[pos:], pos, len(text), False))
    return out
