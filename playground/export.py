"""Downloads: a text's tokens (CSV, JSON), and a whole vocabulary in every saved format."""

from __future__ import annotations

import csv
import io
import json
import tempfile
from pathlib import Path

import bbpe_core
from bbpe_core import Encoding, TokenSpan

__all__ = ["FIELDS", "tokens_csv", "tokens_json", "EXPORT_NOTES", "vocabulary_files"]

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


EXPORT_NOTES = {
    "tokenizer.json": "HF tokenizers gives our ids for every encoding (the pattern travels with it).",
    "vocab.json + merges.txt": "no split pattern inside: HF and transformers assume GPT-2's, so "
                               "only gpt2-style encodings keep their ids.",
    ".tiktoken": "ranks only: tiktoken (or bbpe_core.load_tiktoken) needs the pattern and special "
                 "tokens given separately.",
}
"""What each export format reproduces, shown next to the downloads."""


def vocabulary_files(enc: Encoding) -> dict[str, bytes]:
    """Every format the engine saves, as ``{file name: content}``."""
    with tempfile.TemporaryDirectory() as d:
        root = Path(d)
        bbpe_core.save_hf_tokenizer_json(enc, root / "tokenizer.json")
        bbpe_core.save_gpt2_files(enc, root)
        bbpe_core.save_tiktoken_bpe(enc.mergeable_ranks, root / f"{enc.name}.tiktoken")
        return {p.name: p.read_bytes() for p in sorted(root.iterdir())}
