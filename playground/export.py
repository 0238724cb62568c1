"""Downloads of a text's tokens: CSV and JSON with id, Ġ string, bytes hex, start, end."""

from __future__ import annotations

import csv
import io
import json

from bbpe_core import TokenSpan

__all__ = ["FIELDS", "tokens_csv", "tokens_json"]

FIELDS = ("id", "token", "bytes_hex", "start", "end", "special")


def _rows(spans: list[TokenSpan]) -> list[dict]:
    return [
        {"id": s.id, "token": s.token_str, "bytes_hex": s.token_bytes.hex(), "start": s.start,
         "end": s.end, "special": s.special}
        for s in spans
    ]


def tokens_csv(spans: list[TokenSpan]) -> str:
    """CSV with a header row of ``FIELDS`` (csv module quoting)."""
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=FIELDS, lineterminator="\n")
    writer.writeheader()
    writer.writerows(_rows(spans))
    return out.getvalue()


def tokens_json(spans: list[TokenSpan]) -> str:
    """A JSON list of objects with ``FIELDS`` (UTF-8, not ASCII-escaped)."""
    return json.dumps(_rows(spans), ensure_ascii=False, indent=1)
