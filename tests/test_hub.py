"""``bbpe_core.from_pretrained``: a model's tokenizer by Hub repo id, offline from a Hub cache
laid out as ``huggingface_hub`` lays it out, and online from a local server behind
``HF_ENDPOINT`` (``hub_server``) in a fresh interpreter (``huggingface_hub`` reads
``HF_ENDPOINT`` when it is imported). Ids equal the reference libraries' on the same file:
HF tokenizers for tokenizer.json, sentencepiece for ``.model``."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import sentencepiece
from gguf_files import write_gguf
from hub_server import HubServer, write_hub_cache
from samples import MULTILINGUAL
from tokenizers import Tokenizer

import bbpe_core
from bbpe_core.formats import save_all
from bbpe_core.hub import check_repo_id, from_pretrained
from bbpe_core.source import VocabFileError

ROOT = Path(__file__).resolve().parent.parent
REFS = ROOT / "tests" / ".refs"
TEXTS = [*MULTILINGUAL, "Hello world, how are you?", "  two  spaces\tand a tab\n"]

BYTE_LEVEL, SENTENCEPIECE, UNIGRAM = "anthropic/claude-legacy", "mistralai/v3-model", "google/t5"
REPOS = {
    BYTE_LEVEL: {"tokenizer.json": "claude.tokenizer.json"},
    SENTENCEPIECE: {"tokenizer.model": "mistral_v3.model"},
    UNIGRAM: {"tokenizer.json": "t5.tokenizer.json"},
}


def _hf_ids(file: str, text: str) -> list[int]:
    return Tokenizer.from_file(str(REFS / file)).encode(text, add_special_tokens=False).ids


def _reference(repo: str) -> list[list[int]]:
    """The reference library's ids for ``TEXTS`` on the repo's file."""
    (path, file), = REPOS[repo].items()
    if path == "tokenizer.model":
        processor = sentencepiece.SentencePieceProcessor(model_file=str(REFS / file))
        return [processor.encode(t) for t in TEXTS]
    tok = Tokenizer.from_file(str(REFS / file))
    return [tok.encode(t, add_special_tokens=False).ids for t in TEXTS]


def _ids(enc: bbpe_core.Encoding) -> list[list[int]]:
    return [enc.encode(t, allowed_special="all") for t in TEXTS]


def _repo_files(repo: str) -> dict[str, bytes]:
    return {path: (REFS / file).read_bytes() for path, file in REPOS[repo].items()}


@pytest.fixture(scope="module")
def extra_files(tmp_path_factory) -> dict[str, dict[str, bytes]]:
    """Repos of the other kinds: GPT-2 files, a .tiktoken file, a GGUF file (header + 4 MB
    of weights), each beside files that are no tokenizer."""
    tmp = tmp_path_factory.mktemp("kinds")
    save_all(bbpe_core.get_encoding("gpt2"), tmp)
    write_gguf(tmp / "model.gguf")
    gguf = (tmp / "model.gguf").read_bytes() + bytes(4 << 20)
    return {
        "openai-community/gpt2-files": {"vocab.json": (tmp / "vocab.json").read_bytes(),
                                        "merges.txt": (tmp / "merges.txt").read_bytes(),
                                        "config.json": b"{}"},
        "org/p50k": {"p50k_base.tiktoken": (REFS / "p50k_base.tiktoken").read_bytes()},
        "org/gpt2-GGUF": {"gpt2-Q4_K_M.gguf": gguf, "README.md": b"# weights"},
    }


@pytest.fixture
def offline(monkeypatch):
    """``huggingface_hub`` in offline mode, as ``HF_HUB_OFFLINE=1`` sets it at import."""
    from huggingface_hub import constants
    monkeypatch.setattr(constants, "HF_HUB_OFFLINE", True)


@pytest.mark.parametrize("repo", list(REPOS))
def test_offline_from_the_hub_cache_equals_the_reference_library(repo, tmp_path, offline):
    write_hub_cache(tmp_path, repo, _repo_files(repo))
    enc = from_pretrained(repo, cache_dir=tmp_path)
    assert enc.name == repo
    assert _ids(enc) == _reference(repo)


def test_offline_other_kinds_and_the_order_of_preference(tmp_path, offline, extra_files):
    for repo, files in extra_files.items():
        write_hub_cache(tmp_path, repo, files)
    shipped = {"openai-community/gpt2-files": "gpt2", "org/p50k": "p50k_base",
               "org/gpt2-GGUF": "gpt2"}
    for repo, name in shipped.items():
        ref = bbpe_core.get_encoding(name)
        assert _ids(from_pretrained(repo, cache_dir=tmp_path)) == _ids(ref), repo
    # tokenizer.json wins over every other file in the same repository
    both = {**_repo_files(BYTE_LEVEL), **extra_files["org/gpt2-GGUF"], "tokenizer.model":
            (REFS / "mistral_v3.model").read_bytes()}
    write_hub_cache(tmp_path, "org/both", both)
    assert _ids(from_pretrained("org/both", cache_dir=tmp_path)) == _reference(BYTE_LEVEL)


def test_offline_a_repo_not_in_the_cache_or_without_a_tokenizer(tmp_path, offline):
    with pytest.raises(VocabFileError, match="not in the Hub cache"):
        from_pretrained("org/absent", cache_dir=tmp_path)
    write_hub_cache(tmp_path, "org/weights-only", {"model.safetensors": b"\0" * 64})
    with pytest.raises(VocabFileError, match="no tokenizer.json"):
        from_pretrained("org/weights-only", cache_dir=tmp_path)


def test_offline_a_file_over_the_cap_is_refused(tmp_path, offline):
    write_hub_cache(tmp_path, UNIGRAM, _repo_files(UNIGRAM))
    with pytest.raises(VocabFileError, match="more than the limit of 1,000,000"):
        from_pretrained(UNIGRAM, cache_dir=tmp_path, max_bytes=1_000_000)


@pytest.mark.parametrize("bad", [
    "https://huggingface.co/gpt2", "gpt2", "../../etc/passwd", "/abs/path", "org/name/extra",
    "org/na--me", "org/..", "org/name?x=1", "org/na me", "", "a" * 50 + "/" + "b" * 50, None, 3,
    "hf://org/name", "org\\name"])
def test_only_well_formed_repo_ids(bad):
    with pytest.raises(ValueError, match="is not a Hub repo id"):
        from_pretrained(bad)


def test_a_revision_must_be_a_name():
    check_repo_id("org/name", "refs/pr/3")
    for bad in ("../main", "a b", "", "x" * 300, "main/../x"):
        with pytest.raises(ValueError, match="is not a branch, tag or commit"):
            check_repo_id("org/name", bad)


ONLINE = """
import json, os, sys
import bbpe_core
from bbpe_core.source import VocabFileError
texts = json.loads(sys.argv[1])
cap = int(os.environ.get("MAX_BYTES", 64 << 20))
out = {}
for repo in sys.argv[2:]:
    try:
        enc = bbpe_core.from_pretrained(repo, token=False, max_bytes=cap)
        out[repo] = [enc.encode(t, allowed_special="all") for t in texts]
    except (VocabFileError, OSError) as e:
        out[repo] = type(e).__name__ + ": " + str(e).splitlines()[0]
