"""The vocabulary explorer's content: every token described, searched, counted and classified."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

import regex

from bbpe_core import Encoding, recover_merges
from bbpe_core.pre_tokenizers.byte_level import to_gpt2_str
from bbpe_core.pre_tokenizers.pattern_deadline import pattern_budget, run_scan
from bbpe_core.pre_tokenizers.pattern_guard import compile_checked

__all__ = ["Entry", "vocab_entries", "SEARCH_MODES", "search", "anatomy", "lost_bytes", "script_of",
           "script_shares", "length_counts", "ODDITIES", "oddities"]


@dataclass(frozen=True)
class Entry:
    """One token of a vocabulary.

    Attributes:
        id: its id.
        data: its bytes.
        token_str: its Ġ string (a special token's text).
        text: its bytes decoded as UTF-8, or None if they are partial UTF-8.
        merge: the pair of parts whose merge made it, or None (single bytes, specials,
            tokens no merge reaches).
        special: whether it is a special token.
    """

    id: int
    data: bytes
    token_str: str
    text: str | None
    merge: tuple[bytes, bytes] | None
    special: bool


def _decode(data: bytes) -> str | None:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return None


def vocab_entries(enc: Encoding) -> list[Entry]:
    """All tokens of ``enc`` by id (merges recovered from ranks where needed). For a model of
    piece strings (SentencePiece, WordPiece) ``token_str`` is the piece (``▁hello``,
    ``<0xE4>``, ``##ing``), ``data`` the bytes it decodes to, and ``merge`` None (no merge
    list: SentencePiece merges by piece score, WordPiece does not merge)."""
    if not enc.byte_level:
        table = enc.vocab
        return [Entry(i, table.token_bytes(i), piece, _decode(table.token_bytes(i)), None,
                      i in table.whole_ids) for i, piece in sorted(table.pieces.items())]
    pairs = enc.merges if enc.merges is not None else recover_merges(enc.mergeable_ranks)
    made_by = {a + b: (a, b) for a, b in pairs}
    out = [Entry(i, b, to_gpt2_str(b), _decode(b), made_by.get(b), False)
           for b, i in enc.mergeable_ranks.items()]
    out += [Entry(i, s.encode(), s, s, None, True) for s, i in enc.special_tokens.items()]
    return sorted(out, key=lambda e: e.id)


SEARCH_MODES = ("substring", "regex", "id", "byte prefix (hex)")
REGEX_BUDGET = 1.0
"""Seconds a user's regex may spend over the whole vocabulary (one budget for the search:
``bbpe_core.pre_tokenizers.pattern_deadline``); the regex itself passes ``pattern_guard`` first."""


def search(entries: list[Entry], mode: str, query: str, limit: int = 200) -> list[Entry]:
    """Find tokens.

    Args:
        entries: ``vocab_entries``.
        mode: one of ``SEARCH_MODES``: a substring of the text or Ġ string; a regex
            over the text (with a time budget); an id or an id range ``"a-b"``; a
            prefix of the bytes in hex (``"e4 bd"``).
        query: what the user typed.
        limit: most results returned.

    Raises:
        ValueError: for a bad regex, id or hex, or a regex over its time budget.
    """
    if not query:
        return []
    if mode == "substring":
        return [e for e in entries if query in (e.text or "") or query in e.token_str][:limit]
    if mode == "regex":
        try:
            pattern = compile_checked(query)
        except ValueError as e:
            raise ValueError(f"not a valid regex: {e}") from e
        found = []
        with pattern_budget(REGEX_BUDGET):
            for e in entries:
                if e.text is not None and run_scan(
                        lambda limit, text=e.text: pattern.search(text, timeout=limit),
                        REGEX_BUDGET):
                    found.append(e)
                    if len(found) >= limit:
                        break
        return found
    if mode == "id":
        a, _, b = query.partition("-")
        if not (a.strip().isdigit() and (not b or b.strip().isdigit())):
            raise ValueError("type an id (e.g. 995) or a range (e.g. 100-120)")
        lo, hi = int(a), int(b or a)
        return [e for e in entries if lo <= e.id <= hi][:limit]
    try:
        prefix = bytes.fromhex(query)
    except ValueError as e:
        raise ValueError("type bytes in hex, e.g. 'e4 bd'") from e
    return [e for e in entries if e.data.startswith(prefix)][:limit]


def anatomy(enc: Encoding) -> dict[str, int | bool | list[int]]:
    """Counts that describe the vocabulary: single bytes, merged tokens, specials, unassigned.

    Returns:
        ``n_vocab``, ``single_bytes``, ``merged``, ``special``, ``unassigned`` (ids in
        range with no token), ``byte_order`` (whether single bytes have ids 0..255 in
        byte order), ``first_byte_ids`` (the ids of the first 16 single bytes the vocabulary
        has, from 0x00). For a model of piece
        strings, ``single_bytes`` counts the byte-fallback pieces (``<0xNN>``), ``merged``
        the other ordinary pieces, ``special`` the special and added tokens.
    """
    if not enc.byte_level:
        return _piece_anatomy(enc)
    ranks = enc.mergeable_ranks
    single = [ranks[bytes([b])] for b in range(256) if bytes([b]) in ranks]  # Falcon lacks 28
    n_tokens = len(ranks) + len(enc.special_tokens)
    return {
        "n_vocab": enc.n_vocab,
        "single_bytes": len(single),
        "merged": len(ranks) - len(single),
        "special": len(enc.special_tokens),
        "unassigned": enc.n_vocab - n_tokens,
        "byte_order": single == list(range(256)),
        "first_byte_ids": single[:16],
    }


def lost_bytes(enc: Encoding, text: str) -> int:
    """UTF-8 bytes of ``text`` that no token of a byte-level vocabulary holds (Falcon's 0x03,
    StarCoder's 0xF1): they give no id, as in llama.cpp and HF tokenizers
    (``bbpe_core.vocab.Vocab.missing``), so the ids do not decode back to the whole text.

    Args:
        enc: any encoding (0 for one that is not byte-level or has all 256 bytes).
        text: the text encoded.
    """
    missing = enc.vocab.missing if enc.byte_level else b""  # byte-level: a Vocab
    if not missing:
        return 0
    data = text.encode("utf-8", "replace")
    return len(data) - len(data.translate(None, missing))


def _piece_anatomy(enc: Encoding) -> dict[str, int | bool | list[int]]:
    table = enc.vocab
    byte_ids = {int(p[3:5], 16): i for i, p in table.pieces.items()
                if len(p) == 6 and p.startswith("<0x") and p.endswith(">")
                and i not in table.whole_ids}
    whole = len(table.whole_ids)
    return {
        "n_vocab": enc.n_vocab,
        "single_bytes": len(byte_ids),
        "merged": len(table.pieces) - len(byte_ids) - whole,
        "special": whole,
        "unassigned": enc.n_vocab - len(table.pieces),
        "byte_order": sorted(byte_ids.values()) == [byte_ids[b] for b in sorted(byte_ids)],
        "first_byte_ids": [byte_ids[b] for b in range(16) if b in byte_ids],
    }


_SCRIPTS = [("CJK", r"[\p{Han}\p{Hiragana}\p{Katakana}\p{Hangul}]"), ("Latin", r"\p{Latin}"),
            ("Cyrillic", r"\p{Cyrillic}"), ("Greek", r"\p{Greek}"), ("Arabic", r"\p{Arabic}"),
            ("Hebrew", r"\p{Hebrew}"), ("Devanagari", r"\p{Devanagari}"), ("Thai", r"\p{Thai}")]


def script_of(e: Entry) -> str:
    """A token's class for the script chart: special, partial UTF-8, whitespace, digits, a
    script (by its first letter), other letters, or punctuation/symbols."""
    if e.special:
        return "special"
    if e.text is None:
        return "partial UTF-8"
    if e.text.isspace():
        return "whitespace"
    stripped = e.text.strip()
    if stripped.isdigit():
        return "digits"
    letter = regex.search(r"\p{L}", stripped)
    if letter is None:
        return "punctuation/symbols"
    return next((name for name, p in _SCRIPTS if regex.match(p, letter.group())), "other letters")


def script_shares(entries: list[Entry]) -> Counter:
    """How many tokens fall in each ``script_of`` class."""
    return Counter(script_of(e) for e in entries)


def length_counts(entries: list[Entry]) -> Counter:
    """How many ordinary tokens have each byte length."""
    return Counter(len(e.data) for e in entries if not e.special)


ODDITIES = [
    (" SolidGoldMagikarp", "a Reddit user name that became one gpt2 token but hardly occurs in "
                           "training text: models trained on it behaved strangely (the "
                           "SolidGoldMagikarp tokens)"),
    (" davidjl", "another rarely-seen whole-word token from the same family of glitch tokens"),
    ("\n\n", "a paragraph break is one token"),
    ("        ", "eight spaces: one token in cl100k_base and o200k_base, eight in gpt2"),
    ("rawdownloadcloneembedreportprint", "a run of GitHub button labels scraped with the text"),
]
"""Strings worth showing for teaching, with why."""


def oddities(enc: Encoding) -> list[dict]:
    """For each of ``ODDITIES``: its ids in ``enc`` and whether it is one token."""
    rows = []
    for text, why in ODDITIES:
        ids = enc.encode_ordinary(text)
        rows.append({"text": repr(text), "ids": str(ids), "one token": len(ids) == 1, "why": why})
    return rows
