"""What each route of the HTTP API answers: a JSON value in, a JSON value out, nothing of
Streamlit's. Every input is checked by ``fields`` against the pages' caps before work starts.

``encode``'s tokens are ``Encoding.encode_rich``'s (one run of the pipeline): ``start`` and
``end`` are code-point offsets into the text; a character that BPE cuts over two tokens (CJK,
emoji in gpt2) lies in both spans (``bbpe_core.encoded``). ``count_chat`` lays a conversation
out as Chat mode does (``playground.chat.prompt`` for OpenAI's models,
``playground.chat.templates`` for models with a published template) and counts each message
as Chat mode's table does (``chat.tokens_per_message``).
"""

from __future__ import annotations

import json

from bbpe_core import chunk_text, encoding_catalogue

from ..caps import (
    MAX_CHAT_CHARS,
    MAX_CHAT_MESSAGES,
    MAX_CHUNK_BYTES,
    MAX_COMPARE_ENCODINGS,
    MAX_DECODE_BYTES,
    MAX_DECODE_IDS,
    MAX_ENCODE_BYTES,
    MAX_TEXT_BYTES,
    check,
    chunk_budget,
    compare_budget,
    utf8_size,
)
from ..chat.prompt import CHAT_MODELS, Message, build_prompt, chat_encoding, tokens_per_message
from ..chat.templates import TEMPLATE_MODELS, prompt_ranges
from ..chat.tools import (
    MAX_TOOLS,
    OPENAI_TOOL_METHOD,
    ToolsTooLargeError,
    openai_tools_tokens,
    parse_tools,
)
from ..decode import id_problem
from ..selector.n_vocab import stored_n_vocab
from . import fields
from .fields import ApiError

__all__ = ["chunk", "count", "count_chat", "decode", "encode", "encodings"]


def encodings(_body: object = None) -> list[dict]:
    """``GET /encodings``: every shipped encoding, its n_vocab (stored ahead: nothing is
    loaded) and the models that use it."""
    return [{"name": info.name, "n_vocab": stored_n_vocab(info.name), "models": list(info.models)}
            for info in encoding_catalogue()]


def encode(body: object) -> dict:
    """``POST /encode``: the ids and each token's span and bytes."""
    body = fields.json_object(body)
    enc = fields.encoding(body)
    text = fields.text(body, "text", MAX_ENCODE_BYTES)
    out = enc.encode_rich(text, allowed_special=fields.allowed_special(body, enc))
    return {"encoding": enc.name, "count": len(out.ids), "ids": out.ids,
            "tokens": [{"id": s.id, "start": s.start, "end": s.end, "bytes": s.token_bytes.hex()}
                       for s in out.tokens]}


def count(body: object) -> dict:
    """``POST /count``: tokens of one text in each encoding (Compare mode's budget)."""
    body = fields.json_object(body)
    names = fields.text_list(body, "encodings", MAX_COMPARE_ENCODINGS)
    text = fields.text(body, "text", MAX_TEXT_BYTES)
    try:
        compare_budget(utf8_size(text), len(names))
    except ValueError as e:
        raise ApiError(413, str(e)) from None
    counts = {}
    for name in names:
        enc = fields.encoding_named(name)
        counts[name] = len(enc.encode(text, allowed_special=fields.allowed_special(body, enc)))
    return {"counts": counts}


def decode(body: object) -> dict:
    """``POST /decode``: the text of a list of ids (400 naming the first bad id; 413 when
    their tokens hold more than Decode mode's ``caps.MAX_DECODE_BYTES``)."""
    body = fields.json_object(body)
    enc = fields.encoding(body)
    ids = fields.object_list(body, "ids", MAX_DECODE_IDS, "ids")
    if ids is None:
        raise ApiError(400, '"ids" is missing: a list of token ids')
    size = 0
    for k, tid in enumerate(ids, start=1):
        number = tid if type(tid) is int and tid >= 0 else None
        item = (tid if isinstance(tid, str) else json.dumps(tid))[:fields.MAX_NAME_CHARS]
        why = id_problem(enc, k, item, number)
        if isinstance(why, str):
            raise ApiError(400, why)
        size += why
    try:
        check("The decoded text", size, MAX_DECODE_BYTES, "bytes")
    except ValueError as e:
        raise ApiError(413, str(e)) from None
    return {"text": enc.decode(ids)}


