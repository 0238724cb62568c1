"""The tokenizers compared, each wrapped as ``encode(text) -> list[int]`` and all loaded from
this repository's own data files (never the network)."""

from __future__ import annotations

import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

# this checkout's packages: oracles is the tests' and benchmarks' own, never installed
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import bbpe_core  # noqa: E402
from oracles import tiktoken_encoding  # noqa: E402

Encode = Callable[[str], list[int]]


def implementations(name: str, workdir: Path) -> dict[str, Encode]:
    """Label -> encode function for one encoding; bbpe_core's cold/warm handling is the
    caller's (see bench_encode). A function with a ``before`` attribute is timed after
    calling it (untimed): puretiktoken's cold run empties its piece cache."""
    from tokenizers import Tokenizer

    ours = bbpe_core.get_encoding(name)
    bbpe_core.save_hf_tokenizer_json(ours, workdir / f"{name}.json")
    hf = Tokenizer.from_file(str(workdir / f"{name}.json"))
    tk = tiktoken_encoding(name)
    impls: dict[str, Encode] = {
        "tiktoken": tk.encode_ordinary,
        "HF tokenizers": lambda t: hf.encode(t, add_special_tokens=False).ids,
        "HF tokenizers (batch of lines)": lambda t: [
            i for e in hf.encode_batch(t.splitlines(keepends=True), add_special_tokens=False)
            for i in e.ids],
    }
    if name == "gpt2":
        from transformers import GPT2Tokenizer

        d = workdir / "gpt2files"
        d.mkdir(exist_ok=True)
        bbpe_core.save_gpt2_files(ours, d)
        gpt2tok = GPT2Tokenizer.from_pretrained(str(d))
        impls["transformers GPT2Tokenizer"] = lambda t: gpt2tok.encode(t)
    else:
        import puretiktoken

        pure = puretiktoken.get_encoding(name)
        impls["puretiktoken"] = pure.encode_ordinary
        if hasattr(pure, "_cache"):  # it caches pieces as we do: time it cold too

            def pure_cold(text: str) -> list[int]:
                return pure.encode_ordinary(text)

            pure_cold.before = pure._cache.clear  # run untimed before each call
            impls["puretiktoken cold"] = pure_cold
    return impls


def batch_reference(name: str) -> Encode:
    """What the line-batch implementations must equal: tiktoken over each line."""
    tk = tiktoken_encoding(name)
    return lambda t: [i for line in t.splitlines(keepends=True) for i in tk.encode_ordinary(line)]


def scratch_dir() -> Path:
    """A temporary directory for the exported files."""
    return Path(tempfile.mkdtemp(prefix="bbpe-bench-"))
