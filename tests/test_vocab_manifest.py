"""The shipped vocabulary files match their manifest (scripts/fetch_vocabularies.py wrote both)."""

import gzip
import hashlib
import json
from importlib import resources

import pytest

DATA = resources.files("bbpe_core") / "data"
MANIFEST = json.loads((DATA / "MANIFEST.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("entry", MANIFEST, ids=[e["file"] for e in MANIFEST])
def test_each_shipped_file_has_the_manifest_sha256_licence_and_origin(entry):
    data = gzip.decompress((DATA / entry["file"]).read_bytes())
    assert hashlib.sha256(data).hexdigest() == entry["sha256"]
    assert entry["licence"] and entry["origin"]["package"] and entry["origin"]["version"]


def test_every_compressed_file_in_the_package_data_is_in_the_manifest():
    listed = {e["file"] for e in MANIFEST}
    present = {p.name for p in DATA.iterdir() if p.name.endswith(".gz")}
    assert present == listed and len(listed) == len(MANIFEST)


def test_openais_ranks_carry_tiktokens_expected_hashes():
    """r50k_base, p50k_base, cl100k_base and o200k_base: the manifest's sha256 is the
    ``expected_hash`` tiktoken's ``openai_public.py`` checks its download against (read from
    its source: calling it would download)."""
    import inspect
    import re

    import tiktoken_ext.openai_public

    source = inspect.getsource(tiktoken_ext.openai_public)
    expected = dict(re.findall(r'(\w+\.tiktoken)",\s*expected_hash="([0-9a-f]{64})"', source))
    assert set(expected) == {"r50k_base.tiktoken", "p50k_base.tiktoken", "cl100k_base.tiktoken",
                             "o200k_base.tiktoken"}
    by_file = {e["file"]: e for e in MANIFEST}
    for file, digest in expected.items():
        entry = by_file[file + ".gz"]
        assert entry["sha256"] == entry["sha256_source"] == digest, file
        assert entry["licence"].startswith("MIT") and entry["conversion"] is None


def test_llama_files_carry_the_built_with_llama_notice():
    llama = [e for e in MANIFEST if e["file"].startswith(("llama3", "llama4"))]
    assert llama and all(e["notice"].startswith("Built with Llama") for e in llama)


def test_each_catalogue_row_names_its_vocabularys_manifest_entry():
    """A shipped encoding names the package its vocabulary came from (the selector's line),
    OpenAI's three included, with the licence and notice of that file."""
    from bbpe_core.encodings.catalogue import encoding_catalogue
    from bbpe_core.encodings.registry import SHIPPED

    by_file = {e["file"]: e for e in MANIFEST}
    for row in encoding_catalogue():
        shipped = SHIPPED[row.name]
        entry = by_file[(shipped.files or SHIPPED[shipped.base].files)[0]]
        origin = entry["origin"]
        assert row.source == f"{origin['package']} {origin['version']} ({origin['path']})"
        assert (row.licence, row.notice) == (entry["licence"], entry["notice"])
    gpt2 = next(row for row in encoding_catalogue() if row.name == "gpt2")
    assert gpt2.source.startswith("gpt-tokenizer 4.0.0") and gpt2.licence.startswith("MIT")


def test_every_file_the_registry_names_is_shipped_and_every_vocabulary_is_named():
    from bbpe_core.encodings.registry import SHIPPED

    named = {file for shipped in SHIPPED.values() for file in shipped.files}
    present = {p.name for p in DATA.iterdir() if p.name.endswith(".gz")}
    assert named <= present
    templates = {f for f in present if f.startswith("chat_template_")}
    assert present - templates == named


@pytest.mark.parametrize(("file", "stem", "licence"), [
    ("gemma4.gguf.gz", "gemma-4", "Apache-2.0"), ("phi3.gguf.gz", "phi-3", "MIT"),
    ("falcon.gguf.gz", "falcon", "Apache-2.0"), ("mpt.gguf.gz", "mpt", "Apache-2.0"),
    ("nomic_bert_moe.gguf.gz", "nomic-bert-moe", "Apache-2.0")])
def test_gguf_vocabularies_are_llama_cpps_files_under_the_models_licence(file, stem, licence):
    """Each is llama.cpp's ggml-vocab file as is (no conversion) and names its model's
    licence (StarCoder's and Refact's BigCode OpenRAIL-M are not shipped: no package here
    carries its text)."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))
    from vocab_sources import LLAMA_CPP_VOCABS

    entry = next(e for e in MANIFEST if e["file"] == file)
    assert entry["sha256"] == entry["sha256_source"] == LLAMA_CPP_VOCABS[stem][0]
    assert entry["origin"]["path"].endswith(f"/ggml-vocab-{stem}.gguf")
    assert entry["licence"].startswith(licence) and entry["conversion"] is None


def test_openais_files_are_checked_against_the_manifest(monkeypatch):
    from bbpe_core.encodings import data, registry
    from bbpe_core.source import VocabFileError

    entry = dict(data.manifest()["r50k_base.tiktoken.gz"], sha256="0" * 64)
    monkeypatch.setitem(data.manifest(), "r50k_base.tiktoken.gz", entry)
    with pytest.raises(VocabFileError, match="r50k_base.tiktoken.gz: sha256 is .* expected 0000"):
        registry.build_encoding("gpt2")
