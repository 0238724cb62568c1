"""The command line: encode, decode, tokenize; errors are one line and exit status 2."""

from __future__ import annotations

import io

import pytest

from bbpe_core.__main__ import main
from bbpe_core.id_list import parse_ids


def run(monkeypatch, capsys, args, stdin):
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    status = main(args)
    out = capsys.readouterr()
    return status, out.out, out.err


def test_encode_decode_tokenize(monkeypatch, capsys):
    assert run(monkeypatch, capsys, ["encode"], "hello world")[:2] == (0, "31373 995\n")
    assert run(monkeypatch, capsys, ["decode"], "[31373, 995]")[:2] == (0, "hello world")
    assert (run(monkeypatch, capsys, ["tokenize"], "你好 ma")[1].split()
            == ["ä½", "ł", "å¥", "½", "Ġma"])
    status, out, _ = run(monkeypatch, capsys,
                         ["encode", "--encoding", "cl100k_base", "--allow-special"],
                         "hello <|endoftext|>")
    assert (status, out) == (0, "15339 220 100257\n")


def test_file_argument(monkeypatch, capsys, tmp_path):
    path = tmp_path / "in.txt"
    path.write_text("hello world", encoding="utf-8")
    assert run(monkeypatch, capsys, ["encode", str(path)], "")[:2] == (0, "31373 995\n")


@pytest.mark.parametrize(
    "args, stdin, message",
    [
        (["decode"], "1, x", "item 2 ('x') is not a token id"),
        (["decode"], "99999999", "token id 99999999 is not in gpt2"),
        (["encode"], "<|endoftext|>", "disallowed special token"),
        (["encode", "/no/such/file"], "", "No such file"),
    ],
)
def test_errors_are_one_line(monkeypatch, capsys, args, stdin, message):
    status, out, err = run(monkeypatch, capsys, args, stdin)
    assert status == 2 and out == "" and message in err and "Traceback" not in err


def test_parse_ids():
    assert parse_ids(" 1,2 3\n") == [1, 2, 3] and parse_ids("[]") == []
    with pytest.raises(ValueError, match="item 1"):
        parse_ids("-1")


