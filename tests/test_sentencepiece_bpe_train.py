"""SentencePiece BPE training (``bbpe_core.train_sentencepiece_bpe``): the layout of the
pieces, the saved ``.model`` in ``sentencepiece`` and the tokenizer.json in HF tokenizers
giving our ids, quality against sentencepiece's own BPE trainer, and bad input."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lossless import train_sentencepiece_bpe, train_sentencepiece_bpe_model
from samples import ADVERSARIAL, CORPORA, MULTILINGUAL

from bbpe_core import save_sentencepiece_model
from bbpe_core.formats.sentencepiece import sentencepiece_encoding
from bbpe_core.formats.sentencepiece_model import read_sentencepiece_model
from bbpe_core.formats.sentencepiece_save import save_sentencepiece_tokenizer_json
from bbpe_core.training import TrainStep

spm = pytest.importorskip("sentencepiece")
tokenizers = pytest.importorskip("tokenizers")

CODE = ["def f(x):\n    return {'a': x ** 2}  # square", "for (int i = 0; i < n; ++i) {}"]
UNSEEN = ["emoji 🙂 and Ωmega", "ʕ•ᴥ•ʔ ☃ 𝔘𝔫𝔦𝔠𝔬𝔡𝔢", "Ελληνικά και русский"]


def _text(name: str, start: int, end: int) -> str:
    return (CORPORA / name).read_text(encoding="utf-8")[start:end]


@pytest.fixture(scope="module")
def corpus():
    return _text("en_python_docs.txt", 0, 100_000) + "\n" + _text("zh_tang_poems.txt", 0, 20_000)


@pytest.fixture(scope="module")
def trained(corpus, tmp_path_factory):
    steps: list[TrainStep] = []
    enc = train_sentencepiece_bpe(corpus, 3000, name="mine", progress=steps.append)
    folder = tmp_path_factory.mktemp("spbpe")
    save_sentencepiece_model(enc, folder / "m.model")
    save_sentencepiece_tokenizer_json(enc, folder / "tokenizer.json")
    return enc, steps, folder


def _held_back() -> list[str]:
    english = _text("en_python_docs.txt", 100_000, 130_000).splitlines()
    chinese = _text("zh_tang_poems.txt", 20_000, 26_000).splitlines()
    return MULTILINGUAL + ADVERSARIAL + CODE + UNSEEN + english + chinese


def test_pieces_are_laid_out_as_sentencepiece_does(trained):
    enc, steps, folder = trained
    model = read_sentencepiece_model(folder / "m.model")
    assert len(model.pieces) == enc.n_vocab <= 3000 and model.model_type == "BPE"
    assert [(p.piece, p.type) for p in model.pieces[:3]] == [
        ("<unk>", "UNKNOWN"), ("<s>", "CONTROL"), ("</s>", "CONTROL")]
    assert [p.piece for p in model.pieces[3:259]] == [f"<0x{b:02X}>" for b in range(256)]
    normal = model.pieces[259:]
    assert all(p.type == "NORMAL" for p in normal)
    assert [p.score for p in normal] == [-float(i) for i in range(len(normal))]
    merged = [p.piece for p in normal if len(p.piece) > 1]
    assert merged == [p.piece for p in normal[:len(merged)]]  # merges first, then characters
    assert merged[:len(steps)] == list(dict.fromkeys(a + b for a, b in (s.pair for s in steps)))
    assert all("▁" not in p[1:] for p in merged)  # a ▁ only begins a piece
    assert [s.merges_done for s in steps] == list(range(1, len(steps) + 1))
    assert all(a.count >= b.count for a, b in zip(steps, steps[1:]))


def test_saved_model_gives_our_ids_in_both_libraries(trained):
    enc, _, folder = trained
    sp = spm.SentencePieceProcessor(model_file=str(folder / "m.model"))
    hf = tokenizers.Tokenizer.from_file(str(folder / "tokenizer.json"))
    for text in _held_back():
        ours = enc.encode_ordinary(text)
        assert ours == sp.encode(text), repr(text[:40])
        assert ours == hf.encode(text, add_special_tokens=False).ids, repr(text[:40])
        if not text.startswith(" "):
            assert enc.decode(ours) == text
    assert enc.encode_ordinary("🙂")[1:] == [3 + b for b in "🙂".encode()]  # byte fallback


@pytest.mark.parametrize(("name", "vocab_size"), [("en_python_docs.txt", 2000),
                                                  ("zh_tang_poems.txt", 8000)])
def test_quality_close_to_sentencepiece_bpe_trainer(name, vocab_size, tmp_path):
    """Tokens per character on held-back text within 5% of sentencepiece's BPE."""
    train = _text(name, 0, 100_000)
    (tmp_path / "train.txt").write_text(train, encoding="utf-8")
    spm.SentencePieceTrainer.train(
        input=str(tmp_path / "train.txt"), model_prefix=str(tmp_path / "sp"),
        vocab_size=vocab_size, model_type="bpe", normalization_rule_name="identity",
        remove_extra_whitespaces=False, byte_fallback=True, num_threads=1, minloglevel=2)
    save_sentencepiece_model(train_sentencepiece_bpe(train, vocab_size), tmp_path / "ours.model")
    held = [line for line in _text(name, 100_000, 180_000).splitlines() if line]
    chars = sum(map(len, held))
    rates = [sum(len(sp.encode(line)) for line in held) / chars
             for sp in (spm.SentencePieceProcessor(model_file=str(tmp_path / f))
                        for f in ("ours.model", "sp.model"))]
    print(f"{name}: tokens per character: ours {rates[0]:.4f}, sentencepiece {rates[1]:.4f}")
    assert abs(rates[0] / rates[1] - 1) < 0.05, rates


