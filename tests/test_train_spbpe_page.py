"""The Train page's SentencePiece BPE run: AppTest for training, the merges chart, "Use this
tokenizer", the downloads and bad input."""

from __future__ import annotations

from apptest import train_pasted

from playground.caps import MAX_TRAIN_BYTES
from playground.training.bpe import SAMPLES
from playground.ui.keys import TRAIN_RESULT, TRAIN_SPBPE_RESULT, TRAIN_UNIGRAM_RESULT

CORPUS = next(iter(SAMPLES.values())).read_text(encoding="utf-8")[:20_000]  # English docs


def _train(page, text=CORPUS, vocab=600):
    train_pasted(page, "BPE (SentencePiece)", "tr_spbpe_vocab", text, vocab)


def test_train_use_and_download(train_app):
    _train(train_app)
    assert not train_app.exception and "n_vocab 600" in train_app.success[0].value
    assert len(train_app.get("plotly_chart")) == 1  # the merges chart
    assert TRAIN_SPBPE_RESULT in train_app.session_state
    assert TRAIN_RESULT not in train_app.session_state
    assert TRAIN_UNIGRAM_RESULT not in train_app.session_state
    caption = " ".join(c.value for c in train_app.caption)
    assert "minus its merge order" in caption
    next(b for b in train_app.button if b.label == "Use this tokenizer").click().run()
    assert not train_app.exception
    assert "selector" in train_app.success[-1].value and train_app.code[-1].value == "sp-bpe-600"
    next(b for b in train_app.button if b.label == "Prepare downloads").click().run()
    assert not train_app.exception
    labels = {b.proto.label for b in train_app.get("download_button")}
    assert "sp-bpe-600.model" in labels  # as sentencepiece: no tokenizer.json (HF's stages
    assert "tokenizer.json" not in labels  # strip other whitespace than nmt_nfkc's removal)
    assert any("No tokenizer.json" in c.value for c in train_app.caption)
    train_app.switch_page("views/playground.py").run()
    assert "sp-bpe-600" in train_app.selectbox(key="encoding").options


def test_bad_input_is_a_message(train_app):
    _train(train_app, text="", vocab=600)
    assert train_app.error[0].value == "Training stopped." and "empty" in train_app.code[0].value
    train_app.selectbox(key="tr_spbpe_cov").set_value(1.0).run()  # the default fits
    _train(train_app, text="".join(map(chr, range(0x4E00, 0x4E00 + 400))), vocab=300)
    assert train_app.error[0].value == "Training stopped."
    assert not train_app.get("progress")  # the progress line is cleared
    assert "characters the coverage" in train_app.code[0].value and not train_app.exception


def test_the_corpus_is_capped(train_app):
    train_app.radio(key="tr_algo").set_value("BPE (SentencePiece)").run()
    train_app.radio(key="tr_source").set_value("paste").run()
    assert train_app.text_area(key="tr_paste").max_chars == MAX_TRAIN_BYTES
