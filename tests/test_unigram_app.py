"""The app's side of the Unigram model (issue 34): its kind is named, and the Algorithms page
shows it as a column with the differences computed from its tokens."""

from __future__ import annotations

import pytest
from apptest import live, new_app

from bbpe_core import get_encoding
from playground.algorithms.side_by_side import available, differences, run_all
from playground.model_kind import has_merges, model_kind


def _with_t5(page: str):
    """The app switched to ``page`` (a path under views/) with t5 chosen in the encoding
    selector, without an exception."""
    at = new_app()
    at.run()
    at.switch_page(page).run()
    at.selectbox(key="encoding").select("t5").run()
    assert not at.exception, at.exception
    return at


def test_t5_is_named_unigram_and_has_no_merges():
    assert model_kind(get_encoding("t5")) == "Unigram"
    assert not has_merges(get_encoding("t5"))


def test_the_algorithms_differences_cover_t5_unknowns_and_space_marker():
    assert "t5" in available()
    text = "Hi there 麵"
    assert get_encoding("t5").tokenize(text)[-1] == "<unk>"
    topics = dict(differences(text, run_all(text, available())))
    lacks = next(s for s in topics["Characters the vocabulary lacks"] if s.startswith("t5"))
    assert "unknown token <unk>" in lacks and "'麵'" in lacks
    spaces = next(s for s in topics["Spaces"] if s.startswith("t5"))
    assert "as ▁ inside a token" in spaces


def test_the_algorithms_page_draws_a_unigram_column():
    at = new_app()
    at.run()
    at.switch_page("views/algorithms.py").run()
    live(at, "al_text", "Hello World 麵").run()
    assert not at.exception
    assert "t5 tokens" in [m.label for m in at.metric]  # the count, the kind under it
    assert "Unigram" in [c.value for c in at.caption]


def test_the_trace_page_shows_t5_lattice_with_the_best_path():
    at = _with_t5("views/trace.py")
    frame = at.dataframe[0].value
    best = frame[frame["best path"]]
    path = list(best["id"])
    assert path == [3, 2, 2, 1364]  # ▁, 朋 and 友 unknown one by one, ▁lower
    fused = [i for k, i in enumerate(path) if not (i == 2 and k and path[k - 1] == 2)]
    assert fused == get_encoding("t5").encode_ordinary("朋友 lower")


def test_the_vocabulary_page_shows_t5_pieces_with_scores():
    at = _with_t5("views/vocabulary.py")
    frame = at.dataframe[0].value
    scores = get_encoding("t5").encoder.scores
    assert len(frame) and all(round(scores[i], 4) == s for i, s in zip(frame["id"], frame["score"]))


@pytest.mark.parametrize("page", ["views/playground.py", "views/compare_lab.py"])
def test_decode_compare_and_lab_run_with_t5(page):
    _with_t5(page)


def test_an_xlmr_style_unigram_tokenizer_json_uploads_with_hf_ids():
    """The survey's systems we do not ship (XLM-R, mBART, XLNet, ALBERT) can be opened from
    their own files: a Unigram tokenizer.json of XLM-R's shape, trained here with HF
    tokenizers, goes through the upload page's loader and gives HF's ids."""
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers

    from playground.upload.files import KINDS, load_upload

    tok = Tokenizer(models.Unigram())
    tok.pre_tokenizer = pre_tokenizers.Metaspace()
    tok.decoder = decoders.Metaspace()
    corpus = ["The quick brown fox jumps over the lazy dog.", "Le renard brun saute.",
              "Der schnelle braune Fuchs springt.", "敏捷的棕色狐狸跳过了懒狗。"] * 40
    tok.train_from_iterator(corpus, trainers.UnigramTrainer(
        vocab_size=200, special_tokens=["<s>", "<pad>", "</s>", "<unk>"], unk_token="<unk>"))
    enc = load_upload(KINDS[0], [tok.to_str().encode()], name="xlmr-style")
    for text in ["The lazy fox saute.", "狐狸 springt über den Hund!", "  two  spaces "]:
        assert enc.encode(text) == tok.encode(text).ids, text
