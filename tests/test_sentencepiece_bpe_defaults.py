"""A SentencePiece BPE ``.model`` trained by the ``sentencepiece`` library with its defaults
(normalizer ``nmt_nfkc``, a precompiled map, and ``remove_extra_whitespaces``) loads and
gives the library's ids on held-out text, as a Unigram one with the same normalizer does
(issue 45, item 4: it was refused as "normalizer 'nmt_nfkc' (a precompiled map) is not
supported")."""

from __future__ import annotations

import pytest
from samples import ADVERSARIAL, CORPORA, MULTILINGUAL

from bbpe_core.formats.sentencepiece import load_sentencepiece_model

spm = pytest.importorskip("sentencepiece")

ODD = ["  leading and   inner   spaces  ", "ﬁve ① full-width ＡＢＣ１２３", "tab\there\nnew line",
       "", "   ", "Ⅻ ㍻ ﷺ", "é vs e\u0301", "user [U] piece[U]"]


def _text(name: str, start: int, end: int) -> str:
    return (CORPORA / name).read_text(encoding="utf-8")[start:end]


@pytest.fixture(scope="module", params=[False, True], ids=["plain", "byte_fallback"])
def trained(request, tmp_path_factory):
    folder = tmp_path_factory.mktemp("spm_bpe_defaults")
    corpus = folder / "corpus.txt"
    corpus.write_text(_text("en_python_docs.txt", 0, 60_000) + "\n"
                      + _text("zh_tang_poems.txt", 0, 3_000), encoding="utf-8")
    spm.SentencePieceTrainer.train(
        input=str(corpus), model_prefix=str(folder / "m"), model_type="bpe", vocab_size=2500,
        byte_fallback=request.param, user_defined_symbols=["[U]"], minloglevel=2)
    data = (folder / "m.model").read_bytes()
    return load_sentencepiece_model(data, name="m.model"), spm.SentencePieceProcessor(
        model_proto=data)


def _held_out() -> list[str]:
    english = _text("en_python_docs.txt", 60_000, 75_000).splitlines()
    chinese = _text("zh_tang_poems.txt", 8_000, 10_000).splitlines()
    return ODD + MULTILINGUAL + ADVERSARIAL + english + chinese


def test_the_library_defaults_load_and_encode_as_the_library_does(trained):
    ours, theirs = trained
    for text in _held_out():
        assert ours.encode_ordinary(text) == theirs.encode(text), text


def test_the_whole_held_out_text_at_once(trained):
    ours, theirs = trained
    text = "\n".join(_held_out())
    assert ours.encode_ordinary(text) == theirs.encode(text)


def test_decoding_gives_what_the_library_decodes(trained):
    """Texts without an unknown piece (the BPE path decodes ``<unk>`` as its piece, the
    library as `` ⁇ ``: a question for the BPE piece table, outside this test)."""
    ours, theirs = trained
    for text in _held_out():
        ids = theirs.encode(text)
        if theirs.unk_id() in ids:
            continue
        assert ours.decode(ids) == theirs.decode(ids), text
