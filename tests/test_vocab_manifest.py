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
