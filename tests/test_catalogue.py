"""The catalogue and ``encoding_name_for_model`` read one table, ``registry.SHIPPED``: every
encoding is listed once, no model name maps two ways, and the prefixes answer as tiktoken's
``MODEL_PREFIX_TO_ENCODING`` does (first match in its order)."""

from __future__ import annotations

import pytest
import tiktoken.model

import bbpe_core
from bbpe_core.encodings.catalogue import encoding_catalogue
from bbpe_core.encodings.registry import SHIPPED


def test_the_selector_lists_every_shipped_encoding_once_with_the_tables_fields():
    rows = encoding_catalogue()
    assert [row.name for row in rows] == list(SHIPPED) == bbpe_core.list_encoding_names()
    assert rows[0].name == "o200k_base"  # the most used first
    for row in rows:
        shipped = SHIPPED[row.name]
        assert (row.label, row.family, row.models) == (shipped.label, shipped.family,
                                                       shipped.models)


def test_no_model_name_is_in_two_entries():
    names = [model.lower() for shipped in SHIPPED.values() for model in shipped.models]
    assert len(names) == len(set(names))


def test_every_prefix_is_tiktokens_and_no_model_name_is_shadowed_by_one():
    ours = {(prefix, name) for name, shipped in SHIPPED.items() for prefix in shipped.prefixes}
    theirs = set(tiktoken.model.MODEL_PREFIX_TO_ENCODING.items())
    assert ours == theirs
    for name, shipped in SHIPPED.items():
        for model in shipped.models:
            assert bbpe_core.encoding_name_for_model(model) == name, model


@pytest.mark.parametrize("suffix", ["", "-2099-01-01", "o-mini-2099", ":org:custom:abc", "x"])
def test_a_prefixed_name_maps_as_tiktokens_first_match_does(suffix):
    for prefix in tiktoken.model.MODEL_PREFIX_TO_ENCODING:
        model = prefix + suffix
        if model in tiktoken.model.MODEL_TO_ENCODING:
            continue
        theirs = next(name for start, name in tiktoken.model.MODEL_PREFIX_TO_ENCODING.items()
                      if model.startswith(start))
        ours = bbpe_core.encoding_name_for_model(model)
        assert ours == {"r50k_base": "gpt2"}.get(theirs, theirs), model


def test_a_fine_tuned_gpt_4o_is_o200k_not_the_shorter_gpt_4_prefix():
    assert bbpe_core.encoding_name_for_model("ft:gpt-4o-mini-2024-07-18:org::abc") == "o200k_base"
    assert bbpe_core.encoding_name_for_model("ft:gpt-4-0613:org::abc") == "cl100k_base"


def test_the_table_names_every_file_a_builder_reads(monkeypatch):
    """Builders take their files' contents from ``build_encoding``; none reads a file itself."""
    from bbpe_core.encodings import data, registry

    read: list[str] = []

    def recorded(file: str) -> bytes:
        read.append(file)
        return original(file)

    original = data.data_file
    monkeypatch.setattr(registry, "data_file", recorded)
    monkeypatch.setattr(data, "data_file", recorded)
    for name in ["gpt2", "p50k_edit", "llama4", "qwen3_6", "whisper_en", "bge", "gpt_neox"]:
        if SHIPPED[name].base:
            registry.get_encoding(SHIPPED[name].base)  # built and its files read first
        read.clear()
        registry.build_encoding(name)
        assert read == list(SHIPPED[name].files), name
