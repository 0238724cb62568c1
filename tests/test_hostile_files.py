"""Hostile vocabulary and model files (issue 42): every public loader reads only regular files
and at most ``max_bytes`` of them; one validation of a vocabulary, whatever file it came from
(a ``.model``, a tokenizer.json or a GGUF file), so a file is refused by name or encodes
exactly; a GGUF header costs at most its budget. Memory and time cases run in a fresh
interpreter under an address-space limit and a timeout (``limits.run_limited``).

Each case failed on the main branch before this change (MemoryError, a hang, or a file that
loaded and then gave wrong ids or refused every text).
"""

from __future__ import annotations

import json
import os

import pytest
from limits import run_limited

LOADERS = ["load_sentencepiece_model", "load_hf_tokenizer_json", "load_tiktoken_bpe",
           "load_gguf"]


@pytest.fixture()
def fifo(tmp_path):
    path = tmp_path / "pipe"
    os.mkfifo(path)
    return str(path)


@pytest.mark.parametrize("loader", LOADERS)
def test_a_public_loader_refuses_a_device_or_a_fifo_by_name(loader, fifo):
    """``/dev/zero`` with ``max_bytes`` of 1 MiB reached MemoryError, a FIFO blocked."""
    cap = "" if loader == "load_gguf" else ", max_bytes=1 << 20"
    code = ("import json, sys, bbpe_core\n"
            "out = []\n"
            "for path in sys.argv[1:]:\n"
            "    try:\n"
            f"        bbpe_core.{loader}(path{cap})\n"
            "        out.append('loaded')\n"
            "    except bbpe_core.VocabFileError as e:\n"
            "        out.append(str(e))\n"
            "print(json.dumps(out))\n")
    done = run_limited(code, memory_bytes=512 << 20, timeout=60, args=("/dev/zero", fifo))
    assert done.returncode == 0, done.stderr[-2000:]
    assert [m.endswith(": not a regular file (a device, FIFO or socket)")
            for m in json.loads(done.stdout)] == [True, True], done.stdout


def test_a_file_larger_than_max_bytes_is_refused_without_reading_it(tmp_path):
    import bbpe_core
    big = tmp_path / "big.model"
    with open(big, "wb") as f:
        f.truncate(10 << 20)
    with pytest.raises(bbpe_core.VocabFileError, match="larger than the limit of 1,048,576"):
        bbpe_core.load_sentencepiece_model(big, max_bytes=1 << 20)
