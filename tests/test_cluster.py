"""``count`` and ``train`` on a real Dask cluster (a LocalCluster of 2 worker processes,
started once for the module): exact counts against one process and tiktoken, several
encodings in one pass, the one-machine merges, a worker killed mid-run, bad input as one
line, Ctrl+C stopping the workers. Also: every shipped encoding ends a chunk at every line
start, so cutting files there is exact."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import bbpe_core
from bbpe_core.__main__ import main
from bbpe_core.cluster.blocks import FileEntry, plan_blocks, read_block
from bbpe_core.cluster.encodings import LINE_START_PATTERNS, cuts_at_line_starts
from bbpe_core.cluster.tasks import pieces
from bbpe_core.pre_tokenizers.patterns import find_chunks
from oracles import tiktoken_encoding

ROOT = Path(__file__).resolve().parent.parent
CORPORA = ROOT / "playground" / "assets" / "corpora"
LINE_TEXT = st.lists(st.sampled_from(
    ["\n", "\r\n", "\n\n", " ", "  ", "\t", "a", "Word", "é", "ǅ", "ʰ", "\u0301", "中文", "Ж",
     "ا", "1", "123", "!", "'s", "<|endoftext|>", "<think>", "😀", "\u200d", "\xa0", "ﬁ"]),
    max_size=40).map("".join)


def count_in_pieces(enc, text: str) -> int:
    return sum(len(enc.encode_ordinary(p)) for p in pieces(text, 1))  # cut at every line start


DUMMY_PREFIX = {"llama2", "mistral_v1", "mistral_v3", "mistral_v7",
                "phi3",  # SentencePiece's ▁ per block
                "t5", "umt5",  # Metaspace's ▁ (merged from the unigram branch)
                "t5_transformers", "umt5_transformers",  # Metaspace's ▁ per word
                "nomic_bert_moe",  # XLM-RoBERTa's: Metaspace's ▁ per word
                "jurassic2"}  # the sentencepiece library's normalizer: a line's ▁ is the newline


def test_only_encodings_with_a_dummy_prefix_may_not_be_cut():
    names = bbpe_core.list_encoding_names()
    assert {n for n in names if not cuts_at_line_starts(bbpe_core.get_encoding(n))} == DUMMY_PREFIX
    enc = bbpe_core.get_encoding("llama2")
    cut = [i for piece in pieces("end.\nNext", 1) for i in enc.encode_ordinary(piece)]
    assert cut != enc.encode_ordinary("end.\nNext")  # ▁Next, not Next


@pytest.mark.parametrize("name", sorted(set(bbpe_core.list_encoding_names()) - DUMMY_PREFIX))
def test_every_shipped_encoding_ends_a_chunk_at_every_line_start(name):
    enc = bbpe_core.get_encoding(name)
    text = (CORPORA / "en_python_docs.txt").read_text("utf-8")[:20000]
    text += (CORPORA / "zh_tang_poems.txt").read_text("utf-8")[:5000]
    assert len(pieces(text, 1)) > 300
    assert count_in_pieces(enc, text) == len(enc.encode_ordinary(text))
    assert cuts_at_line_starts(enc)

    @settings(max_examples=60, deadline=None, derandomize=True)
    @given(LINE_TEXT)
    def cut_text_counts_as_whole(sample):
        assert count_in_pieces(enc, sample) == len(enc.encode_ordinary(sample))

    cut_text_counts_as_whole()


@settings(max_examples=200, deadline=None)
@given(LINE_TEXT)
def test_the_line_start_patterns_end_a_chunk_there(sample):
    for pat_str in LINE_START_PATTERNS:
        assert [c for p in pieces(sample, 1) for c in find_chunks(p, pat_str)] == \
            find_chunks(sample, pat_str)


def test_an_encoding_with_another_pattern_is_not_cut():
    mine = bbpe_core.train("hello\nworld " * 20, 260, pat_str=r"(?s:.)+")
    assert not cuts_at_line_starts(mine)


@pytest.mark.parametrize("lines, block_size", [
    (0, 1), (0, 7), (0, 100), (40000, 9000), (40000, 70000), (40000, 10 ** 6)])
def test_blocks_tile_the_file_and_start_at_line_starts(tmp_path, lines, block_size):
    # a run of 80 KB without a line start (longer than one read), then line starts
    data = ("1\n" * lines + "é\nword\n中\n 2\n\nx\n" * 30).encode() + b"\xff\nz"
    path = tmp_path / "f.txt"
    path.write_bytes(data)
    got = [read_block(b) for b in plan_blocks(FileEntry("f", str(path), len(data)), block_size)]
    assert b"".join(part for _, part in got) == data
    starts = [start for start, part in got if part]
    assert len(starts) > 1 or block_size > len(data)
    assert all(s == 0 or data[s - 2:s] in (b"1\n", b"\xa9\n", b"d\n", b"x\n", b"\xff\n")
               for s in starts)


# ---- on a cluster of two worker processes ---------------------------------------------

@pytest.fixture(scope="module")
def client():
    from distributed import Client, LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                      dashboard_address=None) as cluster, Client(cluster) as c:
        yield c


@pytest.fixture(scope="module")
def corpus(tmp_path_factory) -> list[Path]:
    root = tmp_path_factory.mktemp("corpus")
    files = []
    for name in ("en_python_docs.txt", "zh_tang_poems.txt"):
        path = root / name
        path.write_text((CORPORA / name).read_text("utf-8")[:120000], encoding="utf-8")
        files.append(path)
    return files


def run_cli(capsys, args: list[str]) -> tuple[int, str, str]:
    status = main(args)
    out = capsys.readouterr()
    return status, out.out, out.err


def test_counts_equal_one_process_and_tiktoken_for_two_encodings_in_one_pass(client, corpus,
                                                                              capsys):
    args = ["count", *map(str, corpus), "--encoding", "cl100k_base,o200k_base", "--json",
            "--block-size", "64K", "--scheduler", client.scheduler.address]
    status, out, err = run_cli(capsys, args)
    report = json.loads(out)
    assert status == 0 and report["encodings"] == ["cl100k_base", "o200k_base"]
    assert "blocks" in err
    for path, got in zip(corpus, report["files"]):
        text = path.read_text("utf-8")
        assert (got["characters"], got["bytes"]) == (len(text), path.stat().st_size)
        for name in ("cl100k_base", "o200k_base"):
            mine = len(bbpe_core.get_encoding(name).encode_ordinary(text))
            assert got["tokens"][name] == mine == len(tiktoken_encoding(name).encode_ordinary(text))
    assert report["total"]["tokens"]["o200k_base"] == sum(
        f["tokens"]["o200k_base"] for f in report["files"])


def test_each_block_is_read_once_for_all_encodings(client, corpus):
    from bbpe_core.cluster.encodings import EncodingSpec
    from bbpe_core.cluster.run import count_files

    seen = []
    names = ["gpt2", "llama3", "qwen3"]
    files = count_files(client, [str(corpus[1])], [EncodingSpec(n) for n in names],
                        block_size=32 << 10, progress=lambda done, wanted, _: seen.append(wanted))
    blocks = plan_blocks(FileEntry("f", str(corpus[1]), corpus[1].stat().st_size), 32 << 10)
    assert seen[-1] == len(blocks) > 1  # one task per block, not per block and encoding
    text = corpus[1].read_text("utf-8")
    assert files[0].tokens == {n: len(bbpe_core.get_encoding(n).encode_ordinary(text))
                               for n in names}


def test_training_on_the_cluster_gives_the_one_machine_merges_and_the_result_counts_there(
        client, corpus, capsys, tmp_path):
    out = tmp_path / "mine"
    args = ["train", *map(str, corpus), "--vocab-size", "600", "--out", str(out),
            "--pattern", "cl100k_base", "--block-size", "64K",
            "--scheduler", client.scheduler.address]
    status, _, err = run_cli(capsys, args)
    assert status == 0 and "merges" in err
    trained = bbpe_core.load_hf_tokenizer_json(out / "tokenizer.json")
    alone = bbpe_core.train_files(list(map(str, corpus)), 600, pat_str=bbpe_core.CL100K_PATTERN,
                                  name="mine")
    assert trained.merges == alone.merges and len(alone.merges) == 600 - 256
    # the trained encoding travels to the workers as its tokenizer.json
    args = ["count", str(corpus[0]), "--encoding", f"{out},gpt2", "--json", "--block-size", "64K",
            "--scheduler", client.scheduler.address]
    status, report, _ = run_cli(capsys, args)
    text = corpus[0].read_text("utf-8")
    assert status == 0 and json.loads(report)["files"][0]["tokens"] == {
        str(out): len(alone.encode_ordinary(text)),
        "gpt2": len(bbpe_core.get_encoding("gpt2").encode_ordinary(text))}


def test_a_worker_killed_mid_run_still_gives_exact_totals(client, corpus):
    from bbpe_core.cluster.encodings import EncodingSpec
    from bbpe_core.cluster.run import count_files

    pids = client.run(os.getpid)
    victim = sorted(pids.values())[0]
    killed_at = []

    def kill_once(done, wanted, _):
        if not killed_at:
            os.kill(victim, signal.SIGKILL)
            killed_at.append((done, wanted))

    files = count_files(client, list(map(str, corpus)), [EncodingSpec("cl100k_base")],
                        block_size=2 << 10, progress=kill_once)
    print(f"killed worker {victim} after {killed_at[0][0]} of {killed_at[0][1]} blocks")
    assert killed_at[0][0] < killed_at[0][1]
    for path, got in zip(corpus, files):
        text = path.read_text("utf-8")
        assert got.tokens["cl100k_base"] == len(
            bbpe_core.get_encoding("cl100k_base").encode_ordinary(text))
    client.wait_for_workers(2, timeout=60)
    assert victim not in client.run(os.getpid).values()  # the nanny started a new process


def test_a_missing_file_or_unreadable_url_is_named_and_the_others_are_counted(client, corpus,
                                                                              capsys):
    import fsspec

    data = corpus[0].read_bytes()[:5000]
    client.run(fsspec.filesystem("memory").pipe_file, "/cluster-test/a.txt", data)
    fsspec.filesystem("memory").pipe_file("/cluster-test/a.txt", data)
    args = ["count", "memory://cluster-test/*.txt", "/no/such/file.txt", "nosuch://x",
            "--scheduler", client.scheduler.address]
    status, out, _ = run_cli(capsys, args)
    lines = out.splitlines()
    assert status == 2
    assert any(line.startswith("/no/such/file.txt") and "no such file" in line for line in lines)
    assert any(line.startswith("nosuch://x") and "Protocol not known" in line for line in lines)
    expected = len(bbpe_core.get_encoding("gpt2").encode_ordinary(data.decode()))
    assert f"{expected:,}" in next(line for line in lines if line.startswith("memory://"))
    assert f"{expected:,}" in lines[-1]


def test_not_utf8_is_refused_by_name_or_counted_with_replacement(client, tmp_path, capsys):
    good, binary = tmp_path / "good.txt", tmp_path / "image.bin"
    good.write_text("hello world\n", encoding="utf-8")
    binary.write_bytes(b"\x89PNG\r\n\x1a\n\xff\xd8 text")
    base = ["count", str(good), str(binary), "--scheduler", client.scheduler.address, "--json"]
    status, out, _ = run_cli(capsys, base)
    files = json.loads(out)["files"]
    assert status == 2 and files[0]["tokens"] == {"gpt2": 3}
    assert files[1]["error"].startswith("not UTF-8 at byte 0")
    status, out, err = run_cli(capsys, [*base, "--errors", "replace"])
    files = json.loads(out)["files"]
    assert status == 0 and files[1]["replaced"] == 3 and files[1]["bytes"] == binary.stat().st_size
    assert "image.bin: 3 characters were not UTF-8" in err


def test_an_encoding_not_known_to_cut_at_line_starts_is_refused_for_a_large_file(
        client, corpus, tmp_path, capsys):
    mine = bbpe_core.train(corpus[0].read_text("utf-8")[:3000], 280, pat_str=r"\S+|\s+",
                           name="mine")
    bbpe_core.save_hf_tokenizer_json(mine, tmp_path / "tokenizer.json")
    args = ["count", str(corpus[0]), "--encoding", str(tmp_path), "--block-size", "64K",
            "--scheduler", client.scheduler.address]
    status, _, err = run_cli(capsys, args)
    assert status == 2 and "not known to end a chunk at every line start" in err
    status, out, _ = run_cli(capsys, [*args[:-4], "--block-size", "1M", *args[-2:]])
    expected = len(mine.encode_ordinary(corpus[0].read_text("utf-8")))
    assert status == 0 and f"{expected:,}" in out.splitlines()[-1]


def cli(args: list[str], **kwargs) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "bbpe_core", *args], cwd=ROOT, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, **kwargs)


@pytest.mark.parametrize("args, message", [
    (["count", "/no/such/dir/*.txt"], "error: no files match /no/such/dir/*.txt"),
    (["count", "README.md", "--scheduler", "tcp://127.0.0.1:1", "--connect-timeout", "1"],
     "error: cannot reach the scheduler at tcp://127.0.0.1:1"),
    (["count", "README.md", "--scheduler", "nonsense"],
     "error: cannot reach the scheduler at nonsense"),
    (["train", "/no/such/dir/*.txt", "--vocab-size", "300", "--out", "/tmp/x"],
     "error: no files match"),
])
def test_bad_input_is_one_line_and_a_non_zero_exit(client, args, message):
    if "--scheduler" not in args:
        args = [*args, "--scheduler", client.scheduler.address]
    proc = cli(args)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 2 and out == ""
    assert err.strip().splitlines()[-1].startswith(message) and "Traceback" not in err


def test_the_command_line_starts_and_stops_its_own_local_cluster(corpus):
    proc = cli(["count", str(corpus[1]), "--workers", "2", "--block-size", "64K", "--json",
                "--encoding", "deepseek_v3"])
    out, err = proc.communicate(timeout=120)
    text = corpus[1].read_text("utf-8")
    assert proc.returncode == 0 and "Traceback" not in err
    assert json.loads(out)["total"]["tokens"] == {
        "deepseek_v3": len(bbpe_core.get_encoding("deepseek_v3").encode_ordinary(text))}


def test_ctrl_c_stops_the_local_cluster_and_its_workers(tmp_path):
    import psutil

    big = tmp_path / "big.txt"
    big.write_text((CORPORA / "en_python_docs.txt").read_text("utf-8") * 4, encoding="utf-8")
    err_path = tmp_path / "err.txt"
    with open(err_path, "w") as err_file:
        proc = subprocess.Popen([sys.executable, "-m", "bbpe_core", "count", str(big), "--workers",
                                 "2", "--block-size", "64K", "--encoding", "o200k_base"],
                                cwd=ROOT, stdout=subprocess.DEVNULL, stderr=err_file)
        deadline = time.monotonic() + 90
        while "blocks" not in err_path.read_text() and time.monotonic() < deadline:
            time.sleep(0.2)
        children = psutil.Process(proc.pid).children(recursive=True)
        assert children, "the local cluster has worker processes"
        proc.send_signal(signal.SIGINT)
        proc.wait(timeout=60)
    err = err_path.read_text()
    assert proc.returncode == 130 and "Traceback" not in err
    assert err.strip().splitlines()[-1].startswith("interrupted")
    _, alive = psutil.wait_procs(children, timeout=20)
    assert alive == []


def test_the_engine_and_the_cli_parser_import_no_dask():
    code = ("import sys, bbpe_core, bbpe_core.__main__; print(sorted(m for m in sys.modules "
            "if m.split('.')[0] in ('dask', 'distributed', 'fsspec')))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert out.stdout.strip() == "[]", out.stderr
