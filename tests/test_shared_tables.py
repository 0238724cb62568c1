"""Encodings built from the same table hold one copy of it in a process (issue 47): the
ranks, the CJK cut read off them, and whole encodings that differ only by name."""

from __future__ import annotations

import pickle

import bbpe_core
from oracles import variant

SHARED_RANKS = [("o200k_harmony", "o200k_base"), ("phi4", "cl100k_base"),
                ("p50k_edit", "p50k_base"), ("whisper_en", "gpt2"), ("whisper", "whisper_v3")]


def test_encodings_of_one_ranks_file_share_the_ranks_and_the_cjk_cut():
    for name, base in SHARED_RANKS:
        enc, other = bbpe_core.get_encoding(name), bbpe_core.get_encoding(base)
        assert enc.mergeable_ranks is other.mergeable_ranks, name
        assert enc.encoder.chunks.cut is other.encoder.chunks.cut, name


def test_a_vocabulary_with_other_ranks_has_its_own_cut():
    base = bbpe_core.get_encoding("cl100k_base")
    own = variant("cl100k_base", mergeable_ranks=dict(base.mergeable_ranks))
    assert own.encoder.chunks.cut is not base.encoder.chunks.cut
    text = "中文字符编码 和 汉字"
    assert own.encode_ordinary(text) == base.encode_ordinary(text)


def test_gpt_neox_is_mpt_s_tables_under_its_own_name():
    neox, mpt = bbpe_core.get_encoding("gpt_neox"), bbpe_core.get_encoding("mpt")
    assert neox.name == "gpt_neox" and mpt.name == "mpt"
    assert neox.vocab is mpt.vocab and neox.encoder is mpt.encoder
    assert pickle.loads(pickle.dumps(neox)) is neox
    assert pickle.loads(pickle.dumps(mpt)) is mpt
