"""The Algorithms page's first part: one text through byte-level BPE, SentencePiece BPE,
Unigram and WordPiece, side by side, and what differs between them, computed from the tokens.

Sources: byte-level BPE, Radford et al. 2019 (openai/gpt-2 ``encoder.py``); SentencePiece
BPE with byte fallback, Kudo & Richardson 2018 and Sennrich et al. 2016; WordPiece,
Schuster & Nakajima 2012, as BERT uses it (Devlin et al. 2019); Unigram, Kudo 2018
(sentencepiece ``unigram_model.cc``), as T5 uses it.

>>> from bbpe_core import get_encoding
>>> rows = run_all("Hi 麵", ["llama2", "bert_base_uncased"])
>>> [r.strings for r in rows]
[['▁Hi', '▁', '<0xE9>', '<0xBA>', '<0xB5>'], ['hi', '[UNK]']]
"""

from __future__ import annotations

from dataclasses import dataclass

from bbpe_core import Encoding, TokenSpan, get_encoding, list_encoding_names
from bbpe_core.viewer.html import group_shared

from ..model_kind import model_kind

__all__ = ["ALGORITHM_ENCODINGS", "DEFAULT_TEXT", "MAX_ALGORITHM_ENCODINGS", "MAX_TOKENS",
           "Result", "available",
           "byte_spelled", "differences", "run", "run_all", "space_marker"]

ALGORITHM_ENCODINGS = ("gpt2", "llama2", "t5", "bert_base_uncased")
"""One encoding per kind, in the page's order, shown first (those not shipped are skipped);
the reader may add others (Gemma 3, GPT-4o...) up to ``MAX_ALGORITHM_ENCODINGS``."""
MAX_ALGORITHM_ENCODINGS = 5
"""Encodings drawn side by side at most (one column each)."""
DEFAULT_TEXT = "Hello World! The café serves 拉麵 and 你好."
MAX_TOKENS = 400
"""Tokens drawn per encoding at most (the counts cover the whole text)."""


@dataclass(frozen=True)
class Result:
    """One encoding's view of the text.

    Attributes:
        name: the encoding's name.
        kind: its algorithm (``model_kind``).
        ids: every id of ``encode_ordinary(text)``.
        spans: the first ``MAX_TOKENS`` tokens with their details.
        decoded: ``decode(ids)``.
        unk_id: the id of the model's unknown token, or None (byte-level BPE and byte
            fallback never need one).
    """

    name: str
    kind: str
    ids: list[int]
    spans: list[TokenSpan]
    decoded: str
    unk_id: int | None

    @property
    def strings(self) -> list[str]:
        """The drawn tokens as the vocabulary writes them (Ġ strings, ▁ pieces, ##ing)."""
        return [s.token_str for s in self.spans]


def available() -> list[str]:
    """The names of ``ALGORITHM_ENCODINGS`` this build ships."""
    shipped = set(list_encoding_names())
    return [n for n in ALGORITHM_ENCODINGS if n in shipped]


def run(enc: Encoding, text: str) -> Result:
    """Encode ``text`` once (special-token text as plain text: ``encode_rich``) and decode it
    back."""
    out = enc.encode_rich(text, disallowed_special=(), max_tokens=MAX_TOKENS)
    return Result(enc.name, model_kind(enc), out.ids, out.tokens, enc.decode(out.ids),
                  enc.encoder.unk_id)


def run_all(text: str, names: list[str]) -> list[Result]:
    """``run`` for each shipped encoding of ``names``."""
    return [run(get_encoding(n), text) for n in names]


def _is_byte_piece(s: TokenSpan) -> bool:
    return len(s.token_str) == 6 and s.token_str.startswith("<0x") and s.token_str.endswith(">")


def byte_spelled(r: Result, text: str) -> dict[str, list[str]]:
    """Characters of ``text`` spelled by several byte tokens: byte-fallback pieces
    (``<0xE9>``, SentencePiece) or byte-level tokens that cut a character (their spans
    overlap on it). Character -> its tokens' strings, in text order; WordPiece has none.

    >>> byte_spelled(run(get_encoding("llama2"), "a 麵"), "a 麵")
    {'麵': ['<0xE9>', '<0xBA>', '<0xB5>']}
    """
    out: dict[str, list[str]] = {}
    if r.kind != "byte-level BPE":
        for s in r.spans:
            if _is_byte_piece(s):
                out.setdefault(text[s.start:s.end], []).append(s.token_str)
        return out
    for group in group_shared(r.spans):
        if len(group) > 1:
            out.setdefault(text[group[-1].start:group[0].end], [s.token_str for s in group])
    return out


