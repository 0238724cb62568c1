"""The HTTP API at /api/v1 on a started server (``streamlit run serve.py``, as
scripts/start.sh serves it): every route, ids equal to tiktoken's, HF tokenizers' and
sentencepiece's on the corpora, every error code, the caps, and the per-client rate limit."""

from __future__ import annotations

import http.client
import json
from concurrent.futures import ThreadPoolExecutor
from urllib.parse import urlsplit

import pytest
from samples import CORPORA
from served import serve_app
from zoo_oracles import hf_oracle, sp_processor

import bbpe_core
from oracles import tiktoken_encoding
from playground.api.ratelimit import RateLimiter
from playground.caps import (
    MAX_API_BODY_BYTES,
    MAX_CHAT_MESSAGES,
    MAX_CHUNK_BYTES,
    MAX_CHUNKS,
    MAX_COMPARE_BYTES,
    MAX_DECODE_IDS,
    MAX_ENCODE_BYTES,
)
from playground.chat.prompt import build_prompt, chat_encoding
from playground.chat.templates import prompt_ranges
from playground.chat.tools import MAX_TOOLS, MAX_TOOLS_CHARS, openai_tools_tokens

EXCERPT = 20_000
"""Characters of each corpus sent (the API's answers are compared token by token)."""


@pytest.fixture(scope="module")
def api():
    """POST (or GET without a body) to a fresh server's API: ``(status, answer, headers)``."""
    with serve_app(env={"PLAYGROUND_API_RATE": "100000", "PLAYGROUND_API_BURST": "100000"}) as url:
        yield lambda path, body=None, **kw: call(f"{url}/api/v1{path}", body, **kw)


def call(url: str, body=None, *, raw=None, method: str | None = None,
         headers: dict[str, str] | None = None):
    """One request (``raw``: bytes, or an iterable of bytes sent chunked); the connection
    may be cut by the server once it has answered (a body it refused to read)."""
    parts = urlsplit(url)
    data = raw if raw is not None else None if body is None else json.dumps(body).encode()
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=120)
    try:
        connection.request(method or ("GET" if data is None else "POST"), parts.path, data,
                           {"Content-Type": "application/json", **(headers or {})},
                           encode_chunked=data is not None and not isinstance(data, bytes))
    except ConnectionError:
        pass  # refused before the whole body was sent: the answer is waiting
    answer = connection.getresponse()
    text = answer.read()
    connection.close()
    is_json = answer.headers.get("content-type", "").startswith("application/json")
    return answer.status, json.loads(text) if is_json else text.decode(), answer.headers


def corpus(name: str) -> str:
    return (CORPORA / name).read_text(encoding="utf-8")[:EXCERPT]


def test_encodings_lists_every_shipped_encoding(api):
    status, rows, _ = api("/encodings")
    assert status == 200
    assert [r["name"] for r in rows] == bbpe_core.list_encoding_names()
    by_name = {r["name"]: r for r in rows}
    assert by_name["gpt2"]["n_vocab"] == bbpe_core.get_encoding("gpt2").n_vocab
    assert "gpt-4o" in by_name["o200k_base"]["models"]


@pytest.mark.parametrize("name", ["gpt2", "cl100k_base", "o200k_base"])
@pytest.mark.parametrize("file", ["en_python_docs.txt", "zh_tang_poems.txt"])
def test_encode_gives_tiktokens_ids_and_each_tokens_span_and_bytes(api, name, file):
    text = corpus(file)
    status, got, _ = api("/encode", {"encoding": name, "text": text})
    assert status == 200
    ids = tiktoken_encoding(name).encode_ordinary(text)
    assert got["encoding"] == name and got["ids"] == ids and got["count"] == len(ids)
    assert [t["id"] for t in got["tokens"]] == ids
    assert b"".join(bytes.fromhex(t["bytes"]) for t in got["tokens"]) == text.encode()
    for t in got["tokens"]:  # a token's bytes lie within the characters of its span
        assert bytes.fromhex(t["bytes"]) in text[t["start"]:t["end"]].encode()
        assert t["bytes"] == t["bytes"].lower()


@pytest.mark.parametrize("name, oracle", [("qwen3", hf_oracle), ("t5", hf_oracle),
                                          ("llama2", lambda n: sp_processor(n).encode)])