def test_count_files(tmp_path, capsys):
    import json

    files = []
    for k, text in enumerate(["hello world", "你好", "    return x\n" * 50]):
        path = tmp_path / f"f{k}.txt"
        path.write_text(text, encoding="utf-8")
        files.append(str(path))
    assert main(["count", *files, "--encoding", "gpt2", "--workers", "1", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert [f["tokens"] for f in report["files"]] == [{"gpt2": 2}, {"gpt2": 4}, {"gpt2": 300}]
    assert report["total"] == {"path": "TOTAL", "tokens": {"gpt2": 306}, "characters": 663,
                               "bytes": 667, "replaced": 0, "error": ""}
    assert main(["count", files[0], str(tmp_path / "missing.txt"), "--workers", "1"]) == 2
    out = capsys.readouterr().out
    assert "missing.txt  error: no such file" in out and "TOTAL" in out


def test_encoding_pickles_by_name():
    import pickle

    import bbpe_core

    enc = bbpe_core.get_encoding("cl100k_base")
    assert pickle.loads(pickle.dumps(enc)) is enc and len(pickle.dumps(enc)) < 200
    mine = bbpe_core.Encoding("mine", pat_str=enc.pat_str, mergeable_ranks=enc.mergeable_ranks,
                              special_tokens={})
    with pytest.raises(TypeError, match="only the shipped encodings pickle"):
        pickle.dumps(mine)


def test_train_command(tmp_path, capsys):
    import bbpe_core

    corpus = tmp_path / "corpus.txt"
    corpus.write_text("the cat sat on the mat. " * 200 + "字节级 BPE " * 50, encoding="utf-8")
    out = tmp_path / "model"
    assert main(["train", str(corpus), "--vocab-size", "300", "--out", str(out),
                 "--special", "<|endoftext|>"]) == 0
    captured = capsys.readouterr()
    assert "merges" in captured.err and "saved tokenizer.json" in captured.out
    loaded = bbpe_core.load_hf_tokenizer_json(out / "tokenizer.json")
    direct = bbpe_core.train([corpus.read_text(encoding="utf-8")], 300,
                             special_tokens=["<|endoftext|>"])
    assert loaded.encode("the cat 字节") == direct.encode("the cat 字节")
    assert main(["train", str(corpus), "--vocab-size", "10", "--out", str(out)]) == 2
    assert "below 256" in capsys.readouterr().err


def test_every_shipped_encoding_is_an_encoding_and_a_training_pattern(monkeypatch, capsys,
                                                                      tmp_path):
    import bbpe_core

    status, out, _ = run(monkeypatch, capsys, ["encode", "--encoding", "qwen3"], "你好 <think>")
    assert (status, out.split()) == (0, [str(i) for i in bbpe_core.get_encoding("qwen3")
                                         .encode_ordinary("你好 <think>")])
    corpus = tmp_path / "c.txt"
    corpus.write_text("low lower lowest " * 50, encoding="utf-8")
    out_dir = tmp_path / "tok"
    out_dir.mkdir()
    args = ["train", str(corpus), "--vocab-size", "270", "--pattern", "llama3", "--out",
            str(out_dir)]
    assert run(monkeypatch, capsys, args, "")[0] == 0
    for name in ("llama2", "bert_base_uncased"):
        args[args.index("--pattern") + 1] = name
        status, _, err = run(monkeypatch, capsys, args, "")
        assert status == 2 and "has no split pattern" in err
    status, out, _ = run(monkeypatch, capsys, ["tokenize", "--encoding", "bert_base_uncased"],
                         "Unaffable")
    assert (status, out.split()) == (0, ["una", "##ffa", "##ble"])


def test_chunk_prints_one_json_line_per_chunk(monkeypatch, capsys):
    import json

    text = "One. Two.\n\nThree four five. Six seven."
    status, out, _ = run(monkeypatch, capsys, ["chunk", "--max-tokens", "6"], text)
    rows = [json.loads(line) for line in out.splitlines()]
    assert status == 0 and [r["text"] for r in rows] == [
        "One. Two.\n\n", "Three four five.", " Six seven."]
    assert [(r["index"], r["start"], r["end"], r["tokens"]) for r in rows] == [
        (0, 0, 11, 5), (1, 11, 27, 4), (2, 27, 38, 3)]
    status, out, _ = run(monkeypatch, capsys, ["chunk", "--max-tokens", "3", "--overlap", "1",
                                               "--encoding", "llama2"], "one two three four")
    rows = [json.loads(line) for line in out.splitlines()]
    assert status == 0 and all(r["tokens"] <= 3 for r in rows)
    assert all(b["start"] < a["end"] for a, b in zip(rows, rows[1:]))  # repeated text


@pytest.mark.parametrize("args, stdin, message", [
    (["chunk", "--max-tokens", "2", "--overlap", "2"], "hi", "overlap (2) must be less"),
    (["chunk", "--max-tokens", "1"], "你", "max_tokens=1 is too small"),
])
def test_chunk_errors_are_one_line(monkeypatch, capsys, args, stdin, message):
    status, out, err = run(monkeypatch, capsys, args, stdin)
    assert status == 2 and out == "" and message in err and "Traceback" not in err


@pytest.mark.parametrize("called, usage", [
    ("/usr/local/bin/bbpe", "usage: bbpe "),
    ("/x/bbpe_core/__main__.py", "usage: python -m bbpe_core "),
])
def test_help_names_the_command_it_was_called_by(monkeypatch, capsys, called, usage):
    monkeypatch.setattr("sys.argv", [called, "--help"])
    with pytest.raises(SystemExit):
        main()
    assert capsys.readouterr().out.startswith(usage)
