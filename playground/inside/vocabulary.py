"""The vocabulary explorer's content: every token described, searched, counted and classified."""

from __future__ import annotations

from collections import Counter
from itertools import islice

import regex

from bbpe_core import Encoding
from bbpe_core.models.base import SENTENCEPIECE_BPE, UNIGRAM, WORDPIECE
from bbpe_core.pre_tokenizers.pattern_deadline import pattern_budget, run_scan
from bbpe_core.pre_tokenizers.pattern_guard import compile_checked

from .entries import Entries, Entry, decode_or_none

__all__ = ["SEARCH_MODES", "SEARCH_FORMS", "search",
           "split_characters", "anatomy", "anatomy_sentence", "lost_bytes", "script_of",
           "script_shares", "length_counts", "ODDITIES", "oddities"]


SEARCH_MODES = ("substring", "regex", "id", "byte prefix (hex)")
SEARCH_FORMS = ("either", "text", "vocabulary")
"""What a substring or regex search looks at: a token's decoded text (``Entry.text``), the
form its vocabulary writes it in (``Entry.token_str``: ``Ġ`` for a space byte in byte-level
BPE, ``▁`` in SentencePiece, ``##`` before a WordPiece continuation), or either."""
REGEX_BUDGET = 1.0
"""Seconds a user's regex may spend over the whole vocabulary (one budget for the search:
``bbpe_core.pre_tokenizers.pattern_deadline``); the regex itself passes ``pattern_guard`` first."""


def _forms(e: Entry, form: str) -> list[str]:
    """The strings of ``e`` a search with ``form`` (``SEARCH_FORMS``) looks at."""
    text = [] if e.text is None else [e.text]
    return {"text": text, "vocabulary": [e.token_str]}.get(form, text + [e.token_str])


def search(entries: Entries, mode: str, query: str, limit: int = 200,
           form: str = "either") -> list[Entry]:
    """Find tokens.

    Args:
        entries: ``entries.vocab_entries``.
        mode: one of ``SEARCH_MODES``: a substring; a regex (with a time budget); an id or
            an id range ``"a-b"``; a prefix of the bytes in hex (``"e4 bd"``).
        query: what the user typed.
        limit: most results returned.
        form: one of ``SEARCH_FORMS``: what a substring or regex is matched against (the
            decoded text, the vocabulary's form, or either).

    Raises:
        ValueError: for a bad regex, id, hex or form, or a regex over its time budget.
    """
    if form not in SEARCH_FORMS:
        raise ValueError(f"form must be one of {SEARCH_FORMS}, not {form!r}")
    if not query:
        return []
    if mode == "substring":  # the columns scanned, an Entry built per row found
        strs, texts = entries.token_strs, entries.texts
        if form == "text":
            hits = (k for k, t in enumerate(texts) if t is not None and query in t)
        elif form == "vocabulary":
            hits = (k for k, s in enumerate(strs) if query in s)
        else:
            hits = (k for k, (s, t) in enumerate(zip(strs, texts))
                    if query in s or t is not None and query in t)
        return entries.at(islice(hits, limit))
    if mode == "regex":
        try:
            pattern = compile_checked(query)
        except ValueError as e:
            raise ValueError(f"not a valid regex: {e}") from e
        found = []
        with pattern_budget(REGEX_BUDGET):
            for e in entries:
                if any(run_scan(lambda limit, s=s: pattern.search(s, timeout=limit),
                                REGEX_BUDGET) for s in _forms(e, form)):
                    found.append(e)
                    if len(found) >= limit:
                        break
        return found
    if mode == "id":
        a, _, b = query.partition("-")
        if not (a.strip().isdigit() and (not b or b.strip().isdigit())):
            raise ValueError("type an id (e.g. 995) or a range (e.g. 100-120)")
        lo, hi = int(a), int(b or a)
        return entries.at(islice((k for k, i in enumerate(entries.ids) if lo <= i <= hi),
                                 limit))
    try:
        prefix = bytes.fromhex(query)
    except ValueError as e:
        raise ValueError("type bytes in hex, e.g. 'e4 bd'") from e
    return entries.at(islice((k for k, d in enumerate(entries.datas) if d.startswith(prefix)),
                             limit))


