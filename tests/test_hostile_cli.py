"""The command line given hostile input (issue 31): devices, FIFOs, endless standard input,
tiny blocks, thousands of small files, a scheduler that never answers, oversized tokenizer
files. Each case runs ``python -m bbpe_core`` in a fresh interpreter under an address-space
limit and a timeout (``tests/limits.py``) and must end with one line on stderr and a non-zero
exit, never a traceback, a hang or a silent wrong count."""

from __future__ import annotations

import json
import os
import socket
import threading
import time

import pytest
from limits import run_limited

import bbpe_core
from bbpe_core.__main__ import MAX_INPUT_BYTES
from bbpe_core.cluster import MIN_BLOCK_SIZE
from bbpe_core.cluster.encodings import MAX_TOKENIZER_JSON_BYTES

MEMORY = 1 << 30


def cli(*args: str, stdin: str | None = None, timeout: float = 60.0):
    """``python -m bbpe_core ARGS`` under ``MEMORY`` bytes of address space, standard input
    opened from the path ``stdin`` (default: none)."""
    code = f"import os; os.dup2(os.open({stdin!r}, os.O_RDONLY), 0)\n" if stdin else ""
    code += "import runpy; runpy.run_module('bbpe_core', run_name='__main__', alter_sys=True)"
    return run_limited(code, memory_bytes=MEMORY, timeout=timeout, args=args)


def one_line_error(proc, message: str) -> None:
    """Exit status 2, nothing on stdout, and an error line naming ``message``."""
    assert "Traceback" not in proc.stderr, proc.stderr[-2000:]
    assert proc.returncode == 2 and proc.stdout == "", (proc.returncode, proc.stderr)
    assert message in proc.stderr.strip().splitlines()[-1], proc.stderr


@pytest.fixture()
def fifo(tmp_path):
    path = tmp_path / "pipe"
    os.mkfifo(path)
    return str(path)


def sparse(path, size: int) -> str:
    """A file of ``size`` zero bytes that takes no disk space."""
    with open(path, "wb") as f:
        f.truncate(size)
    return str(path)


# ---- encode, decode, tokenize -------------------------------------------------------

@pytest.mark.parametrize("command", ["encode", "decode", "tokenize"])
def test_a_device_or_a_fifo_is_refused_by_name_before_it_is_opened(command, fifo):
    one_line_error(cli(command, "/dev/zero"), "/dev/zero is not a regular file")
    one_line_error(cli(command, fifo, timeout=30), f"{fifo} is not a regular file")


@pytest.mark.parametrize("command", ["encode", "decode", "tokenize"])
def test_endless_standard_input_is_read_up_to_the_cap(command):
    one_line_error(cli(command, stdin="/dev/zero"), "standard input holds more than 8 MiB, "
                   f"the most {command} reads")


def test_a_file_over_the_cap_is_refused_before_it_is_read(tmp_path):
    big = sparse(tmp_path / "big.txt", MAX_INPUT_BYTES + 1)
    for command in ("encode", "decode", "tokenize"):
        one_line_error(cli(command, big), f"{big} is larger than 8 MiB, the most {command} reads")
    at_cap = tmp_path / "at_cap.txt"
    at_cap.write_bytes(b"a" * MAX_INPUT_BYTES)
    proc = cli("encode", str(at_cap))
    ids = bbpe_core.get_encoding("gpt2").encode_ordinary("a" * MAX_INPUT_BYTES)
    assert proc.returncode == 0 and proc.stdout.split() == [str(i) for i in ids], proc.stderr


# ---- count ------------------------------------------------------------------------

def test_count_refuses_a_device_and_a_fifo_by_name_and_counts_the_others(tmp_path, fifo):
    good = tmp_path / "good.txt"
    good.write_text("hello world\n", encoding="utf-8")
    link = tmp_path / "zero"
    link.symlink_to("/dev/zero")
    proc = cli("count", "/dev/zero", fifo, str(link), str(good), "--workers", "1", "--json",
               timeout=60)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr, proc.stderr
    files = json.loads(proc.stdout)["files"]
    assert [f["error"] for f in files[:3]] == ["not a regular file (a device, FIFO or socket)"] * 3
    assert files[3]["tokens"] == {"gpt2": 3} and files[3]["error"] == ""


def test_train_refuses_a_device_by_name(tmp_path):
    one_line_error(cli("train", "/dev/zero", "--vocab-size", "300", "--out", str(tmp_path / "t")),
                   "error: /dev/zero: not a regular file (a device, FIFO or socket)")


def test_local_workers_are_capped_at_four_per_cpu():
    from bbpe_core.__main__ import MAX_WORKERS

    assert MAX_WORKERS == 4 * (os.cpu_count() or 1)
    proc = cli("count", "README.md", "--workers", str(MAX_WORKERS + 1), timeout=30)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert (f"--workers: {MAX_WORKERS + 1} is above the maximum, {MAX_WORKERS} (4 per CPU)"
            in proc.stderr)


