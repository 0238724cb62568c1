"""bbpe_core against tiktoken on the Universal Declaration of Human Rights in every language
the app ships (assets/udhr: 10-60 KB each, the size of a pasted document): cold (caches
emptied) and warm (second call) ratios, tiktoken's time / ours, best of 7 each, after
checking that both give the same ids. Writes ``bench/results/languages.md``.

    python bench/bench_languages.py
"""

from __future__ import annotations

import json
from pathlib import Path

from bench_encode import best_time

import bbpe_core
from oracles import tiktoken_encoding

ROOT = Path(__file__).resolve().parent.parent
ASSETS = ROOT / "playground" / "assets"
REPEATS = 7


def ratios(name: str, text: str) -> tuple[float, float]:
    """(cold, warm) ratios of tiktoken's time to ours for one encoding and text."""
    ours, theirs = bbpe_core.get_encoding(name), tiktoken_encoding(name)
    if ours.encode_ordinary(text) != theirs.encode_ordinary(text):
        raise SystemExit(f"{name}: ids differ from tiktoken's")
    tk = best_time(theirs.encode_ordinary, text, REPEATS)
    cold = best_time(ours.encode_ordinary, text, REPEATS, ours.clear_cache)
    warm = best_time(ours.encode_ordinary, text, REPEATS)
    return tk / cold, tk / warm


def main() -> None:
    names = bbpe_core.list_encoding_names()
    for name in names:
        bbpe_core.get_encoding(name).encode("中文中文")  # the CJK cut, built once, untimed
    lines = ["| language | KB | " + " | ".join(f"{n} cold | {n} warm" for n in names) + " |",
             "|---|---|" + "---|---|" * len(names)]
    for entry in json.loads((ASSETS / "udhr/index.json").read_text(encoding="utf-8")):
        text = (ASSETS / "udhr" / entry["file"]).read_text(encoding="utf-8")
        cells = [f"{c:.2f}x | {w:.2f}x" for c, w in (ratios(n, text) for n in names)]
        size = len(text.encode()) // 1000
        lines.append(f"| {entry['language']} | {size} | " + " | ".join(cells) + " |")
        print(lines[-1], flush=True)
    out = ROOT / "bench/results/languages.md"
    out.write_text("Ratio = tiktoken's time / bbpe_core's (higher is faster), best of "
                   f"{REPEATS}.\n\n" + "\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