def split_characters(enc: Encoding, query: str, limit: int = 5
                     ) -> list[tuple[str, bytes, list[str]]]:
    """Characters of ``query`` that ``enc`` spells with tokens holding part of their UTF-8
    bytes (byte-level BPE: ``"你"`` in gpt2 is ``"ä½"`` + ``"ł"``; byte fallback: ``<0xE8>``
    pieces), so a search for the character's text finds no token.

    Args:
        enc: the encoding.
        query: what the user searched for (its first ``limit`` such characters are given).

    Returns:
        ``(character, its UTF-8 bytes, the vocabulary forms of its tokens)`` per character.
    """
    out = []
    for ch in dict.fromkeys(query):
        data = ch.encode("utf-8", "surrogatepass")
        if len(data) == 1 or len(out) >= limit:
            continue
        ids = enc.encode_ordinary(ch)
        if any(decode_or_none(enc.decode_single_token_bytes(i)) is None for i in ids):
            out.append((ch, data, [enc.vocab.token_str(i) for i in ids]))
    return out


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
    missing = enc.vocab.missing
    if not missing:
        return 0
    data = text.encode("utf-8", "replace")
    return len(data) - len(data.translate(None, missing))


def anatomy_sentence(enc: Encoding, a: dict) -> str:
    """What the pieces of a model of piece strings are, for its own kind: SentencePiece BPE
    (Kudo & Richardson 2018) merges pieces by score, Unigram (Kudo 2018) takes the
    segmentation of best total log probability, WordPiece (Schuster & Nakajima 2012, as BERT)
    takes the longest piece from a word's start and marks continuations ``##``; each names
    what happens to a character no piece covers (byte fallback or the unknown token).

    Args:
        enc: an encoding that is not byte-level BPE.
        a: its ``anatomy``.

    >>> from bbpe_core import get_encoding
    >>> t5 = get_encoding("t5")
    >>> "##" in anatomy_sentence(t5, anatomy(t5)), "<unk>" in anatomy_sentence(t5, anatomy(t5))
    (False, True)
    """
    kind = enc.model_kind
    unk = enc.encoder.unk_id
    lead = f"This encoding is {kind}: its vocabulary is a list of {a['n_vocab']:,} piece strings, "
    fallback = (f"a character no piece covers is spelled with the <0xNN> pieces of its UTF-8 "
                f"bytes (byte fallback), ids {a['first_byte_ids'][:3]} for bytes 0x00, 0x01, "
                "0x02 and so on" if a["single_bytes"] else
                f"a character no piece covers becomes {enc.vocab.token_str(unk)} (id {unk}): "
                "there are no byte pieces to fall back on, so that text is lost"
                if unk is not None else "a character no piece covers cannot be encoded")
    if kind == WORDPIECE:
        lost = (f"{enc.vocab.token_str(unk)} (id {unk})" if unk is not None
                else "an error")
        return (lead + "matched longest first from the start of each word (BERT's WordPiece); "
                "a piece that continues a word starts with ##, and a word the pieces cannot "
                f"cover becomes {lost}, since there are no byte pieces to fall back on.")
    if kind == UNIGRAM:
        return (lead + "each with a score (its log probability); a text is cut into the "
                "pieces whose scores sum highest (the Viterbi path of sentencepiece's Unigram "
                f"model). Spaces are written ▁; {fallback}.")
    if kind == SENTENCEPIECE_BPE:
        return (lead + "merged pairwise by their scores (sentencepiece's BPE). Spaces are "
                f"written ▁; {fallback}.")
    return lead + f"not byte sequences with merge ranks; {fallback}."


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