def chunk(body: object) -> dict:
    """``POST /chunk``: ``chunk_text``'s chunks."""
    body = fields.json_object(body)
    enc = fields.encoding(body)
    text = fields.text(body, "text", MAX_CHUNK_BYTES)
    max_tokens = fields.integer(body, "max_tokens")
    overlap = fields.integer(body, "overlap", default=0)
    try:
        chunk_budget(len(enc.encode_ordinary(text)), max_tokens, overlap)
    except ValueError as e:
        raise ApiError(413, str(e)) from None
    return {"chunks": chunk_text(text, enc, max_tokens, overlap)}  # ValueError: 400


def _messages(body: dict) -> list[Message]:
    """The conversation: ``{"role", "content"}`` objects, within Chat mode's caps."""
    rows = fields.object_list(body, "messages", MAX_CHAT_MESSAGES, "messages")
    if not rows:
        raise ApiError(400, '"messages" must be a list of at least one message')
    for k, row in enumerate(rows):
        if not (isinstance(row, dict) and isinstance(row.get("role"), str)
                and isinstance(row.get("content"), str)):
            raise ApiError(400, f'"messages"[{k}] must be an object with "role" and "content" '
                           "strings")
    messages = [Message(row["role"], row["content"]) for row in rows]
    try:
        check('"messages"', sum(len(m.role) + len(m.content) for m in messages), MAX_CHAT_CHARS,
              "characters")
    except ValueError as e:
        raise ApiError(413, str(e)) from None
    return messages


def _tools(body: dict) -> list[dict]:
    """The tool definitions (OpenAI's ``tools`` shape), checked and capped as Chat mode's
    (``chat.tools.parse_tools``: 413 over a cap, 400 for a bad shape); none if absent."""
    tools = fields.object_list(body, "tools", MAX_TOOLS, "tool definitions") or []
    try:
        return parse_tools(json.dumps(tools, separators=(",", ":"), ensure_ascii=False))
    except ToolsTooLargeError as e:
        raise ApiError(413, f'"tools": {e}') from None
    except ValueError as e:
        raise ApiError(400, f'"tools": {e}') from None


def count_chat(body: object) -> dict:
    """``POST /count_chat``: the prompt's tokens and each message's share, as Chat mode
    counts them; ``per_message`` has one count per message, ``framing`` the separators' and
    reply primer's tokens. With ``tools``, a template model's own chat template writes them
    (their tokens count with the message whose part they are written into); an OpenAI model's
    count adds the OpenAI Cookbook's estimate (``"tools"``: their tokens, ``"estimate"``: how
    it was made), 400 for a model the cookbook gives no constants for."""
    body = fields.json_object(body)
    model = body.get("model")
    if not isinstance(model, str):
        raise ApiError(400, '"model" must be a chat model\'s name, e.g. "gpt-4o"')
    messages = _messages(body)
    tools = _tools(body)
    if model in CHAT_MODELS:
        prompt, ranges = build_prompt(messages, model)
        enc = chat_encoding(model)
    else:
        turns = [{"role": m.role, "content": m.content} for m in messages]
        try:  # a label of TEMPLATE_MODELS or its encoding's name
            prompt, ranges = prompt_ranges(model, turns, tools=tools or None)  # ValueError: 400
        except KeyError:
            known = ", ".join([*CHAT_MODELS, *TEMPLATE_MODELS])
            raise ApiError(404, f"unknown chat model {fields.quoted(model)}; known: "
                           f"{known}") from None
        enc = fields.encoding_named(TEMPLATE_MODELS[model][0] if model in TEMPLATE_MODELS
                                    else model)
    spans = enc.encode_detailed(prompt, allowed_special="all")
    counts = tokens_per_message(spans, ranges)
    answer = {"model": model, "count": len(spans), "per_message": counts[:-1],
              "framing": counts[-1]}
    if tools and model in CHAT_MODELS:
        try:
            added = openai_tools_tokens(tools, model, enc)
        except KeyError:
            raise ApiError(400, f"no published method counts tools for {model}") from None
        answer.update(count=len(spans) + added, tools=added, estimate=OPENAI_TOOL_METHOD)
    return answer
