"""Downloads: a text's tokens (CSV, JSON), and a whole vocabulary in every saved format."""

from __future__ import annotations

import csv
import io
import json
import tempfile

from bbpe_core import Encoding, TokenSpan
from bbpe_core.formats import save_all

__all__ = ["FIELDS", "rows_csv", "tokens_csv", "tokens_json", "EXPORT_NOTES", "vocabulary_files"]

FIELDS = ("id", "token", "bytes_hex", "start", "end", "special")


def _rows(spans: list[TokenSpan]) -> list[dict]:
    return [
        {"id": s.id, "token": s.token_str, "bytes_hex": s.token_bytes.hex(), "start": s.start,
         "end": s.end, "special": s.special}
        for s in spans
    ]


def rows_csv(rows: list[dict], fields: tuple[str, ...] | None = None) -> str:
    """CSV of table rows (dicts with the same keys), header first (csv module quoting).

    Args:
        rows: the rows.
        fields: the columns; the first row's keys if None.

    >>> rows_csv([{"a": 1, "b": "x,y"}])
    'a,b\\n1,"x,y"\\n'
    """
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=fields or list(rows[0]), lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    return out.getvalue()


def tokens_csv(spans: list[TokenSpan]) -> str:
    """CSV with a header row of ``FIELDS``."""
    return rows_csv(_rows(spans), FIELDS)


def tokens_json(spans: list[TokenSpan]) -> str:
    """A JSON list of objects with ``FIELDS`` (UTF-8, not ASCII-escaped)."""
    return json.dumps(_rows(spans), ensure_ascii=False, indent=1)


EXPORT_NOTES = {
    "tokenizer.json": "HF tokenizers gives our ids for every encoding (the pattern travels "
                      "with it).",
    "vocab.json + merges.txt": "no split pattern inside: HF and transformers assume GPT-2's, so "
                               "only gpt2-style encodings keep their ids.",
    ".tiktoken": "ranks only: tiktoken (or bbpe_core.load_tiktoken) needs the pattern and special "
                 "tokens given separately.",
}
"""What each export format reproduces, shown next to the downloads."""


def vocabulary_files(enc: Encoding) -> dict[str, bytes]:
    """Every format the engine saves, as ``{file name: content}``."""
    with tempfile.TemporaryDirectory() as d:
        return {p.name: p.read_bytes() for p in sorted(save_all(enc, d))}
