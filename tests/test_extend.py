"""``extend_vocabulary``: Chinese-LLaMA's recipe on every shipped SentencePiece encoding a
``.model`` can hold, its byte-level analogue on GPT-2 and cl100k_base; the reference
library gives our ids on the extended files (sentencepiece on the ``.model``, HF tokenizers on
the tokenizer.json, tiktoken on the extended ranks); base pieces and ids untouched."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from samples import ADVERSARIAL, CORPORA, MULTILINGUAL

import bbpe_core
from bbpe_core.formats.sentencepiece_model import read_sentencepiece_model
from bbpe_core.training.unigram import train_unigram_model

spm = pytest.importorskip("sentencepiece")
tokenizers = pytest.importorskip("tokenizers")

SP_NAMES = ["llama2", "mistral_v1", "mistral_v3", "gemma3", "jurassic2"]
BYTE_LEVEL = ["gpt2", "cl100k_base"]


@pytest.fixture(scope="module")
def chinese():
    text = (CORPORA / "zh_tang_poems.txt").read_text(encoding="utf-8")
    return text[:60_000], text[60_000:75_000]


@pytest.fixture(scope="module")
def new_pieces(chinese):
    model = train_unigram_model(chinese[0], 4000)
    return [p.piece for p in model.pieces if p.type == "NORMAL"]


def _texts(chinese) -> list[str]:
    return MULTILINGUAL + ADVERSARIAL + [chinese[1], "中国人民 hello 世界", " 春風 "]


@pytest.mark.parametrize("name", SP_NAMES)
def test_sentencepiece_extension_follows_the_recipe_and_round_trips(
        name, new_pieces, chinese, tmp_path):
    base = bbpe_core.get_encoding(name)
    extended = bbpe_core.extend_vocabulary(base, new_pieces)
    path = tmp_path / "x.model"
    bbpe_core.save_sentencepiece_model(extended, path)
    model = read_sentencepiece_model(path)
    before = bbpe_core.formats.sentencepiece_save.sentencepiece_model_of(base)
    assert model.pieces[:len(before.pieces)] == before.pieces  # base untouched
    added = model.pieces[len(before.pieces):]
    known = {p.piece for p in before.pieces}
    assert [p.piece for p in added] == [p for p in dict.fromkeys(new_pieces) if p not in known]
    assert all(p.score == 0.0 and p.type == "NORMAL" for p in added)
    sp = spm.SentencePieceProcessor(model_file=str(path))
    for text in _texts(chinese):
        assert sp.encode(text) == extended.encode_ordinary(text), repr(text[:40])
    if model.model_type == "BPE":
        _check_hf_on_extended_bpe(extended, tmp_path, chinese)
    held = chinese[1]
    assert len(extended.encode_ordinary(held)) < len(base.encode_ordinary(held))


def _check_hf_on_extended_bpe(extended, tmp_path, chinese):
    """HF tokenizers on the extended tokenizer.json: our ids on every text without new
    pieces; on Chinese, where the new pieces all score 0, HF breaks the ties by merge rank
    and sentencepiece by position (leftmost), so the ids may differ there: the text and
    the token count (within 1%) must not."""
    bbpe_core.save_hf_tokenizer_json(extended, tmp_path / "x.json")
    hf = tokenizers.Tokenizer.from_file(str(tmp_path / "x.json"))
    for text in _texts(chinese):
        ours = extended.encode(text, allowed_special="all")
        theirs = hf.encode(text, add_special_tokens=False).ids
        if not any("\u4e00" <= c <= "\u9fff" for c in text):
            assert theirs == ours, repr(text[:40])
        else:
            assert extended.decode(theirs) == extended.decode(ours)
            assert abs(len(theirs) - len(ours)) <= max(1, len(ours) // 100)


@pytest.mark.parametrize("name", BYTE_LEVEL)
def test_byte_level_extension_appends_merges_and_round_trips(name, new_pieces, chinese,
                                                             tmp_path):
    import tiktoken

    base = bbpe_core.get_encoding(name)
    extended = bbpe_core.extend_vocabulary(base, new_pieces[:1500])
    ranks = extended.mergeable_ranks
    assert all(ranks[b] == i for b, i in base.mergeable_ranks.items())
    assert min(i for b, i in ranks.items() if b not in base.mergeable_ranks) > \
        base.max_token_value
    reference = tiktoken.Encoding(name, pat_str=base.pat_str, mergeable_ranks=ranks,
                                  special_tokens=base.special_tokens)
    bbpe_core.save_hf_tokenizer_json(extended, tmp_path / "x.json")
    hf = tokenizers.Tokenizer.from_file(str(tmp_path / "x.json"))
    for text in _texts(chinese):
        ids = extended.encode_ordinary(text)
        assert ids == reference.encode_ordinary(text), repr(text[:40])
        assert hf.encode(text, add_special_tokens=False).ids == ids, repr(text[:40])
        assert extended.decode(ids) == text
    held = chinese[1]
    assert len(extended.encode_ordinary(held)) < len(base.encode_ordinary(held))


def test_base_encoding_is_not_modified():
    base = bbpe_core.get_encoding("gpt2")
    before = base.encode(" 你好世界")
    bbpe_core.extend_vocabulary(base, ["▁你好世界"])
    assert base.encode(" 你好世界") == before and base.n_vocab == 50257


@pytest.mark.parametrize("pieces, error, message", [
    ([""], ValueError, "empty"), (["a\0b"], ValueError, "NUL"),
    (["x" * 8000], ValueError, "8,000 bytes or more"), ([b"bytes"], TypeError, "str"),
])
def test_bad_pieces_are_refused_by_name(pieces, error, message):
    with pytest.raises(error, match=message):
        bbpe_core.extend_vocabulary(bbpe_core.get_encoding("llama2"), pieces)


def test_too_many_pieces_are_refused(monkeypatch):
    import bbpe_core.training.extend as extend

    monkeypatch.setattr(extend, "MAX_NEW_PIECES", 3)
    with pytest.raises(ValueError, match="over 3 pieces"):
        bbpe_core.extend_vocabulary(bbpe_core.get_encoding("llama2"), ["a", "b", "c", "d"])


def test_a_wordpiece_base_is_refused():
    with pytest.raises(ValueError, match="not a SentencePiece encoding"):
        bbpe_core.extend_vocabulary(bbpe_core.get_encoding("bert_base_uncased"), ["▁x"])


@settings(max_examples=20, deadline=None)
@given(pieces=st.lists(st.text(alphabet=st.sampled_from("▁ab中文字é"), min_size=1, max_size=5),
                       max_size=12),
       text=st.text(alphabet=st.sampled_from(" ab中文字é\n"), max_size=30))
def test_any_small_extension_of_llama2_gives_sentencepiece_ids(pieces, text, tmp_path_factory):
    extended = bbpe_core.extend_vocabulary(bbpe_core.get_encoding("llama2"), pieces)
    path = tmp_path_factory.mktemp("x") / "x.model"
    bbpe_core.save_sentencepiece_model(extended, path)
    sp = spm.SentencePieceProcessor(model_file=str(path))
    assert sp.encode(text) == extended.encode_ordinary(text)


def test_the_longest_piece_extension_takes_is_one_every_loader_takes(tmp_path):
    from bbpe_core.validate import MAX_PIECE_BYTES

    longest = "▁" + "x" * (MAX_PIECE_BYTES - 4)  # 3 bytes + the rest: one byte under the cap
    extended = bbpe_core.extend_vocabulary(bbpe_core.get_encoding("llama2"), [longest])
    bbpe_core.save_sentencepiece_model(extended, tmp_path / "m.model")
    again = bbpe_core.load_sentencepiece_model(tmp_path / "m.model")
    text = " " + "x" * (MAX_PIECE_BYTES - 4)
    assert again.n_vocab == extended.n_vocab == 32001
    last = again.n_vocab - 1
    assert again.decode_single_token_bytes(last) == extended.decode_single_token_bytes(last)
    assert b"x" * (MAX_PIECE_BYTES - 4) in again.decode_single_token_bytes(last)
    assert again.encode(text) == extended.encode(text)
