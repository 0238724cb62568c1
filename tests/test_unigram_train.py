"""The Unigram trainer (``training.unigram``): what it keeps, its rounds, its bad-input
errors, and that a trained model round-trips: the ``.model`` we write loads in
``sentencepiece``, the tokenizer.json in HF tokenizers, with the same ids (where the two
libraries break a tie of equal-score segmentations differently, the test checks it is one)."""

from __future__ import annotations

import json
import math
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lossless import train_unigram, train_unigram_model
from samples import ADVERSARIAL, CORPORA, MULTILINGUAL

from bbpe_core.formats.sentencepiece_model import read_sentencepiece_model
from bbpe_core.formats.sentencepiece_save import (
    save_sentencepiece_model,
    save_sentencepiece_tokenizer_json,
)
from bbpe_core.models.unigram.trainer import digamma
from bbpe_core.training.unigram import UnigramRound
from bbpe_core.training.unigram_corpus import count_units, script_of, seed_pieces

spm = pytest.importorskip("sentencepiece")
tokenizers = pytest.importorskip("tokenizers")


def _text(name: str, size: int) -> str:
    return (CORPORA / name).read_text(encoding="utf-8")[:size]


@pytest.fixture(scope="module")
def english():
    return _text("en_python_docs.txt", 120_000)


@pytest.fixture(scope="module")
def trained(english, tmp_path_factory):
    rounds: list[UnigramRound] = []
    model = train_unigram_model(english, 1500, byte_fallback=True, progress=rounds.append)
    folder = tmp_path_factory.mktemp("unigram")
    save_sentencepiece_model(model, folder / "m.model")
    save_sentencepiece_tokenizer_json(model, folder / "tokenizer.json")
    return model, rounds, folder


def _libraries(folder):
    sp = spm.SentencePieceProcessor(model_file=str(folder / "m.model"))
    hf = tokenizers.Tokenizer.from_file(str(folder / "tokenizer.json"))
    return sp, hf


def _tie(sp, hf_and_scores, text: str) -> bool:
    """HF's ids equal sentencepiece's, or both segmentations score the same (a tie)."""
    hf, scores = hf_and_scores
    ours, theirs = sp.encode(text), hf.encode(text, add_special_tokens=False).ids
    if ours == theirs:
        return True
    return math.isclose(sum(scores[i] for i in ours), sum(scores[i] for i in theirs),
                        rel_tol=1e-6, abs_tol=1e-3)


def test_vocabulary_layout_and_required_characters(trained, english):
    model, _, _ = trained
    pieces = [p.piece for p in model.pieces]
    assert len(pieces) == 1500 == len(set(pieces))
    assert [(p.piece, p.type) for p in model.pieces[:3]] == [
        ("<unk>", "UNKNOWN"), ("<s>", "CONTROL"), ("</s>", "CONTROL")]
    assert all(p.type == "BYTE" for p in model.pieces[3:259])
    normal = model.pieces[259:]
    assert all(p.type == "NORMAL" for p in normal)
    assert [p.score for p in normal] == sorted((p.score for p in normal), reverse=True)
    counts = Counter(english.replace(" ", "▁").replace("\n", ""))
    common = {c for c, n in counts.items() if n > 20}
    assert common <= set(pieces)
    assert all(len(p.piece) <= 16 and "▁" not in p.piece[1:] for p in normal)


def test_rounds_shrink_the_vocabulary_until_the_target(trained):
    _, rounds, _ = trained
    assert len(rounds) >= 2
    assert [r.round for r in rounds] == list(range(1, len(rounds) + 1))
    for r in rounds[:-1]:
        assert r.kept < r.pieces and len(r.pruned) == r.pieces - r.kept
        assert r.tokens > 0 and r.log_likelihood < 0
    assert rounds[-1].pruned == () and rounds[-1].pieces <= int((1500 - 259) * 1.1)
    losses = [loss for r in rounds for _, loss in r.pruned]
    assert losses and all(math.isfinite(loss) for loss in losses)
    assert not any(len(p) == 1 and loss > 0 for r in rounds for p, loss in r.pruned)


def test_model_round_trips_through_both_libraries(trained, english):
    model, _, folder = trained
    assert read_sentencepiece_model(folder / "m.model") == model
    sp, hf = _libraries(folder)
    scores = [p.score for p in model.pieces]
    held = _text("en_python_docs.txt", 160_000)[120_000:].splitlines()
    for text in MULTILINGUAL + ADVERSARIAL + held:
        assert _tie(sp, (hf, scores), text), repr(text[:40])
        if text and not text.startswith(" "):
            assert sp.decode(sp.encode(text)) == text
    doc = json.loads((folder / "tokenizer.json").read_text(encoding="utf-8"))
    assert doc["model"]["type"] == "Unigram" and doc["model"]["unk_id"] == 0


