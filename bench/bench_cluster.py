"""Count throughput on a Dask cluster, by workers, against tiktoken with as many threads.

Generates a corpus (default 1 GB: paragraphs of the English and Chinese samples in
``assets/corpora`` drawn at random with a fixed seed, in files of ``--file-mb``) in a
temporary directory, then times, from the files to the totals:

- ``bbpe_core.cluster``: ``count_files`` on a LocalCluster of 1 and 2 worker processes
  (blocks of ``--block-mb``; the cluster is started and the encoding loaded on every worker
  before the clock starts);
- tiktoken's ``encode_ordinary_batch`` with 1 and 2 threads, each file read, decoded and
  cut into 1 MB pieces at line starts (as the workers cut), the pieces in one batch.

Both totals are checked equal before any time is reported. Writes bench/results/cluster.md
and a plotly chart, bench/results/cluster.html.

    python bench/bench_cluster.py [--size-mb 1024] [--encoding cl100k_base]
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ASSETS = ROOT / "playground" / "assets"
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from report import publish  # noqa: E402

import bbpe_core  # noqa: E402
from bbpe_core.cluster.encodings import EncodingSpec  # noqa: E402
from bbpe_core.cluster.run import count_files  # noqa: E402
from bbpe_core.cluster.tasks import pieces  # noqa: E402
from oracles import tiktoken_encoding  # noqa: E402  (tiktoken built from our data files)


def make_corpus(root: Path, size_mb: int, file_mb: int) -> list[Path]:
    """Files of ``file_mb`` MB (the last smaller) of random sample paragraphs, ``size_mb`` MB
    in all."""
    paragraphs = [p + "\n\n" for name in ("en_python_docs.txt", "zh_tang_poems.txt")
                  for p in (ASSETS / "corpora" / name).read_text("utf-8").split("\n\n")]
    rng = random.Random(0)
    files, left = [], size_mb << 20
    while left > 0:
        path = root / f"part{len(files):03d}.txt"
        want = min(left, file_mb << 20)
        with open(path, "w", encoding="utf-8") as f:
            written = 0
            while written < want:
                batch = "".join(rng.choices(paragraphs, k=200))
                f.write(batch)
                written += len(batch.encode("utf-8"))
        left -= written
        files.append(path)
    return files


def time_cluster(files: list[Path], encoding: str, workers: int,
                 block_mb: int) -> tuple[float, int]:
    from distributed import Client, LocalCluster

    with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                      dashboard_address=None) as cluster, Client(cluster) as client:
        client.run(bbpe_core.get_encoding, encoding)  # loaded on every worker first
        start = time.perf_counter()
        counts = count_files(client, list(map(str, files)), [EncodingSpec(encoding)],
                             block_size=block_mb << 20)
        seconds = time.perf_counter() - start
    return seconds, sum(c.tokens[encoding] for c in counts)


def time_tiktoken(files: list[Path], encoding: str, threads: int) -> tuple[float, int]:
    enc = tiktoken_encoding(encoding)
    start = time.perf_counter()
    total = 0
    for path in files:
        batch = pieces(path.read_bytes().decode("utf-8"))
        total += sum(map(len, enc.encode_ordinary_batch(batch, num_threads=threads)))
    return time.perf_counter() - start, total


def chart(rows: list[dict]):
    import plotly.graph_objects as go

    fig = go.Figure()
    for impl in ("bbpe_core on Dask", "tiktoken encode_ordinary_batch"):
        mine = [r for r in rows if r["impl"] == impl]
        fig.add_trace(go.Scatter(x=[r["n"] for r in mine], y=[r["mbs"] for r in mine],
                                 mode="lines+markers", name=impl))
    fig.update_layout(title="Count throughput by workers (Dask) or threads (tiktoken)",
                      xaxis_title="worker processes / threads", yaxis_title="MB/s (all workers)",
                      xaxis=dict(tickvals=sorted({r["n"] for r in rows})))
    return fig


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size-mb", type=int, default=1024)
    parser.add_argument("--file-mb", type=int, default=128)
    parser.add_argument("--block-mb", type=int, default=16)
    parser.add_argument("--encoding", default="cl100k_base",
                        choices=["gpt2", "cl100k_base", "o200k_base"])
    parser.add_argument("--workers", default="1,2")
    args = parser.parse_args()
    counts = [int(n) for n in args.workers.split(",")]
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        start = time.perf_counter()
        files = make_corpus(Path(tmp), args.size_mb, args.file_mb)
        size = sum(p.stat().st_size for p in files) / 1e6
        print(f"corpus: {size:,.0f} MB in {len(files)} files, generated in "
              f"{time.perf_counter() - start:.0f} s", flush=True)
        for n in counts:
            load = os.getloadavg()[0]
            t_tik, tik_total = time_tiktoken(files, args.encoding, n)
            t_ours, our_total = time_cluster(files, args.encoding, n, args.block_mb)
            if our_total != tik_total:
                raise SystemExit(
                    f"{n} workers counted {our_total:,} tokens, tiktoken {tik_total:,}")
            for impl, seconds in (("bbpe_core on Dask", t_ours),
                                  ("tiktoken encode_ordinary_batch", t_tik)):
                rows.append({"impl": impl, "n": n, "s": seconds, "mbs": size / seconds,
                             "load": load})
            print(f"{n}: ours {t_ours:.1f} s ({size / t_ours:.1f} MB/s), tiktoken {t_tik:.1f} s "
                  f"({size / t_tik:.1f} MB/s); {our_total:,} tokens", flush=True)
    lines = [f"Machine: {platform.machine()}, {os.cpu_count()} cores, Python "
             f"{platform.python_version()}; corpus: {size:,.0f} MB generated from the English "
             f"and Chinese samples (paragraphs drawn at random, so the encoders' caches are "
             f"warm), {len(files)} files, blocks of {args.block_mb} MB; {args.encoding}; totals "
             f"checked equal to tiktoken's ({tik_total:,} tokens). Times run from the files to "
             f"the totals (reading and decoding included); the cluster was started and the "
             f"encoding loaded before the clock started. The machine was shared: its load "
             f"average when each row started is shown (2 would mean both cores busy).", "",
             "| workers / threads | bbpe_core on Dask (s) | MB/s | MB/s per worker | "
             "tiktoken (s) | MB/s | ours ÷ tiktoken | load average |",
             "|---|---|---|---|---|---|---|---|"]
    for n in counts:
        ours, tik = (next(r for r in rows if r["n"] == n and r["impl"] == impl)
                     for impl in ("bbpe_core on Dask", "tiktoken encode_ordinary_batch"))
        lines.append(f"| {n} | {ours['s']:.1f} | {ours['mbs']:.1f} | {ours['mbs'] / n:.1f} | "
                     f"{tik['s']:.1f} | {tik['mbs']:.1f} | {ours['mbs'] / tik['mbs']:.2f}x | "
                     f"{ours['load']:.1f} |")
    lines.append("")
    lines.append(f"Command: `python3 bench/bench_cluster.py --size-mb {args.size_mb}`")
    table = "\n".join(lines) + "\n"
    publish("cluster", table, chart(rows))


if __name__ == "__main__":
    main()
