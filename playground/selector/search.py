"""Find an encoding by what people type: model names, vendors and encoding names, matched by
word (``o3`` finds ``o200k_base`` through its model list), best match first; a model we do not
ship is named as such instead of a list of unrelated ones.
"""

from __future__ import annotations

import re
from functools import cache

from bbpe_core.encodings.catalogue import encoding_catalogue

__all__ = ["NOT_SHIPPED", "find_encodings", "not_shipped"]

NOT_SHIPPED = {
    "grok": "xAI's Grok: its tokenizer is not shipped (yet)",
    "command": ("Cohere's Command models: their tokenizer is not shipped (yet); open the "
                "model's own GGUF file (Bring your own tokenizer, Open a model file: llama.cpp's "
                "Command R vocabulary gives its test pairs' ids)"),
    "starcoder": ("BigCode's StarCoder: its licence (BigCode OpenRAIL-M) asks for its full text "
                  "with every copy and no installable package carries it, so it is not shipped; "
                  "open the model's own GGUF file or tokenizer.json (Bring your own tokenizer)"),
    "refact": ("Refact-1.6B: its licence (BigCode OpenRAIL-M) asks for its full text with every "
               "copy and no installable package carries it, so it is not shipped; open the "
               "model's own GGUF file or tokenizer.json (Bring your own tokenizer)"),
    "claude 3": "Anthropic's Claude 3 and later: their tokenizer is not published",
    "kimi": ("Moonshot AI's Kimi (K2): no installable package carries its tokenizer, and it "
             "splits text with code of its own (llama.cpp's kimi-k2 pre-tokenizer), which this "
             "app does not reproduce, so its GGUF file is refused by name too"),
    "glm": ("Zhipu AI's GLM (4.5 and later): no installable package carries its tokenizer; "
            "open the model's own GGUF file (Bring your own tokenizer, Open a model file: its "
            "glm4 / glm5 pre-tokenizer is reproduced) or its tokenizer.json"),
}
"""Names people search for that we do not ship, and what to say (lower-case words); a query
that names one lists no shipped encoding."""

_EXACT, _PREFIX, _SHOWN = 3, 2, 1


def _words(text: str) -> list[str]:
    """Lower-case words of ``text``; ``o1-o4`` also gives o2 and o3 (a range of models).

    >>> _words("GPT-4o / GPT-4.1 / o1-o4")
    ['gpt', '4o', 'gpt', '4.1', 'o1', 'o4', 'o2', 'o3']
    """
    words = re.findall(r"[a-z0-9]+(?:\.[0-9]+)?", text.lower())
    for first, last in re.findall(r"\bo(\d)-o(\d)\b", text.lower()):
        words += [f"o{k}" for k in range(int(first) + 1, int(last))]
    return words


@cache
def _haystacks() -> dict[str, tuple[frozenset[str], frozenset[str]]]:
    """Shipped encoding -> (words shown in its label, with vendor and name; every word,
    its model list's too)."""
    out = {}
    for row in encoding_catalogue():
        shown = _words(f"{row.family} {row.label} {row.name.replace('_', ' ')} {row.name}")
        out[row.name] = (frozenset(shown), frozenset(shown + _words(" ".join(row.models))))
    return out


def _score(query: list[str], name: str) -> int:
    shown, every = _haystacks().get(name, (frozenset(_words(name)),) * 2)
    total = 0
    for q in query:
        best = max((_EXACT if w == q else _PREFIX if w.startswith(q) else 0) for w in every)
        if not best:
            return 0
        total += best + (_SHOWN if any(w.startswith(q) for w in shown) else 0)
    return total


def find_encodings(query: str, names: list[str]) -> list[str]:
    """The encodings among ``names`` whose words match every word of ``query`` (a word
    equal to it, or starting with it), best match first, then in ``names``' order; none for a
    query that names a model we do not ship (``not_shipped``).

    A word seen in the label (vendor, models shown, encoding name) counts more than one
    only in the model list (HF ids and aliases).

    >>> names = [r.name for r in encoding_catalogue()]
    >>> find_encodings("o3", names)
    ['o200k_base']
    >>> find_encodings("bert", names), find_encodings("Grok", names)
    (['bert_base_uncased', 'nomic_bert_moe'], [])
    >>> find_encodings("Phi-4", names)[:1], find_encodings("Claude 3", names)
    (['phi4'], [])
    >>> find_encodings("llama", names)[:3]
    ['llama3', 'llama4', 'llama2']
    """
    words = _words(query)
    if not words:
        return list(names)
    if not_shipped(query):  # never a shipped encoding chosen for a model we do not ship
        return []
    scored = [(s, k, n) for k, n in enumerate(names) if (s := _score(words, n))]
    return [n for _, _, n in sorted(scored, key=lambda t: (-t[0], t[1]))]


def not_shipped(query: str) -> str | None:
    """What to say when ``query`` names models we do not ship, or None.

    >>> not_shipped("Grok 3")
    "xAI's Grok: its tokenizer is not shipped (yet)"
    >>> not_shipped("llama") is None
    True
    """
    text = " ".join(_words(query))
    return next((say for key, say in NOT_SHIPPED.items()
                 if re.search(rf"\b{re.escape(key)}\b", text)), None)