def test_encode_gives_the_reference_libraries_ids(api, name, oracle):
    for file in ("en_python_docs.txt", "zh_tang_poems.txt"):
        text = corpus(file)[:5000]
        status, got, _ = api("/encode", {"encoding": name, "text": text})
        assert status == 200 and got["ids"] == oracle(name)(text)


def test_special_tokens_are_refused_unless_allowed(api):
    body = {"encoding": "gpt2", "text": "hi<|endoftext|>"}
    status, got, _ = api("/encode", body)
    assert status == 400 and "special token" in got["error"]
    for allowed in ("all", ["<|endoftext|>"]):
        status, got, _ = api("/encode", {**body, "allowed_special": allowed})
        assert status == 200 and got["ids"] == [5303, 50256]
        assert got["tokens"][1] == {"id": 50256, "start": 2, "end": 15,
                                    "bytes": b"<|endoftext|>".hex()}
    status, got, _ = api("/encode", {**body, "allowed_special": ["<|im_start|>"]})
    assert status == 400 and "'<|im_start|>'" in got["error"]


def test_count_counts_in_each_encoding(api):
    text = corpus("en_python_docs.txt")
    names = ["gpt2", "cl100k_base", "llama2", "bert_base_uncased"]
    status, got, _ = api("/count", {"encodings": names, "text": text})
    assert status == 200
    assert got == {"counts": {n: len(bbpe_core.get_encoding(n).encode(text)) for n in names}}
    assert got["counts"]["cl100k_base"] == len(tiktoken_encoding("cl100k_base").encode(text))


def test_decode_gives_the_text_and_names_a_bad_id(api):
    text = corpus("zh_tang_poems.txt")[:3000]
    ids = tiktoken_encoding("cl100k_base").encode(text)
    assert api("/decode", {"encoding": "cl100k_base", "ids": ids})[:2] == (200, {"text": text})
    status, got, _ = api("/decode", {"encoding": "gpt2", "ids": [31373, 99999999]})
    assert status == 400 and "item 2 (99999999)" in got["error"] and "out of range" in got["error"]
    status, got, _ = api("/decode", {"encoding": "gpt2", "ids": [31373, "x"]})
    assert status == 400 and "item 2 ('x')" in got["error"]


def test_chunk_gives_chunk_texts_chunks(api):
    text = corpus("en_python_docs.txt")[:6000]
    for overlap in (0, 5):
        body = {"encoding": "llama2", "text": text, "max_tokens": 100, "overlap": overlap}
        status, got, _ = api("/chunk", body)
        assert status == 200
        assert got == {"chunks": bbpe_core.chunk_text(text, "llama2", 100, overlap)}
    status, got, _ = api("/chunk", {"encoding": "gpt2", "text": "hi", "max_tokens": 0})
    assert status == 400 and "max_tokens" in got["error"]


def test_count_chat_counts_as_chat_mode(api):
    messages = [{"role": "system", "content": "Be brief."}, {"role": "user", "content": "hi"}]
    status, got, _ = api("/count_chat", {"model": "gpt-4o", "messages": messages})
    from playground.chat.prompt import Message

    prompt, _ = build_prompt([Message(**m) for m in messages], "gpt-4o")
    n = len(chat_encoding("gpt-4o").encode(prompt, allowed_special="all"))
    assert status == 200 and got["count"] == n == sum(got["per_message"]) + got["framing"]
    assert len(got["per_message"]) == 2
    status, got, _ = api("/count_chat", {"model": "llama3", "messages": messages})
    prompt, _ = prompt_ranges("llama3", messages)
    llama3 = bbpe_core.get_encoding("llama3")
    assert status == 200 and got["count"] == len(llama3.encode(prompt, allowed_special="all"))


WEATHER = [{"type": "function", "function": {
    "name": "get_weather", "description": "Get the weather.",
    "parameters": {"type": "object", "properties": {
        "city": {"type": "string", "description": "The city."},
        "unit": {"type": "string", "enum": ["c", "f"]}}}}}]