print(json.dumps(out))
"""


def _online(server: HubServer, cache: Path, repos: list[str], max_bytes: int = 64 << 20
            ) -> dict:
    env = {**os.environ, "HF_ENDPOINT": server.url, "HF_HUB_CACHE": str(cache),
           "HF_HUB_DISABLE_TELEMETRY": "1", "PYTHONPATH": str(ROOT), "MAX_BYTES": str(max_bytes)}
    for key in ("HF_HUB_OFFLINE", "TRANSFORMERS_OFFLINE", "HF_TOKEN"):
        env.pop(key, None)
    run = subprocess.run([sys.executable, "-c", ONLINE, json.dumps(TEXTS), *repos], env=env,
                         capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert run.returncode == 0, run.stderr[-3000:]
    return json.loads(run.stdout)


def test_online_through_a_local_hf_endpoint(tmp_path, extra_files):
    repos = {repo: _repo_files(repo) for repo in REPOS} | extra_files
    with HubServer(repos) as server:
        got = _online(server, tmp_path / "cache", [*repos, "org/absent"])
    for repo in REPOS:
        assert got[repo] == _reference(repo), repo
    assert got["org/gpt2-GGUF"] == _ids(bbpe_core.get_encoding("gpt2"))
    assert got["openai-community/gpt2-files"] == _ids(bbpe_core.get_encoding("gpt2"))
    assert got["org/p50k"] == _ids(bbpe_core.get_encoding("p50k_base"))
    assert got["org/absent"].startswith("RepositoryNotFoundError"), got["org/absent"]
    assert not server.unknown, server.unknown
    # the GGUF file was read by range requests, its head only: never the whole file
    gguf = extra_files["org/gpt2-GGUF"]["gpt2-Q4_K_M.gguf"]
    reads = [(start, n) for path, start, n in server.sent if path.endswith(".gguf")]
    assert reads and sum(n for _, n in reads) < len(gguf) // 2, reads
    assert all(n < len(gguf) for _, n in reads)
    # the other files were downloaded into the Hub cache, in its layout
    assert (tmp_path / "cache" / "models--google--t5" / "refs" / "main").is_file()


def test_before_load_hears_the_bytes_before_any_is_parsed(tmp_path, offline, extra_files):
    write_hub_cache(tmp_path, UNIGRAM, _repo_files(UNIGRAM))
    write_hub_cache(tmp_path, "org/gpt2-GGUF", extra_files["org/gpt2-GGUF"])
    heard = []
    from_pretrained(UNIGRAM, cache_dir=tmp_path, before_load=lambda *a: heard.append(a))
    assert heard == [("tokenizer.json", len(_repo_files(UNIGRAM)["tokenizer.json"]))]

    def refuse(kind, size):
        raise ValueError(f"over budget: {kind} {size}")
    with pytest.raises(ValueError, match=r"over budget: gguf (\d+)") as caught:
        from_pretrained("org/gpt2-GGUF", cache_dir=tmp_path, before_load=refuse)
    gguf = extra_files["org/gpt2-GGUF"]["gpt2-Q4_K_M.gguf"]
    assert 0 < int(caught.value.args[0].split()[-1]) < len(gguf) - (4 << 20) + 1
    with pytest.raises(VocabFileError, match="GGUF header is larger than 1,000"):
        from_pretrained("org/gpt2-GGUF", cache_dir=tmp_path, max_bytes=1000)


def test_offline_by_the_environment_in_a_fresh_interpreter(tmp_path):
    """``HF_HUB_OFFLINE=1`` as a user sets it: no request, the cache read."""
    write_hub_cache(tmp_path, SENTENCEPIECE, _repo_files(SENTENCEPIECE))
    env = {**os.environ, "HF_HUB_OFFLINE": "1", "HF_HUB_CACHE": str(tmp_path),
           "HF_ENDPOINT": "http://127.0.0.1:9", "PYTHONPATH": str(ROOT)}
    run = subprocess.run([sys.executable, "-c", ONLINE, json.dumps(TEXTS), SENTENCEPIECE,
                          "org/absent"], env=env, capture_output=True, text=True, timeout=300,
                         cwd=ROOT)
    assert run.returncode == 0, run.stderr[-3000:]
    got = json.loads(run.stdout)
    assert got[SENTENCEPIECE] == _reference(SENTENCEPIECE)
    assert got["org/absent"].startswith("VocabFileError") and "offline" in got["org/absent"]


def test_online_caps_hold_against_a_listing_that_lies(tmp_path):
    """A listed size under the cap for a file over it: the loader's own cap refuses the file
    before it is parsed; a listed size over the cap: refused before it is downloaded."""
    files = _repo_files(UNIGRAM)
    repos = {"org/liar": files, "org/honest": files}
    with HubServer(repos, listed={"tokenizer.json": 100}) as server:
        got = _online(server, tmp_path / "cache", ["org/liar"], max_bytes=1_000_000)
    assert got["org/liar"].startswith("VocabFileError") and "1,000,000" in got["org/liar"]
    with HubServer(repos) as server:
        got = _online(server, tmp_path / "cache2", ["org/honest"], max_bytes=1_000_000)
        assert not server.sent  # nothing downloaded
    assert got["org/honest"].startswith("VocabFileError") and "1,000,000" in got["org/honest"]
