"""Two checkouts of this project timed in turns: the same encodes, ours only, before and after
a change (issue 43: no ratio may fall by more than 10%).

Each round runs one fresh process per checkout, in alternating order, and each process times,
for every encoding and text, the best of ``--repeats`` cold encodes (the encoder's cache
emptied before each) and of ``--repeats`` warm ones (the same text again). The reference
libraries are left out: they do not change between the checkouts, so the ratio of ours before
to ours after is the change itself, and a busy spell of a shared machine hits both sides of a
round alike. Prints, per encoding and text, the median over the rounds of each side's best
time and after/before (above 1.00 is slower).

    python3 bench/bench_turns.py BEFORE_DIR AFTER_DIR [--rounds 5] [--repeats 3]
        [--names gpt2,cl100k_base,...] [--size BYTES]

Writes ``bench/results/turns.md`` in the current checkout.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

from report import publish, results_page

ROOT = Path(__file__).resolve().parent.parent
NAMES = ("gpt2,cl100k_base,o200k_base,llama3,qwen3,deepseek_v3,mistral_tekken,llama2,gemma3,"
         "bert_base_uncased,t5,umt5,jurassic2")
CHILD = r"""
import json, sys, time
sys.path.insert(0, sys.argv[1]); sys.path.insert(0, sys.argv[1] + "/bench")
import bbpe_core
from texts import texts
size, repeats = int(sys.argv[3]), int(sys.argv[4])
out = {}
for name in sys.argv[2].split(","):
    enc = bbpe_core.get_encoding(name)
    for label, text in texts(size).items():
        cold, warm = [], []
        for _ in range(repeats):
            enc.encoder.clear_cache()
            start = time.perf_counter(); enc.encode_ordinary(text)
            cold.append(time.perf_counter() - start)
            start = time.perf_counter(); enc.encode_ordinary(text)
            warm.append(time.perf_counter() - start)
        out[f"{name}|{label}"] = [min(cold), min(warm)]
print(json.dumps(out))
"""


def one_run(checkout: str, names: str, size: int, repeats: int) -> dict[str, list[float]]:
    """One fresh process of ``checkout``: ``"name|text"`` -> [best cold s, best warm s]."""
    done = subprocess.run([sys.executable, "-c", CHILD, checkout, names, str(size), str(repeats)],
                          capture_output=True, text=True, check=True, cwd=checkout,
                          env={"PATH": "/usr/bin:/bin", "PYTHONPATH": checkout})
    return json.loads(done.stdout.splitlines()[-1])


def main() -> None:
    """Run the rounds, print and write the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("before")
    parser.add_argument("after")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--names", default=NAMES)
    parser.add_argument("--size", type=int, default=300_000, help="bytes of each text")
    args = parser.parse_args()
    runs: dict[str, list[dict]] = {"before": [], "after": []}
    for turn in range(args.rounds):
        order = ["before", "after"] if turn % 2 == 0 else ["after", "before"]
        for side in order:
            runs[side].append(one_run(getattr(args, side), args.names, args.size, args.repeats))
            print(f"round {turn + 1}: {side} done", flush=True)
    rows = []
    for key in runs["before"][0]:
        med = {side: [statistics.median(r[key][k] for r in runs[side]) for k in (0, 1)]
               for side in runs}
        name, label = key.split("|")
        rows.append([name, label, *(f"{med[s][k] * 1000:.1f}" for k in (0,) for s in runs),
                     f"{med['after'][0] / med['before'][0]:.2f}",
                     *(f"{med[s][1] * 1000:.2f}" for s in runs),
                     f"{med['after'][1] / med['before'][1]:.2f}"])
    intro = [f"`python3 bench/bench_turns.py {args.before} {args.after} --rounds {args.rounds} "
             f"--repeats {args.repeats} --size {args.size}`: {args.rounds} rounds of one fresh "
             "process per checkout in alternating order; each time the best of "
             f"{args.repeats}, then the median over the rounds, in ms; after/before above 1.00 "
             "is slower."]
    publish("turns", results_page(
        "Our encode before and after, in turns", intro,
        ["encoding", "text", "cold before", "cold after", "after/before", "warm before",
         "warm after", "after/before"], rows))


if __name__ == "__main__":
    main()
