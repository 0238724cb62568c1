"""``Encoding.model_kind`` is what its encoder declares, for each kind the engine ships."""

import pytest

import bbpe_core
from bbpe_core.models import CharBPEEncoder, CjkPartsEncoder, FastEncoder, SimpleEncoder
from bbpe_core.models.base import BYTE_LEVEL_BPE, SENTENCEPIECE_BPE, UNIGRAM, WORDPIECE
from bbpe_core.models.unigram.model import UnigramEncoder
from bbpe_core.models.wordpiece.model import WordPieceEncoder


def test_every_encoder_declares_its_model_kind():
    assert {FastEncoder.model_kind, SimpleEncoder.model_kind, CjkPartsEncoder.model_kind} == {
        BYTE_LEVEL_BPE}
    assert CharBPEEncoder.model_kind == SENTENCEPIECE_BPE
    assert WordPieceEncoder.model_kind == WORDPIECE
    assert UnigramEncoder.model_kind == UNIGRAM


@pytest.mark.parametrize("name, kind, byte_level", [
    ("gpt2", BYTE_LEVEL_BPE, True), ("deepseek_v3", BYTE_LEVEL_BPE, True),
    ("llama2", SENTENCEPIECE_BPE, False), ("bert_base_uncased", WORDPIECE, False),
    ("t5", UNIGRAM, False)])
def test_each_shipped_kind_is_stated(name, kind, byte_level):
    enc = bbpe_core.get_encoding(name)
    assert enc.model_kind == kind
    assert enc.byte_level is byte_level