@pytest.mark.parametrize("size", ["1", "7", "64", "1K", "63K"])
def test_a_block_size_below_the_minimum_is_refused_and_says_the_minimum(tmp_path, size):
    path = tmp_path / "f.txt"
    path.write_text("word\n" * 2000, encoding="utf-8")
    proc = cli("count", str(path), "--workers", "1", "--block-size", size, timeout=60)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert f"--block-size: {size} is below the minimum, 64K" in proc.stderr
    assert MIN_BLOCK_SIZE == 64 << 10


def test_too_many_tasks_are_refused_before_any_work_starts(tmp_path):
    from bbpe_core.cluster.run import MAX_TASKS

    huge = sparse(tmp_path / "huge.txt", (MAX_TASKS + 1) * MIN_BLOCK_SIZE)
    started = time.monotonic()
    proc = cli("count", huge, "--workers", "1", "--block-size", "64K", timeout=60)
    one_line_error(proc, f"these files make {MAX_TASKS + 1:,} tasks of at most 65,536 bytes; "
                   f"the most one run plans is {MAX_TASKS:,}: pass a larger block size")
    assert time.monotonic() - started < 30


def test_thousands_of_small_files_share_a_few_tasks_with_exact_counts_and_errors(tmp_path):
    from distributed import Client, LocalCluster, get_task_stream

    from bbpe_core.cluster.encodings import EncodingSpec
    from bbpe_core.cluster.run import BATCH_FILES, count_files

    texts = [f"line {k} ünïcode 字节 {'x' * (k % 7)}\n" for k in range(5000)]
    for k, text in enumerate(texts):
        (tmp_path / f"f{k:05}.txt").write_text(text, encoding="utf-8")
    (tmp_path / "f02500.txt").write_bytes(b"\xff not UTF-8")
    texts[2500] = None
    specs = [EncodingSpec("gpt2"), EncodingSpec("cl100k_base")]
    with LocalCluster(n_workers=1, threads_per_worker=1, processes=False,
                      dashboard_address=None) as cluster, Client(cluster) as client:
        started = time.monotonic()
        with get_task_stream(client) as stream:
            files = count_files(client, [str(tmp_path / "*.txt")], specs)
        seconds = time.monotonic() - started
    assert len(stream.data) <= -(-5000 // BATCH_FILES)  # on main: 5,000 tasks, 17 s
    print(f"5,000 files: {len(stream.data)} tasks, {seconds:.1f} s")
    assert [f.path for f in files] == sorted(str(p) for p in tmp_path.glob("*.txt"))
    for f, text in zip(files, texts):
        if text is None:
            assert f.error.startswith("not UTF-8 at byte 0")
            assert f.tokens == {"gpt2": 0, "cl100k_base": 0}
            continue
        assert f.error == "" and (f.characters, f.bytes) == (len(text), len(text.encode()))
        assert f.tokens == {s.name: len(bbpe_core.get_encoding(s.name).encode_ordinary(text))
                            for s in specs}


@pytest.fixture()
def silent_scheduler():
    """A TCP port on 127.0.0.1 that accepts connections and never says a word."""
    server = socket.create_server(("127.0.0.1", 0))
    accepted, stop = [], threading.Event()

    def accept() -> None:
        server.settimeout(0.2)
        while not stop.is_set():
            try:
                accepted.append(server.accept()[0])
            except TimeoutError:
                continue

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    yield f"tcp://127.0.0.1:{server.getsockname()[1]}", accepted
    stop.set()
    thread.join()
    for conn in accepted:
        conn.close()
    server.close()


def test_a_scheduler_that_accepts_and_never_answers_times_out(tmp_path, silent_scheduler):
    address, accepted = silent_scheduler
    path = tmp_path / "f.txt"
    path.write_text("hello\n", encoding="utf-8")
    started = time.monotonic()
    proc = cli("count", str(path), "--scheduler", address, "--connect-timeout", "3", timeout=45)
    seconds = time.monotonic() - started
    one_line_error(proc, f"error: cannot reach the scheduler at {address}")
    assert accepted, "the client connected, then waited for the handshake"
    assert seconds < 3 + 15, seconds  # the timeout, and the interpreter's and Dask's start


@pytest.mark.parametrize("value", ["0", "-1", "inf", "nan", "x"])
def test_a_connect_timeout_must_be_finite_and_above_zero(value):
    proc = cli("count", "README.md", "--scheduler", "tcp://127.0.0.1:1", "--connect-timeout",
               value, timeout=30)
    assert proc.returncode == 2 and "argument --connect-timeout" in proc.stderr
    assert "Traceback" not in proc.stderr


# ---- count --encoding FILE ----------------------------------------------------------

def test_count_takes_at_most_32_distinct_encodings():
    from bbpe_core.__main__ import MAX_ENCODINGS

    many = ",".join(["gpt2"] * (MAX_ENCODINGS + 1))
    one_line_error(cli("count", "README.md", "--encoding", many, "--workers", "1"),
                   f"error: --encoding names {MAX_ENCODINGS + 1} encodings; the most one count "
                   f"takes is {MAX_ENCODINGS}")
    one_line_error(cli("count", "README.md", "--encoding", "gpt2,llama3,gpt2", "--workers", "1"),
                   "error: --encoding names gpt2 twice")


def test_an_oversized_tokenizer_json_is_refused_before_it_is_read(tmp_path):
    big = sparse(tmp_path / "tokenizer.json", MAX_TOKENIZER_JSON_BYTES + 1)
    one_line_error(cli("count", "README.md", "--encoding", big, "--workers", "1"),
                   f"larger than the limit of {MAX_TOKENIZER_JSON_BYTES:,} bytes")


@pytest.mark.parametrize("content, message", [
    (b"{not json", "not valid JSON"),
    (b"[1, 2]", "expected a JSON object"),
    (b"\x1f\x8b not gzip", "not a valid gzip file"),
    (b'{"model": {"type": "NoSuchModel"}}', "model type 'NoSuchModel' is not supported"),
])
def test_a_bad_tokenizer_json_is_one_line(tmp_path, content, message):
    (tmp_path / "tokenizer.json").write_bytes(content)
    for item in (str(tmp_path / "tokenizer.json"), str(tmp_path)):
        one_line_error(cli("count", "README.md", "--encoding", item, "--workers", "1"), message)


def test_an_encoding_item_that_is_a_fifo_or_device_is_not_read(tmp_path, fifo):
    one_line_error(cli("count", "README.md", "--encoding", fifo, "--workers", "1", timeout=30),
                   "unknown encoding")
    one_line_error(cli("count", "README.md", "--encoding", "/dev/zero", "--workers", "1"),
                   "unknown encoding")
    os.mkdir(tmp_path / "dir")
    os.mkfifo(tmp_path / "dir" / "tokenizer.json")
    one_line_error(cli("count", "README.md", "--encoding", str(tmp_path / "dir"), "--workers",
                       "1", timeout=30), "unknown encoding")


@pytest.mark.parametrize("command", ["encode", "count"])
def test_a_gguf_encoding_that_is_a_fifo_or_device_is_refused_by_name(tmp_path, command):
    pipe = tmp_path / "model.gguf"
    os.mkfifo(pipe)
    device = tmp_path / "zero.gguf"
    device.symlink_to("/dev/zero")
    for item in (pipe, device):
        one_line_error(cli(command, "README.md", "--encoding", str(item), timeout=30),
                       "not a regular file")


# ---- one long chunk through BPE (the engine's heap merge) ---------------------------

def test_one_long_chunk_is_merged_in_bounded_memory_with_the_same_ids():
    """6 MB of U+200D is one chunk under GPT-2's pattern, merged by ``bpe.merge_parts``'s heap:
    810 MB of address space on main (VmPeak), about 320 MB with C-array links and one int per
    heap entry. The ids are tiktoken's."""
    from hashlib import sha256

    from bbpe_core.models.bpe.fast.packed_ids import pack
    from oracles import tiktoken_encoding

    text_code = "'\\u200d' * 2_000_000"
    code = ("import hashlib, bbpe_core\n"
            "from bbpe_core.models.bpe.fast.packed_ids import pack\n"
            f"ids = bbpe_core.get_encoding('gpt2').encode({text_code})\n"
            "print(len(ids), hashlib.sha256(pack(ids)).hexdigest())")
    proc = run_limited(code, memory_bytes=512 << 20, timeout=300)
    assert proc.returncode == 0, proc.stderr[-2000:]
    expected = tiktoken_encoding("gpt2").encode_ordinary(eval(text_code))
    assert proc.stdout.split() == [str(len(expected)), sha256(pack(expected)).hexdigest()]


def test_the_heap_merge_packs_int_ranks_without_changing_the_order():
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from bbpe_core.models.bpe import merge_parts

    @settings(max_examples=300, deadline=None, derandomize=True)
    @given(st.text("abc", max_size=60), st.dictionaries(
        st.text("abc", min_size=2, max_size=4), st.integers(-5, 5), max_size=20))
    def same_parts(text, priority):
        as_ints = merge_parts(list(text), lambda left, right: priority.get(left + right))
        as_floats = merge_parts(list(text), lambda left, right: (
            None if (r := priority.get(left + right)) is None else r + 0.5))
        assert as_ints == as_floats

    same_parts()