def test_quality_close_to_sentencepiece_trainer(english, tmp_path):
    """Tokens per character on held-back text within 3% of sentencepiece's own trainer."""
    path = tmp_path / "train.txt"
    path.write_text(english, encoding="utf-8")
    spm.SentencePieceTrainer.train(
        input=str(path), model_prefix=str(tmp_path / "sp"), vocab_size=1000,
        model_type="unigram", normalization_rule_name="identity",
        remove_extra_whitespaces=False, num_threads=1, minloglevel=2)
    save_sentencepiece_model(train_unigram_model(english, 1000), tmp_path / "ours.model")
    held = [line for line in _text("en_python_docs.txt", 200_000)[120_000:].splitlines() if line]
    chars = sum(map(len, held))
    rates = [sum(len(sp.encode(line)) for line in held) / chars
             for sp in (spm.SentencePieceProcessor(model_file=str(tmp_path / f))
                        for f in ("ours.model", "sp.model"))]
    assert rates[0] <= rates[1] * 1.03, rates


def test_chinese_units_never_mix_scripts():
    units, chars = count_units(["床前明月光，疑是地上霜。abc 123"])
    assert set(units) == {"▁床前明月光", "，", "疑是地上霜", "。", "abc", "▁123"}
    seeds = dict(seed_pieces(units, dict(chars), seed_size=100, max_piece_length=16))
    assert "▁" in seeds and all(script_of(c) is not None for c in seeds)


def test_seed_keeps_branching_substrings_only():
    units, chars = count_units(["hello hello hello help"])
    seeds = dict(seed_pieces(units, dict(chars), seed_size=100, max_piece_length=16))
    assert "▁hello" in seeds and "▁hel" in seeds  # "▁hel" is followed by l and p
    assert "▁hell" not in seeds  # always followed by "o": "▁hello" covers it


def test_digamma_matches_known_values():
    assert digamma(1.0) == pytest.approx(-0.5772156649, abs=1e-9)
    assert digamma(10.0) == pytest.approx(2.2517525891, abs=1e-9)
    assert digamma(0.5) == pytest.approx(-1.9635100260, abs=1e-9)


@pytest.mark.parametrize("kwargs, message", [
    ({"vocab_size": 3}, "vocab_size"), ({"vocab_size": 100, "byte_fallback": True}, "vocab_size"),
    ({"vocab_size": True}, "vocab_size"), ({"vocab_size": 10**9}, "vocab_size"),
    ({"vocab_size": 50, "shrinking_factor": 1.0}, "shrinking_factor"),
    ({"vocab_size": 50, "character_coverage": 0}, "character_coverage"),
    ({"vocab_size": 50, "max_piece_length": 0}, "max_piece_length"),
    ({"vocab_size": 50, "num_sub_iterations": 0}, "num_sub_iterations"),
])
def test_options_out_of_range_are_refused_by_name(kwargs, message):
    with pytest.raises(ValueError, match=message):
        train_unigram_model("some text", **kwargs)


def test_empty_oversized_and_non_text_corpora_are_refused():
    with pytest.raises(ValueError, match="empty"):
        train_unigram_model(["", "\n\n"], 50)
    with pytest.raises(ValueError, match="over 10 characters"):
        train_unigram_model(["hello", " world!"], 50, max_chars=10)
    with pytest.raises(TypeError, match="str"):
        train_unigram_model([b"bytes"], 50)


_CORPUS = st.lists(st.text(alphabet=st.sampled_from("abcde fgh中文字。 "), min_size=1,
                           max_size=40), min_size=1, max_size=30)


@settings(max_examples=25, deadline=None)
@given(lines=_CORPUS, extra=st.integers(0, 40))
def test_any_small_corpus_trains_and_round_trips(lines, extra, tmp_path_factory):
    chars = set("▁" + "".join(lines).replace(" ", "▁"))
    vocab = 3 + len(chars) + extra  # the meta pieces, every character, some more
    model = train_unigram_model(lines, vocab, character_coverage=1.0)
    pieces = [p.piece for p in model.pieces]
    assert len(pieces) == len(set(pieces)) and len(pieces) <= vocab
    folder = tmp_path_factory.mktemp("h")
    save_sentencepiece_model(model, folder / "m.model")
    save_sentencepiece_tokenizer_json(model, folder / "tokenizer.json")
    sp, hf = _libraries(folder)
    scores = [p.score for p in model.pieces]
    for line in lines:
        assert _tie(sp, (hf, scores), line)
        if not line.startswith(" "):
            assert sp.decode(sp.encode(line)) == line


def test_train_unigram_gives_an_encoding_with_the_libraries_ids(english, tmp_path):
    enc = train_unigram(english[:60_000], 800, name="mine")
    assert enc.name == "mine" and enc.n_vocab == 800
    save_sentencepiece_model(enc, tmp_path / "m.model")
    sp = spm.SentencePieceProcessor(model_file=str(tmp_path / "m.model"))
    for text in MULTILINGUAL + ADVERSARIAL + english[60_000:80_000].splitlines():
        assert enc.encode_ordinary(text) == sp.encode(text), repr(text[:40])


def test_a_vocabulary_smaller_than_the_characters_is_refused_before_training():
    with pytest.raises(ValueError, match="characters the coverage"):
        train_unigram_model(["".join(map(chr, range(0x4E00, 0x4E00 + 300)))] * 3, 100,
                            character_coverage=1.0)

