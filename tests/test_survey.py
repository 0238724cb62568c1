"""The survey's table of systems on the Algorithms page: each row linked to a shipped
encoding, or saying it is absent and how to bring its file."""

from __future__ import annotations

import pytest
from apptest import new_app

import bbpe_core
from playground.algorithms.survey import NOT_SHIPPED, SURVEY, survey_rows
from playground.share.links import decode_state


def test_every_system_of_the_survey_has_a_row_with_a_shipped_encoding_or_the_reason():
    rows = survey_rows()
    assert [(r.algorithm, r.system, r.model) for r in rows] == list(SURVEY)
    shipped = set(bbpe_core.list_encoding_names())
    for r in rows:
        assert (r.encoding in shipped and r.note == "") or (
            r.encoding is None and r.note == NOT_SHIPPED[r.system])
        assert r.encoding or "under 'Bring your own tokenizer'" in r.note
    by_system = {r.system: r.encoding for r in rows}
    assert by_system["GPT-2"] == "gpt2" and by_system["BERT"] == "bert_base_uncased"
    assert by_system["GPT-Neo"] == "gpt2" and by_system["MobileBERT"] == "bert_base_uncased"


def test_a_reason_is_given_exactly_for_the_systems_not_shipped():
    """A system that becomes shipped loses its reason (no stale note says it is absent)."""
    assert set(NOT_SHIPPED) == {r.system for r in survey_rows() if r.encoding is None}


def test_the_algorithms_page_links_each_shipped_system_to_the_playground():
    at = new_app()
    at.run()
    at.switch_page("views/algorithms.py").run()
    assert not at.exception
    table = next(d.value for d in at.dataframe if "system" in d.value.columns)
    assert list(table["system"]) == [system for _, system, _ in SURVEY]
    names = set(bbpe_core.list_encoding_names())
    for link, encoding in zip(table["open"], table["encoding"]):
        if encoding == "not shipped":
            assert link == ""  # no link: an empty cell, not a raw "None" (issue 45)
        else:
            state = decode_state(link.removeprefix("/?s="), names, {"Text"})
            assert state["encoding"] == encoding


def _roberta_style():
    """A byte-level BPE with RoBERTa's special tokens and post-processor, trained here with HF
    tokenizers (RoBERTa's and BART's own files are in no installable package)."""
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, processors, trainers

    tok = Tokenizer(models.BPE())
    tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tok.decoder = decoders.ByteLevel()
    tok.train_from_iterator(["the quick brown fox jumps over the lazy dog, 你好"] * 50,
                            trainers.BpeTrainer(
                                vocab_size=400,
                                special_tokens=["<s>", "<pad>", "</s>", "<unk>", "<mask>"],
                                initial_alphabet=pre_tokenizers.ByteLevel.alphabet()))
    tok.post_processor = processors.RobertaProcessing(("</s>", 2), ("<s>", 0))
    return tok


def test_roberta_style_files_open_as_the_table_says(tmp_path):
    """The RoBERTa and BART rows say: vocab.json + merges.txt open with HF's ids; the
    tokenizer.json is refused, naming its post-processor."""
    from playground.upload.files import KINDS, load_upload

    tok = _roberta_style()
    tok.model.save(str(tmp_path))
    files = [(tmp_path / "vocab.json").read_bytes(), (tmp_path / "merges.txt").read_bytes()]
    enc = load_upload(KINDS[1], files, name="roberta-style")
    for text in ["the lazy fox!", "  brown  dogs 你好", "quick\nbrown"]:
        assert enc.encode_ordinary(text) == tok.encode(text, add_special_tokens=False).ids, text
    with pytest.raises(ValueError, match="RobertaProcessing"):
        load_upload(KINDS[0], [tok.to_str().encode()], name="roberta-style.json")
