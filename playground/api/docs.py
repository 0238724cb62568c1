"""The API's page at ``GET /api/v1/docs``: each route, what it answers, one ``curl`` example,
the errors and the caps. Static HTML of ours (no user text), escaped all the same."""

from __future__ import annotations

import json

from bbpe_core.viewer.html import esc

from ..caps import (
    MAX_API_BODY_BYTES,
    MAX_CHAT_MESSAGES,
    MAX_CHUNK_BYTES,
    MAX_CHUNKS,
    MAX_DECODE_IDS,
    MAX_ENCODE_BYTES,
    MAX_TEXT_BYTES,
)
from ..chat.tools import MAX_TOOLS
from .ratelimit import API_BURST, API_RATE

__all__ = ["ROUTE_DOCS", "docs_html"]

ROUTE_DOCS = [
    ("GET", "/encodings", None,
     'Every encoding: [{"name", "n_vocab", "models": [...]}, ...].'),
    ("POST", "/encode", {"encoding": "gpt2", "text": "hello world"},
     '{"encoding", "count", "ids", "tokens": [{"id", "start", "end", "bytes"}]}: start and end '
     "are code-point offsets into text (a character cut over two tokens lies in both), bytes "
     'lowercase hex. Special-token text is refused unless "allowed_special" is "all" or lists '
     f"it. Text up to {MAX_ENCODE_BYTES:,} UTF-8 bytes."),
    ("POST", "/count", {"encodings": ["gpt2", "cl100k_base"], "text": "hello world"},
     '{"counts": {name: n}}; up to 6 encodings, text bytes x encodings up to '
     f'{MAX_TEXT_BYTES:,}; special-token text as for /encode ("allowed_special").'),
    ("POST", "/decode", {"encoding": "gpt2", "ids": [31373, 995]},
     f'{{"text"}}; up to {MAX_DECODE_IDS:,} ids, a bad id named (400).'),
    ("POST", "/chunk", {"encoding": "gpt2", "text": "One.\n\nTwo.", "max_tokens": 3,
                        "overlap": 0},
     '{"chunks": [...]}: bbpe_core.chunk_text, each chunk at most max_tokens tokens, cut at '
     "paragraph, line, sentence or word boundaries; overlap: at most that many tokens of a "
     "chunk's end (whole words where they fit) repeated at the next one's start. Text up to "
     f"{MAX_CHUNK_BYTES:,} bytes, {MAX_CHUNKS:,} chunks."),
    ("POST", "/count_chat",
     {"model": "gpt-4o", "messages": [{"role": "user", "content": "hi"}]},
     '{"count", "per_message": [...], "framing"}: the prompt as Chat mode builds it (gpt-4o, '
     "gpt-4, gpt-3.5-turbo; Llama 3.x, Qwen 3, DeepSeek V3 / R1, Mistral NeMo, gpt-oss by "
     f"label or encoding name); up to {MAX_CHAT_MESSAGES} messages, {MAX_TOOLS} tools."),
]
"""(method, path under /api/v1, an example body or None, what it answers)."""


def _curl(method: str, path: str, body: dict | None) -> str:
    url = f"http://localhost:8501/api/v1{path}"
    if body is None:
        return f"curl {url}"
    data = json.dumps(body, ensure_ascii=False).replace("'", "'\\''")
    return f"curl -X {method} {url} -H 'Content-Type: application/json' -d '{data}'"


def docs_html() -> str:
    """The docs page, a whole HTML document."""
    rows = "".join(
        f"<h2><code>{method} /api/v1{esc(path)}</code></h2><p>{esc(what)}</p>"
        f"<pre>{esc(_curl(method, path, body))}</pre>"
        for method, path, body, what in ROUTE_DOCS)
    return (
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        "<title>Tokenizer playground API</title><style>body{font-family:system-ui,sans-serif;"
        "max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1d2330}pre{background:#f4f5f8;"
        "padding:.6rem;overflow-x:auto;white-space:pre-wrap}</style></head><body>"
        "<h1>Tokenizer playground API</h1><p>JSON in and out. Errors are "
        '<code>{"error": "..."}</code> with 400 (malformed; a bad id or field named), 404 '
        "(unknown encoding or model), 405, 413 (over a cap), 429 (over the rate limit: "
        f"{API_BURST} requests at once, then {API_RATE:g} a second per client; see "
        f"Retry-After). A body may hold {MAX_API_BODY_BYTES:,} bytes.</p>"
        f"{rows}</body></html>")
