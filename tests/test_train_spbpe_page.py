"""The Train page's SentencePiece BPE run: AppTest for training, the merges chart, "Use this
tokenizer", the downloads and bad input."""

from __future__ import annotations

import pytest
from apptest import train_page, train_pasted

from playground.caps import MAX_TRAIN_BYTES
from playground.training import SAMPLES
from playground.ui.keys import TRAIN_RESULT, TRAIN_SPBPE_RESULT, TRAIN_UNIGRAM_RESULT

CORPUS = next(iter(SAMPLES.values())).read_text(encoding="utf-8")[:20_000]  # English docs


@pytest.fixture
def page():
    return train_page()


def _train(page, text=CORPUS, vocab=600):
    train_pasted(page, "BPE (SentencePiece)", "tr_spbpe_vocab", text, vocab)


def test_train_use_and_download(page):
    _train(page)
    assert not page.exception and "n_vocab 600" in page.success[0].value
    assert len(page.get("plotly_chart")) == 1  # the merges chart
    assert TRAIN_SPBPE_RESULT in page.session_state
    assert TRAIN_RESULT not in page.session_state
    assert TRAIN_UNIGRAM_RESULT not in page.session_state
    caption = " ".join(c.value for c in page.caption)
    assert "minus its merge order" in caption
    next(b for b in page.button if b.label == "Use this tokenizer").click().run()
    assert not page.exception
    assert "selector" in page.success[-1].value and page.code[-1].value == "sp-bpe-600"
    next(b for b in page.button if b.label == "Prepare downloads").click().run()
    assert not page.exception
    assert ({"sp-bpe-600.model", "tokenizer.json"}
            <= {b.proto.label for b in page.get("download_button")})
    page.switch_page("views/playground.py").run()
    assert "sp-bpe-600" in page.selectbox(key="encoding").options


def test_bad_input_is_a_message(page):
    _train(page, text="", vocab=600)
    assert page.error[0].value == "Training stopped." and "empty" in page.code[0].value
    _train(page, text="".join(map(chr, range(0x4E00, 0x4E00 + 400))), vocab=300)
    assert page.error[0].value == "Training stopped."
    assert "characters the coverage" in page.code[0].value and not page.exception


def test_the_corpus_is_capped(page):
    page.radio(key="tr_algo").set_value("BPE (SentencePiece)").run()
    page.radio(key="tr_source").set_value("paste").run()
    assert page.text_area(key="tr_paste").max_chars == MAX_TRAIN_BYTES
