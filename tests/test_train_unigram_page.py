"""The Train page's Unigram run and its "Extend a vocabulary" section: helpers and AppTest."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from apptest import train_pasted

import bbpe_core
from bbpe_core.training.spec import LOSSLESS
from playground.caps import MAX_SHOWN_PRUNED, MAX_TRAIN_BYTES
from playground.training.bpe import SAMPLES
from playground.training.unigram import model_files, pruned_rows, round_fraction, round_rows

ROOT = Path(__file__).resolve().parent.parent
CORPUS = next(iter(SAMPLES.values())).read_text(encoding="utf-8")[:20_000]  # English docs


def test_round_helpers_follow_the_trainer():
    rounds = []
    bbpe_core.train_unigram(CORPUS, 300, progress=rounds.append)
    rows = round_rows(rounds)
    assert [r["round"] for r in rows] == list(range(1, len(rounds) + 1))
    assert all(a["kept"] >= b["kept"] for a, b in zip(rows, rows[1:]))  # it shrinks
    assert sum(r["pruned"] for r in rows) == len(pruned_rows(rounds)) > 0
    fractions = [round_fraction(rounds[0], r, 300) for r in rounds]
    assert fractions == sorted(fractions) and fractions[-1] == 1.0 and 0 <= fractions[0] < 1


def test_model_files_load_in_the_reference_libraries(tmp_path):
    spm = pytest.importorskip("sentencepiece")
    tokenizers = pytest.importorskip("tokenizers")
    text = "the newest  tokenizer prunes ﬂowers "
    enc = bbpe_core.train_unigram(CORPUS, 300)  # as sentencepiece: a .model only
    files = model_files(enc)
    assert set(files) == {f"{enc.name}.model"}
    (tmp_path / "m.model").write_bytes(files[f"{enc.name}.model"])
    assert spm.SentencePieceProcessor(model_file=str(tmp_path / "m.model")).encode(text) == \
        enc.encode_ordinary(text)
    enc = bbpe_core.train_unigram(CORPUS, 300, **LOSSLESS)
    files = model_files(enc)
    assert set(files) == {f"{enc.name}.model", "tokenizer.json"}
    tok = tokenizers.Tokenizer.from_str(files["tokenizer.json"].decode())
    assert tok.encode(text).ids == enc.encode_ordinary(text)
    assert json.loads(files["tokenizer.json"])["model"]["type"] == "Unigram"
    assert set(model_files(bbpe_core.get_encoding("gpt2"))) == {"tokenizer.json"}


def _train_unigram(page, text=CORPUS, vocab=300):
    train_pasted(page, "Unigram (SentencePiece)", "tr_uni_vocab", text, vocab)


def test_the_page_names_its_algorithms_and_says_where_wordpiece_trains(train_app):
    assert train_app.radio(key="tr_algo").options == [
        "Byte-level BPE", "BPE (SentencePiece)", "Unigram (SentencePiece)"]
    text = " ".join(c.value for c in train_app.caption)
    assert "WordPiece is trained on the Algorithms page (this project's trainer" in text
    assert "not trained here" not in text


def test_a_unigram_run_shows_its_rounds_and_is_usable_everywhere(train_app):
    _train_unigram(train_app)
    assert not train_app.exception
    assert "rounds in" in train_app.success[0].value and "n_vocab 300" in train_app.success[0].value
    rounds = train_app.session_state["tr_unigram_result"]["rounds"]
    assert len(rounds) >= 2
    table = train_app.dataframe[0].value
    assert list(table["round"]) == [r.round for r in rounds] + [rounds[-1].round + 1]
    assert list(table["step"])[-1] == "final cut"  # down to the size asked for
    assert list(table["kept"])[-1] == 300 - 3 < rounds[-1].kept
    pruned = train_app.dataframe[1].value  # the first pruning round's pieces, with their loss
    assert (set(pruned.columns) == {"round", "piece", "loss"}
            and len(pruned) == len(rounds[0].pruned))
    train_app.selectbox(key="tr_uni_round").select(2).run()
    assert set(train_app.dataframe[1].value["round"]) == {2}
    next(b for b in train_app.button if b.label == "Use this tokenizer").click().run()
    assert train_app.code[-1].value == "unigram-300"
    next(b for b in train_app.button if b.label == "Prepare downloads").click().run()
    assert "unigram-300.model" in {b.proto.label for b in train_app.get("download_button")}
    # every page runs with it selected
    for view in sorted((ROOT / "playground" / "views").glob("*.py")):
        train_app.switch_page(f"views/{view.name}").run()
        train_app.selectbox(key="encoding").select("unigram-300").run()
        assert not train_app.exception, view.name


def test_a_unigram_failure_is_a_message(train_app):
    train_app.radio(key="tr_algo").set_value("Unigram (SentencePiece)").run()
    train_app.selectbox(key="tr_uni_cov").set_value(1.0).run()  # the default fits
    _train_unigram(train_app, text="一二三四五六七八九十" * 40
                   + "".join(map(chr, range(0x4E00, 0x4E00 + 400))))
    assert not train_app.exception
    assert train_app.error[0].value == "Training stopped." and "coverage" in train_app.code[0].value
    assert not train_app.get("progress")  # the "Seeding..." line is cleared


def _upload_over_the_cap(page, source: str, uploader: str) -> None:
    """Choose "upload" on the radio ``source`` and upload a file one byte over
    ``MAX_TRAIN_BYTES`` to ``uploader``: the run says its size, without an exception."""
    page.radio(key=source).set_value("upload").run()
    page.file_uploader(key=uploader).upload("big.txt", b"a" * (MAX_TRAIN_BYTES + 1),
                                            "text/plain")
    page.run()
    assert not page.exception
    assert any(f"{MAX_TRAIN_BYTES + 1:,} bytes" in e.value for e in page.error)


def test_the_unigram_run_keeps_the_corpus_cap(train_app):
    train_app.radio(key="tr_algo").set_value("Unigram (SentencePiece)").run()
    _upload_over_the_cap(train_app, "tr_source", "tr_upload")
    assert not [b for b in train_app.button if b.label == "Train"]


def test_new_pieces_are_ones_the_base_lacks_and_the_caps_hold():
    from playground.caps import MAX_EXTEND_CHARS, MAX_EXTEND_PIECES
    from playground.training.extension import extend, new_pieces
    text = SAMPLES["Chinese (Tang poems, 1 MB)"].read_text(encoding="utf-8")[:30_000]
    ext = extend("llama2", text, 100)
    assert (len(ext.added) - ext.characters == 100
            and ext.extended.n_vocab == 32_000 + len(ext.added))
    assert (ext.extended.encode_ordinary("The same English.")
            == ext.base.encode_ordinary("The same English."))
    assert (len(ext.extended.encode_ordinary(text[:2000]))
            < len(ext.base.encode_ordinary(text[:2000])))
    spm = pytest.importorskip("sentencepiece")
    model = model_files(ext.extended)["llama2_extended.model"]
    sample = text[:300] + " and English"
    assert (spm.SentencePieceProcessor(model_proto=model).encode(sample)
            == ext.extended.encode_ordinary(sample))
    with pytest.raises(ValueError, match="new pieces"):
        new_pieces(ext.base, text, MAX_EXTEND_PIECES + 1)
    with pytest.raises(ValueError, match="characters"):
        new_pieces(ext.base, "字" * (MAX_EXTEND_CHARS + 1), 10)
    with pytest.raises(ValueError, match="base"):
        extend("cl100k_base", text, 10)
    gpt2 = extend("gpt2", text, 50)
    assert gpt2.extended.n_vocab > gpt2.base.n_vocab and all(
        p.replace("▁", " ").encode() not in gpt2.base.mergeable_ranks for p in gpt2.added)


def _extend(page, pieces=100):
    page.radio(key="tr_ext_source").set_value("UDHR").run()
    page.selectbox(key="tr_ext_lang").select("Japanese").run()
    page.slider(key="tr_ext_pieces").set_value(pieces).run()
    page.button(key="tr_ext_go").click().run()


def test_extend_a_vocabulary_shows_cost_pieces_sentence_and_downloads(train_app):
    _extend(train_app)
    assert not train_app.exception
    rows = train_app.session_state["tr_extend_results"]
    [result] = rows.values()
    chars = result["ext"].characters  # Japanese characters Llama 2 lacks, added first
    assert chars > 0
    assert (f"llama2: 32,000 → {32_100 + chars:,} tokens (100 new pieces after {chars:,} "
            "characters they hold, trained on Japanese)") in train_app.success[0].value
    cost = {(r["language"], r["encoding"]): r["tokens"] for r in result["rows"]}
    assert cost["Japanese", "after"] < cost["Japanese", "before"]
    assert len(cost) == 2 * 31
    pieces = train_app.dataframe[-1].value
    assert list(pieces["id"])[:2] == [32_000, 32_001] and len(pieces) == 100 + chars
    assert list(pieces["kind"]) == ["character"] * chars + ["trained piece"] * 100
    before, after = [m.value for m in train_app.markdown
                     if m.value.startswith("**before") or m.value.startswith("**after")]
    assert int(after.split()[1].replace(",", "")) < int(before.split()[1].replace(",", ""))
    train_app.button(key="tr_ext_files").click().run()
    assert ({"llama2_extended.model", "tokenizer.json"}
            <= {b.proto.label for b in train_app.get("download_button")})
    # the same settings: the session's result, not a new one
    train_app.button(key="tr_ext_go").click().run()
    assert train_app.session_state["tr_extend_results"][next(iter(rows))]["ext"] is result["ext"]


def test_extend_refuses_an_upload_over_the_cap(train_app):
    from playground.caps import MAX_EXTEND_CHARS  # the shipped Tang poems are cut to it
    assert any(f"Trained on the first {MAX_EXTEND_CHARS:,} of its" in c.value
               for c in train_app.caption)
    _upload_over_the_cap(train_app, "tr_ext_source", "tr_ext_upload")
    assert not [b for b in train_app.button if b.key == "tr_ext_go"]


def test_a_rounds_pruned_pieces_are_capped_in_the_session_and_on_the_page(train_app):
    """Issue 42: a round of a large corpus prunes thousands of pieces; the session keeps and
    the table shows the first ``MAX_SHOWN_PRUNED``, the counts cover them all."""
    train_app.radio(key="tr_algo").set_value("Unigram (SentencePiece)").run()
    next(b for b in train_app.button if b.label == "Train").click().run()  # 1 MB, 4,096
    assert not train_app.exception
    rounds = train_app.session_state["tr_unigram_result"]["rounds"]
    assert rounds[0].pieces - rounds[0].kept > MAX_SHOWN_PRUNED  # the count: all of them
    assert all(len(r.pruned) <= MAX_SHOWN_PRUNED for r in rounds)
    assert train_app.dataframe[0].value["pruned"][0] == rounds[0].pieces - rounds[0].kept
    assert len(train_app.dataframe[1].value) == MAX_SHOWN_PRUNED
    assert any(f"first {MAX_SHOWN_PRUNED:,} pruned" in c.value for c in train_app.caption)