def test_tools_are_checked_and_capped(api):
    body = {"model": "gpt-4o", "messages": [{"role": "user", "content": "hi"}]}
    assert api("/count_chat", {**body, "tools": []})[0] == 200
    status, got, _ = api("/count_chat", {**body, "tools": [{"type": "function"}]})
    assert status == 400 and got["error"].startswith('"tools": tool 1 is not')
    assert api("/count_chat", {**body, "tools": ["f"]})[0] == 400
    assert api("/count_chat", {**body, "tools": [{}] * (MAX_TOOLS + 1)})[0] == 413
    big = [{"type": "function", "function": {"name": "f", "description": "x" * MAX_TOOLS_CHARS}}]
    assert api("/count_chat", {**body, "tools": big})[0] == 413


def test_tools_are_counted_as_chat_mode_counts_them(api):
    messages = [{"role": "user", "content": "What is the weather in Paris?"}]
    status, got, _ = api("/count_chat", {"model": "gpt-4o", "messages": messages,
                                         "tools": WEATHER})
    plain = api("/count_chat", {"model": "gpt-4o", "messages": messages})[1]
    added = openai_tools_tokens(WEATHER, "gpt-4o", chat_encoding("gpt-4o"))
    assert status == 200 and got["tools"] == added > 0
    assert got["count"] == plain["count"] + added and "Cookbook" in got["estimate"]
    status, got, _ = api("/count_chat", {"model": "qwen3", "messages": messages,
                                         "tools": WEATHER})
    prompt, _ = prompt_ranges("qwen3", messages, tools=WEATHER)
    assert "get_weather" in prompt
    qwen3 = bbpe_core.get_encoding("qwen3")
    assert status == 200 and got["count"] == len(qwen3.encode(prompt, allowed_special="all"))


@pytest.mark.parametrize("path, body, status, named", [
    ("/encode", {"encoding": "gpt2"}, 400, '"text" is missing'),
    ("/encode", {"encoding": "gpt2", "text": 5}, 400, '"text" must be a string'),
    ("/encode", ["gpt2"], 400, "JSON object"),
    ("/encode", {"encoding": "gpt5", "text": "hi"}, 404, "unknown encoding 'gpt5'"),
    ("/count", {"encodings": [], "text": "hi"}, 400, '"encodings"'),
    ("/count", {"encodings": ["gpt2", "nope"], "text": "hi"}, 404, "'nope'"),
    ("/decode", {"encoding": "gpt2"}, 400, '"ids" is missing'),
    ("/chunk", {"encoding": "gpt2", "text": "hi", "max_tokens": "3"}, 400, '"max_tokens"'),
    ("/chunk", {"encoding": "gpt2", "text": "hi", "max_tokens": 3, "overlap": 3}, 400,
     "overlap"),
    ("/count_chat", {"model": "gpt-9", "messages": [{"role": "u", "content": "c"}]}, 404,
     "unknown chat model 'gpt-9'"),
    ("/count_chat", {"model": "gpt-4o", "messages": [{"role": "u"}]}, 400, '"messages"[0]'),
    ("/nowhere", {}, 404, "no such route"),
])
def test_errors_name_what_is_wrong(api, path, body, status, named):
    got_status, got, _ = api(path, body)
    assert got_status == status and named in got["error"], got


def test_a_lone_surrogate_is_read_as_u_fffd(api):
    raw = b'{"encoding": "gpt2", "text": "a\\ud800b", "max_tokens": 5}'
    status, got, _ = api("/chunk", raw=raw)
    assert (status, got) == (200, {"chunks": ["a\ufffdb"]})
    status, got, _ = api("/encode", raw=raw)
    assert status == 200 and got["ids"] == bbpe_core.get_encoding("gpt2").encode("a\ufffdb")


def test_malformed_json_and_a_wrong_method(api):
    status, got, _ = api("/encode", raw=b'{"encoding": "gpt2", "text": ')
    assert status == 400 and got["error"].startswith("the body is not valid JSON")
    status, got, _ = api("/encode", raw=b"[" * 100_000 + b"]" * 100_000)
    assert status == 400
    status, got, headers = api("/encode", method="GET")
    assert status == 405 and headers["Allow"] == "POST" and "POST" in got["error"]


