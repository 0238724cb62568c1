"""The Algorithms page: the differences it states are computed from the tokens (checked here
against the encodings directly), the training contrast trains all four kinds on the same
corpus, and the page runs."""

from __future__ import annotations

from pathlib import Path

import pytest
from apptest import live, new_app

import bbpe_core
from playground.algorithms.side_by_side import DEFAULT_TEXT, available, differences, run_all
from playground.algorithms.training import (
    ALGORITHMS,
    compression_rows,
    corpus_parts,
    segmentation_rows,
    train_all,
)

ROOT = Path(__file__).resolve().parent.parent


def _topics(text: str) -> dict[str, list[str]]:
    return dict(differences(text, run_all(text, available())))


def test_one_encoding_of_each_kind_is_shown_first():
    from playground.model_kind import model_kind

    names = available()
    assert names == ["gpt2", "llama2", "t5", "bert_base_uncased"]
    kinds = [model_kind(bbpe_core.get_encoding(n)) for n in names]
    assert len(set(kinds)) == len(kinds) == 4, kinds


def test_chinese_is_byte_fallback_in_llama2_and_unk_in_bert():
    text = "Hi 麵"
    assert bbpe_core.get_encoding("llama2").tokenize(text)[-3:] == ["<0xE9>", "<0xBA>", "<0xB5>"]
    assert bbpe_core.get_encoding("bert_base_uncased").tokenize(text)[-1] == "[UNK]"
    lacks = _topics(text)["Characters the vocabulary lacks"]
    assert "'麵' as <0xE9> <0xBA> <0xB5>" in lacks[1] and lacks[1].startswith("llama2")
    assert "unknown token [UNK] ('麵')" in lacks[-1] and "lost" in lacks[-1]
    assert lacks[0].startswith("gpt2 cuts 1 character") and "nothing is unknown" in lacks[0]


def test_a_text_every_vocabulary_covers_says_so():
    lacks = _topics("hello world")["Characters the vocabulary lacks"]
    assert lacks[0] == "gpt2 has every character of this text in whole tokens."
    assert lacks[-1] == "bert_base_uncased covers every character of this text with its pieces."


def test_spaces_are_g_dot_then_low_line_then_nothing():
    spaces = _topics("a big test")["Spaces"]
    assert spaces[0] == "gpt2 writes a space as Ġ inside a token (2 token(s), e.g. 'Ġbig')."
    assert spaces[1].startswith("llama2 writes a space as ▁")
    assert spaces[-1].startswith("bert_base_uncased drops the spaces")
    assert "Spaces" not in _topics("nospace")


def test_case_folding_and_what_comes_back():
    topics = _topics("Hello World")
    case = topics["Case"]
    assert case[0] == "gpt2: 2 of the 2 capital letter(s) come back."
    assert case[-1].startswith("bert_base_uncased: 0 of the 2") and "folds case" in case[-1]
    back = topics["Giving the text back"]
    assert back[0].startswith("decode(encode(text)) == text for gpt2, llama2")
    bert = bbpe_core.get_encoding("bert_base_uncased")
    assert back[-1] == ("bert_base_uncased cannot give the text back: decode(encode(text)) is "
                        f"{bert.decode(bert.encode('Hello World'))!r}.")
    assert "Case" not in _topics("lower only")
    assert differences("", run_all("", available())) == []


@pytest.fixture(scope="module")
def trained():
    corpus, held_out = corpus_parts()
    return train_all(corpus, 2000), held_out


def test_four_kinds_trained_on_the_same_corpus(trained):
    models, held_out = trained
    assert [m.algorithm for m in models] == list(ALGORITHMS)
    rows = compression_rows(models, held_out)
    assert len(rows) == 8 and all(r["characters per token"] > 0 for r in rows)
    by = {(r["algorithm"], r["held-out text"]): r for r in rows}
    assert by[("byte-level BPE", "Chinese")]["unknown tokens"] == 0  # bytes cover everything
    assert by[("character-level BPE", "Chinese")]["unknown tokens"] > 0  # unseen characters
    for r in rows:
        text = held_out[r["held-out text"]]
        model = models[ALGORITHMS.index(r["algorithm"])]
        assert r["tokens"] == len(model.tokenize(text))
    for m in models:
        print(m.algorithm, m.vocab_size)


def test_segmentation_of_a_sample(trained):
    models, _ = trained
    rows = segmentation_rows(models, "hello 麵")
    assert [r["algorithm"] for r in rows] == list(ALGORITHMS)
    assert rows[0]["segmentation"].endswith("éº | µ")  # byte-level: the character's bytes
    assert rows[1]["segmentation"].endswith("<unk>")  # character-level: never seen
    assert rows[2]["segmentation"].endswith("[UNK]")
    assert "▁" in rows[3]["segmentation"]


def test_the_page_runs():
    at = new_app()
    at.run()
    at.switch_page("views/algorithms.py").run()
    assert not at.exception
    names = available()
    assert [m.value for m in at.metric] == [
        str(len(bbpe_core.get_encoding(n).encode_ordinary(DEFAULT_TEXT))) for n in names]
    assert len(at.dataframe) == 1  # the survey's table; the training waits to be opened
    at.session_state["al_training"] = True
    at.run()
    assert len(at.dataframe) == 3  # the survey's table, compression, segmentation
    live(at, "al_text", "<s>[CLS]<|endoftext|> x").run()
    assert not at.exception


def test_the_reader_chooses_the_encodings_side_by_side_up_to_the_cap():
    from playground.algorithms.side_by_side import MAX_ALGORITHM_ENCODINGS

    at = new_app()
    at.run()
    at.switch_page("views/algorithms.py").run()
    chosen = at.multiselect(key="al_names")
    assert chosen.value == available() and not at.exception
    assert [m.label for m in at.metric] == [f"{n} tokens" for n in available()]
    chosen.set_value([*available(), "gemma3"]).run()
    assert [m.label for m in at.metric][-1] == "gemma3 tokens"
    assert chosen.proto.max_selections == MAX_ALGORITHM_ENCODINGS
    at.multiselect(key="al_names").set_value([]).run()
    assert not at.exception and "Choose at least one encoding" in at.info[0].value