_CORPUS = st.lists(st.text(alphabet=st.sampled_from("abcde fgh中文字。 "), min_size=1,
                           max_size=40), min_size=1, max_size=30)


@settings(max_examples=25, deadline=None)
@given(lines=_CORPUS, extra=st.integers(0, 40), byte_fallback=st.booleans())
def test_any_small_corpus_trains_and_round_trips(lines, extra, byte_fallback,
                                                 tmp_path_factory):
    chars = set("▁" + "".join(lines).replace(" ", "▁"))
    vocab = 3 + 256 * byte_fallback + len(chars) + extra
    model = train_sentencepiece_bpe_model(lines, vocab, character_coverage=1.0,
                                          byte_fallback=byte_fallback)
    assert train_sentencepiece_bpe_model(lines[::-1], vocab, character_coverage=1.0,
                                         byte_fallback=byte_fallback) == model  # order-free
    enc = sentencepiece_encoding(model, "h")
    assert enc.n_vocab <= vocab
    folder = tmp_path_factory.mktemp("h")
    save_sentencepiece_model(enc, folder / "m.model")
    save_sentencepiece_tokenizer_json(enc, folder / "tokenizer.json")
    sp = spm.SentencePieceProcessor(model_file=str(folder / "m.model"))
    hf = tokenizers.Tokenizer.from_file(str(folder / "tokenizer.json"))
    unseen = ["zz 中x"] if byte_fallback else []  # <unk> runs: see test_unknown_runs
    for line in [*lines, *unseen]:
        ours = enc.encode_ordinary(line)
        assert ours == sp.encode(line) == hf.encode(line, add_special_tokens=False).ids
        if not line.startswith(" ") and (byte_fallback or line in lines):
            assert enc.decode(ours) == line


def test_unknown_runs_without_byte_fallback(tmp_path):
    """sentencepiece merges a run of unknown pieces into one unknown piece."""
    enc = train_sentencepiece_bpe("a a", 265, byte_fallback=False)
    save_sentencepiece_model(enc, tmp_path / "m.model")
    sp = spm.SentencePieceProcessor(model_file=str(tmp_path / "m.model"))
    for text in ("a zz", "zz a zzz", "qa zaz", "z"):
        assert enc.encode_ordinary(text) == sp.encode(text), text


@pytest.mark.parametrize(("corpus", "vocab_size", "message"), [
    ("", 300, "empty"),
    (["", "\n\n"], 300, "empty"),
    ("abc", 259, "vocab_size must be"),
    ("abc", 262, "characters the coverage"),
    ("abc", 50, "vocab_size must be"),
])
def test_bad_input_is_a_clear_value_error(corpus, vocab_size, message):
    with pytest.raises(ValueError, match=message):
        train_sentencepiece_bpe_model(corpus, vocab_size)


def test_other_bad_input():
    with pytest.raises(ValueError, match="character_coverage"):
        train_sentencepiece_bpe_model("abc", 300, character_coverage=0)
    with pytest.raises(ValueError, match="over 10 characters"):
        train_sentencepiece_bpe_model(["hello", " world!"], 300, max_chars=10)
    with pytest.raises(TypeError, match="train_sentencepiece_bpe: expected str"):
        train_sentencepiece_bpe_model([b"bytes"], 300)
    assert len(train_sentencepiece_bpe_model("abc", 263).pieces) == 263  # ▁abc, no merge
