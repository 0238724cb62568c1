"""The HTTP API under 10 concurrent clients: throughput and latency per route.

A fresh ``streamlit run serve.py`` on 127.0.0.1 (``tests/served.py``, its rate limit raised
with ``PLAYGROUND_API_RATE``/``PLAYGROUND_API_BURST`` so one loopback address is not
throttled), then ``--clients`` threads, each on its own keep-alive connection, send
``--requests`` requests per route, route after route; any answer but 200 stops the run. It
prints, and writes to ``bench/results/api.md``:
requests per second and the median and 95th-percentile latency per route, with the machine's
load average. Bounded: a fixed number of requests, a timeout on each, the server stopped at
the end.

Run from the repository root: ``python3 bench/bench_api.py [--clients 10] [--requests 50]``.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import statistics
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from served import serve_app  # noqa: E402

import bbpe_core  # noqa: E402
from bench.report import publish, results_page  # noqa: E402

CORPUS = ROOT / "playground" / "assets" / "corpora" / "en_python_docs.txt"
TEXT = CORPUS.read_text(encoding="utf-8")[:1000]
"""About 1,000 characters of English prose and code (the Python docs corpus)."""

WORKLOAD = {
    "GET /encodings": ("GET", "/encodings", None),
    "POST /count (gpt2, cl100k_base)": (
        "POST", "/count", {"encodings": ["gpt2", "cl100k_base"], "text": TEXT}),
    "POST /encode (o200k_base)": ("POST", "/encode", {"encoding": "o200k_base", "text": TEXT}),
    "POST /decode (gpt2)": (
        "POST", "/decode", {"encoding": "gpt2",
                            "ids": bbpe_core.get_encoding("gpt2").encode(TEXT)}),
    "POST /chunk (llama2, 64 tokens)": (
        "POST", "/chunk", {"encoding": "llama2", "text": TEXT, "max_tokens": 64}),
    "POST /count_chat (gpt-4o)": (
        "POST", "/count_chat", {"model": "gpt-4o",
                                "messages": [{"role": "user", "content": TEXT}]}),
}
"""Route label -> (method, path, body): each with about 1,000 characters of text."""


def _client(url: str, method: str, path: str, body: dict | None, n: int) -> list[float]:
    """``n`` requests on one keep-alive connection; each one's seconds. Raises on any
    answer other than 200."""
    parts = urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=60)
    data = None if body is None else json.dumps(body).encode()
    times = []
    try:
        for _ in range(n):
            start = time.perf_counter()
            connection.request(method, f"/api/v1{path}", data,
                               {"Content-Type": "application/json"})
            answer = connection.getresponse()
            payload = answer.read()
            times.append(time.perf_counter() - start)
            if answer.status != 200:
                raise RuntimeError(f"{path}: {answer.status} {payload[:200]!r}")
    finally:
        connection.close()
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=10)
    parser.add_argument("--requests", type=int, default=50, help="per client and route")
    args = parser.parse_args()
    rows = []
    env = {"PLAYGROUND_API_RATE": "1000000", "PLAYGROUND_API_BURST": "1000000"}
    with serve_app(env=env) as url:
        for label, (method, path, body) in WORKLOAD.items():
            _client(url, method, path, body, 2)  # warm: imports, the encoding's first load
            start = time.perf_counter()
            with ThreadPoolExecutor(args.clients) as pool:
                runs = list(pool.map(lambda _: _client(url, method, path, body, args.requests),
                                     range(args.clients)))
            wall = time.perf_counter() - start
            times = sorted(t for run in runs for t in run)
            p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
            rows.append([label, f"{len(times) / wall:,.0f}",
                         f"{statistics.median(times) * 1000:,.1f}", f"{p95 * 1000:,.1f}"])
            print(rows[-1], flush=True)
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    intro = [
        f"`python3 bench/bench_api.py --clients {args.clients} --requests {args.requests}`: a "
        f"fresh `streamlit run serve.py` on 127.0.0.1, {args.clients} clients at once (threads, "
        f"one keep-alive connection each), {args.requests} requests each per route, every "
        "answer 200. Each request carries the first 1,000 characters of "
        "`playground/assets/corpora/en_python_docs.txt` (decode: its gpt2 ids). The API works "
        "on at most 2 requests at a time (`playground.api.server.API_WORKERS`), so latency "
        "under 10 "
        "clients includes the wait for a worker.",
        "",
        f"Machine: {os.cpu_count()} cores, shared; load average {load} at the end.",
    ]
    publish("api", results_page("HTTP API: 10 concurrent clients", intro,
                                ["route", "requests/s", "median ms", "p95 ms"], rows))


if __name__ == "__main__":
    main()
