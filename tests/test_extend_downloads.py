"""What the Train page's "Extend a vocabulary" offers for download
(``training.extension.extend`` and ``training.unigram.model_files``, the two calls
``ui/extend_view`` makes), loaded in the reference libraries, gives the page's ids on held-back
Chinese and English: Llama 2 and GPT-2 extended with pieces trained on the Chinese UDHR.

Llama 2: sentencepiece on the ``.model`` gives the page's ids everywhere; HF tokenizers on
the tokenizer.json gives them on English, and on Chinese the same text in the same byte
pieces with a count within 1%: where two new pieces of score 0 compete for one character,
sentencepiece merges the leftmost pair and HF the pair of lower merge rank (transformers'
converter writes the same merges, so Chinese-LLaMA's fast tokenizer differs from its slow
one the same way). Without the new pieces' characters (``with_characters``) HF fell back
to bytes on each character Llama 2 lacks and never made the pieces holding it: shown
below. GPT-2: HF gives the page's ids everywhere."""

from __future__ import annotations

import pytest
from samples import CORPORA

import bbpe_core
from playground.lab.languages import load_udhr
from playground.training.bpe import SAMPLES
from playground.training.extension import extend, with_characters
from playground.training.unigram import model_files

spm = pytest.importorskip("sentencepiece")
tokenizers = pytest.importorskip("tokenizers")

NEW = 500
"""New pieces, the page's default."""


@pytest.fixture(scope="module")
def udhr():
    return {s.language: s.text for s in load_udhr()}


@pytest.fixture(scope="module")
def held_back(udhr):
    """``(Chinese texts, English texts)`` none of which the pieces were trained on."""
    tang = SAMPLES["Chinese (Tang poems, 1 MB)"].read_text(encoding="utf-8")
    chinese = [tang[:6000], udhr["Chinese (traditional)"], "中华人民共和国 hello 世界 。"]
    english = [udhr["English"], (CORPORA / "en_python_docs.txt").read_text(encoding="utf-8")[:8000]]
    return chinese, english


def _downloads(ext):
    files = model_files(ext.extended)
    json_text = files["tokenizer.json"].decode("utf-8")
    return files, tokenizers.Tokenizer.from_str(json_text)


def _byte_ids(enc, ids):
    byte_ids = set(enc.encoder.byte_ids.values())
    return [i for i in ids if i in byte_ids]


@pytest.fixture(scope="module")
def llama2(udhr):
    return extend("llama2", udhr["Chinese (simplified)"], NEW)


def test_llama2_extension_downloads_give_the_page_ids(llama2, held_back):
    ext = llama2
    assert ext.characters > 0 and len(ext.added) - ext.characters == NEW
    assert ext.extended.n_vocab == 32_000 + len(ext.added)
    files, hf = _downloads(ext)
    assert set(files) == {"llama2_extended.model", "tokenizer.json"}
    sp = spm.SentencePieceProcessor(model_proto=files["llama2_extended.model"])
    assert sp.get_piece_size() == ext.extended.n_vocab
    chinese, english = held_back
    for text in chinese + english:
        ours = ext.extended.encode_ordinary(text)
        assert sp.encode(text) == ours, text[:30]
        theirs = hf.encode(text, add_special_tokens=False).ids
        if text in english:
            assert theirs == ours, text[:30]
        else:
            assert ext.extended.decode(theirs) == text
            assert _byte_ids(ext.extended, theirs) == _byte_ids(ext.extended, ours), text[:30]
            assert abs(len(theirs) - len(ours)) <= max(1, len(ours) // 100), text[:30]
    held = chinese[1]
    assert len(ext.extended.encode_ordinary(held)) < 0.9 * len(ext.base.encode_ordinary(held))


def test_without_the_characters_hf_would_give_other_ids(llama2, held_back, tmp_path):
    """The bug ``with_characters`` fixes: the same pieces without their characters; HF
    falls back to bytes where sentencepiece (and the engine) merge."""
    ext = llama2
    pieces = ext.added[ext.characters:]
    assert with_characters(ext.base, pieces) == (ext.added, ext.characters)
    bare = bbpe_core.extend_vocabulary(ext.base, pieces)
    bbpe_core.save_hf_tokenizer_json(bare, tmp_path / "tokenizer.json")
    hf = tokenizers.Tokenizer.from_file(str(tmp_path / "tokenizer.json"))
    text = held_back[0][1]
    ours = bare.encode_ordinary(text)
    theirs = hf.encode(text, add_special_tokens=False).ids
    assert len(_byte_ids(bare, theirs)) > len(_byte_ids(bare, ours))
    assert len(theirs) > len(ours) * 1.01


def test_gpt2_extension_download_gives_the_page_ids(udhr, held_back):
    ext = extend("gpt2", udhr["Chinese (simplified)"], NEW)
    assert ext.characters == 0 and len(ext.added) == NEW  # bytes are always tokens
    files, hf = _downloads(ext)
    assert set(files) == {"tokenizer.json"}
    chinese, english = held_back
    for text in chinese + english:
        ours = ext.extended.encode_ordinary(text)
        assert hf.encode(text, add_special_tokens=False).ids == ours, text[:30]
    held = chinese[1]
    assert len(ext.extended.encode_ordinary(held)) < 0.9 * len(ext.base.encode_ordinary(held))