def _examples(items: dict[str, list[str]], n: int = 3) -> str:
    """The first ``n`` characters and their tokens, with "…" when there are more.

    >>> _examples({"a": ["x"], "b": ["y"]}, 1)
    "'a' as x; …"
    """
    shown = [f"{k!r} as {' '.join(v)}" for k, v in list(items.items())[:n]]
    return "; ".join(shown + (["…"] if len(items) > n else []))


def _unknowns(r: Result, text: str) -> list[str]:
    return [text[s.start:s.end] for s in r.spans if r.unk_id is not None and s.id == r.unk_id]


def _unknown_sentence(r: Result, text: str) -> str:
    if r.kind == "byte-level BPE":
        cut = byte_spelled(r, text)
        if cut:
            return (f"{r.name} cuts {len(cut)} character(s) over several byte tokens "
                    f"({_examples(cut)}); every byte is a token, so nothing is unknown.")
        return f"{r.name} has every character of this text in whole tokens."
    unknown = _unknowns(r, text)
    fallback = byte_spelled(r, text)
    if fallback:
        return (f"{r.name} has no piece for {len(fallback)} character(s) and spells them with "
                f"byte-fallback pieces, one per UTF-8 byte ({_examples(fallback)}); decoding "
                "gives them back.")
    if unknown:
        shown = ", ".join([repr(u) for u in unknown[:3]] + (["…"] if len(unknown) > 3 else []))
        return (f"{r.name} turns {len(unknown)} word(s) it cannot cover into its unknown token "
                f"{r.strings[next(i for i, s in enumerate(r.spans) if s.id == r.unk_id)]} "
                f"({shown}): that text is lost.")
    return f"{r.name} covers every character of this text with its pieces."


def space_marker(r: Result) -> str:
    """How the model's token strings write a space: ``"Ġ"`` (byte-level BPE), ``"▁"``
    (SentencePiece BPE and Unigram), or ``""`` (WordPiece drops spaces)."""
    if r.kind == "byte-level BPE":
        return "Ġ"
    return "▁" if r.kind.startswith("SentencePiece") or r.kind == "Unigram" else ""


def _space_sentence(r: Result) -> str:
    marker = space_marker(r)
    marked = [s for s in r.strings if marker and marker in s]
    if marked:
        return (f"{r.name} writes a space as {marker} inside a token ({len(marked)} token(s), "
                f"e.g. {marked[0]!r}).")
    if any(" " in s.token_bytes.decode("utf-8", "replace") for s in r.spans):
        return f"{r.name} keeps spaces in its tokens."
    return (f"{r.name} drops the spaces: its pre-tokenizer splits the text on them and no "
            "token holds one (## marks a piece that continues a word instead).")


def differences(text: str, results: list[Result]) -> list[tuple[str, list[str]]]:
    """What differs between the encodings on this text, each claim computed from the tokens.

    Args:
        text: the text all of them encoded.
        results: ``run`` of each.

    Returns:
        ``[(topic, [sentence, ...]), ...]``: characters the vocabulary lacks, spaces, case
        (if the text has capitals), and which encodings give the text back.
    """
    if not text:
        return []
    topics = [("Characters the vocabulary lacks", [_unknown_sentence(r, text) for r in results])]
    if " " in text:
        topics.append(("Spaces", [_space_sentence(r) for r in results]))
    capitals = sum(c.isupper() for c in text)
    if capitals:
        topics.append(("Case", [
            f"{r.name}: {sum(c.isupper() for c in r.decoded)} of the {capitals} capital "
            f"letter(s) come back" + ("" if sum(c.isupper() for c in r.decoded) == capitals
                                      else " (it folds case: lowercase only)") + "."
            for r in results]))
    same = [r.name for r in results if r.decoded == text]
    lossy = [r for r in results if r.decoded != text]
    back = [f"decode(encode(text)) == text for {', '.join(same) or 'none of them'}."]
    back += [f"{r.name} cannot give the text back: decode(encode(text)) is {r.decoded!r}."
             for r in lossy]
    topics.append(("Giving the text back", back))
    return topics
