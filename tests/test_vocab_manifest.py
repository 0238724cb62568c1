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
    original = {"r50k_base.tiktoken.gz", "cl100k_base.tiktoken.gz", "o200k_base.tiktoken.gz"}
    present = {p.name for p in DATA.iterdir() if p.name.endswith(".gz")}
    assert present == listed | original


def test_llama_files_carry_the_built_with_llama_notice():
    llama = [e for e in MANIFEST if e["file"].startswith(("llama3", "llama4"))]
    assert llama and all(e["notice"].startswith("Built with Llama") for e in llama)


def test_only_tiktokens_own_files_lack_a_manifest_entry_in_the_catalogue():
    """A shipped encoding names the package its vocabulary came from (the selector's line),
    not the default source of tiktoken's three original files."""
    from bbpe_core.encodings.catalogue import _OPENAI_SOURCE, encoding_catalogue

    default = {r.name for r in encoding_catalogue() if r.source == _OPENAI_SOURCE[0]}
    assert default == {"o200k_base", "cl100k_base", "gpt2"}


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