@pytest.mark.parametrize("path, body", [
    ("/encode", {"encoding": "gpt2", "text": "a" * (MAX_ENCODE_BYTES + 1)}),
    ("/chunk", {"encoding": "gpt2", "text": "a" * (MAX_CHUNK_BYTES + 1), "max_tokens": 9}),
    ("/chunk", {"encoding": "gpt2", "text": " a" * (3 * MAX_CHUNKS), "max_tokens": 3,
                "overlap": 1}),
    ("/chunk", {"encoding": "gpt2", "text": " a" * 60_000, "max_tokens": 1_000,
                "overlap": 970}),
    ("/count", {"encodings": ["gpt2", "cl100k_base"], "text": "a" * (MAX_COMPARE_BYTES // 2 + 1)}),
    ("/count", {"encodings": ["gpt2"] * 7, "text": "a"}),
    ("/decode", {"encoding": "gpt2", "ids": [0] * (MAX_DECODE_IDS + 1)}),
    ("/count_chat", {"model": "gpt-4o",
                     "messages": [{"role": "user", "content": "a"}] * (MAX_CHAT_MESSAGES + 1)}),
    ("/count_chat", {"model": "gpt-4o", "messages": [{"role": "user", "content": "a" * 100_001}]}),
])
def test_every_cap_answers_413(api, path, body):
    status, got, _ = api(path, body)
    assert status == 413 and "the limit is" in got["error"] or "encodes at most" in got["error"]


def test_a_body_over_its_cap_is_refused_before_it_is_read(api):
    status, got, _ = api("/encode", raw=b" " * 1000,
                         headers={"Content-Length": str(MAX_API_BODY_BYTES + 1)})
    assert status == 413 and f"{MAX_API_BODY_BYTES:,}" in got["error"]
    pieces = iter([b" " * (1 << 20)] * 8 + [b" "])  # chunked: no length declared
    status, got, _ = api("/encode", raw=pieces)
    assert status == 413 and f"more than {MAX_API_BODY_BYTES:,}" in got["error"]


def test_the_docs_page_has_a_curl_for_every_route(api):
    status, page, _ = api("/docs")
    assert status == 200 and "<script" not in page
    for path in ("encodings", "encode", "count", "decode", "chunk", "count_chat"):
        assert "curl" in page and f"/api/v1/{path}" in page


def test_a_client_over_its_rate_gets_429():
    with serve_app(env={"PLAYGROUND_API_RATE": "0.2", "PLAYGROUND_API_BURST": "3"}) as url:
        answers = [call(f"{url}/api/v1/encodings") for _ in range(5)]
    assert [status for status, _, _ in answers] == [200, 200, 200, 429, 429]
    _, got, headers = answers[-1]
    assert got["error"].startswith("too many requests") and int(headers["Retry-After"]) >= 1


def test_the_limiter_refills_and_its_table_is_bounded():
    now = [0.0]
    limiter = RateLimiter(rate=2.0, burst=2, clients=3, clock=lambda: now[0])
    assert [limiter.take("a") for _ in range(3)] == [0.0, 0.0, 0.5]
    now[0] = 0.5  # one request's worth back
    assert limiter.take("a") == 0.0 and limiter.take("a") > 0
    for k in range(100):
        limiter.take(f"client {k}")
    assert len(limiter) == 3
    with pytest.raises(ValueError, match="rate"):
        RateLimiter(rate=0)


def test_requests_held_at_once_are_bounded(monkeypatch):
    import asyncio

    from playground.api import server

    async def held_up(*args, **kwargs):
        await asyncio.sleep(0.2)
        return {}

    async def run() -> list[int]:
        statuses = []

        async def one():
            scope = {"type": "http", "method": "GET", "path": "/encodings", "headers": [],
                     "client": ("127.0.0.1", 1), "query_string": b""}
            statuses.append((await server._answer(server.Request(scope))).status_code)
        await asyncio.gather(*(one() for _ in range(server.API_PENDING + 3)))
        return statuses

    monkeypatch.setattr(server.anyio.to_thread, "run_sync", held_up)
    monkeypatch.setattr(server, "LIMITER", RateLimiter(rate=1000, burst=1000))
    # a loop of its own in another thread: the browser tests' playwright (sync API) keeps an
    # event loop running in this thread, where asyncio.run refuses to start another
    with ThreadPoolExecutor(1) as pool:
        statuses = pool.submit(asyncio.run, run()).result()
    assert statuses.count(200) == server.API_PENDING and statuses.count(429) == 3
    assert server._pending == 0
