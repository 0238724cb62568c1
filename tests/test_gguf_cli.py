"""The command line with a GGUF model file as ``--encoding`` (encode, tokenize, count) and as
``train --pattern``; its header alone travels to the count's workers."""

from __future__ import annotations

import io
import json

import pytest
from zoo_oracles import REFS

import bbpe_core
from bbpe_core.__main__ import main
from bbpe_core.cluster.encodings import spec_for
from bbpe_core.formats.gguf_header import header_length

LLAMA3 = REFS / "llama.cpp" / "ggml-vocab-llama-bpe.gguf"
PHI3 = REFS / "llama.cpp" / "ggml-vocab-phi-3.gguf"


@pytest.fixture(autouse=True)
def _refs():
    if not LLAMA3.exists():
        pytest.skip(f"{LLAMA3} missing: run python3 scripts/fetch_vocabularies.py --no-ship "
                    "--references tests/.refs")


def run(monkeypatch, capsys, args, stdin=""):
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    status = main(args)
    out = capsys.readouterr()
    return status, out.out, out.err


def test_encode_and_tokenize_with_a_gguf_file(monkeypatch, capsys):
    text = "Hello world, 你好"
    status, out, _ = run(monkeypatch, capsys, ["encode", "--encoding", str(LLAMA3)], text)
    assert (status, out.split()) == (0, [str(i) for i in
                                         bbpe_core.get_encoding("llama3").encode(text)])
    status, out, _ = run(monkeypatch, capsys, ["tokenize", "--encoding", str(PHI3)], "Hello")
    assert (status, out.split()) == (0, ["▁Hello"])


@pytest.mark.parametrize(("item", "message"), [
    ("/no/such/model.gguf", "No such file"),
    (str(REFS / "llama.cpp" / "ggml-vocab-llama-bpe.gguf.inp"), "unknown encoding"),
    ("no_such_encoding", "unknown encoding 'no_such_encoding'"),
])
def test_bad_encoding_is_one_line(monkeypatch, capsys, item, message):
    status, out, err = run(monkeypatch, capsys, ["encode", "--encoding", item], "hi")
    assert status == 2 and out == "" and message in err and "Traceback" not in err


def test_a_gguf_without_pre_tokenizer_warns_in_one_line(monkeypatch, capsys):
    aquila = REFS / "llama.cpp" / "ggml-vocab-aquila.gguf"
    status, out, err = run(monkeypatch, capsys, ["encode", "--encoding", str(aquila)], "12345")
    assert status == 0 and len(out.split()) == 2  # llama.cpp's default: "123", "45"
    assert err.count("\n") == 1 and err.startswith("warning: ggml-vocab-aquila: tokenizer.ggml.pre")


def test_count_with_a_gguf_without_pre_tokenizer_warns_once(tmp_path, capsys):
    corpus = tmp_path / "c.txt"
    corpus.write_text("hello 12345 world\n", encoding="utf-8")
    aquila = REFS / "llama.cpp" / "ggml-vocab-aquila.gguf"
    assert main(["count", "--workers", "1", "--encoding", str(aquila), str(corpus)]) == 0
    err = capsys.readouterr().err
    assert err.count("tokenizer.ggml.pre is missing") == 1 and "GGUFWarning" not in err


def test_count_sends_only_the_header(tmp_path, capsys):
    model = tmp_path / "big.gguf"
    with open(model, "wb") as f:  # a 3 GB model: the header, then sparse zeros
        f.write(LLAMA3.read_bytes())
        f.truncate(3 * 1024 ** 3)
    spec = spec_for(str(model))
    assert spec.name == "big" and len(spec.gguf_header) == header_length(LLAMA3)
    corpus = tmp_path / "c.txt"
    corpus.write_text("hello world\n" * 20, encoding="utf-8")
    assert main(["count", str(corpus), "--encoding", f"{model},llama3", "--workers", "1",
                 "--json"]) == 0
    tokens = json.loads(capsys.readouterr().out)["total"]["tokens"]
    assert tokens["big"] == tokens["llama3"] == 60  # "hello", " world", "\n"


def test_train_with_a_gguf_pattern(monkeypatch, capsys, tmp_path):
    corpus = tmp_path / "c.txt"
    corpus.write_text("low lower lowest 12345 " * 50, encoding="utf-8")
    out_dir = tmp_path / "tok"
    args = ["train", str(corpus), "--vocab-size", "270", "--pattern", str(LLAMA3), "--out",
            str(out_dir)]
    assert run(monkeypatch, capsys, args)[0] == 0
    trained = bbpe_core.load_hf_tokenizer_json(out_dir / "tokenizer.json")
    assert trained.pat_str == bbpe_core.load_gguf(LLAMA3).pat_str
    args[args.index("--pattern") + 1] = str(PHI3)
    status, _, err = run(monkeypatch, capsys, args)
    assert status == 2 and "has no split pattern" in err
