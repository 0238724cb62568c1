"""The cold path's shortcuts give what the plain code gives: the precompiled map's
replacement of a few characters by ``str.replace`` passes (``precompiled._translate``)
against ``str.translate``; the Unigram forward pass, which steps over runs of characters
no piece holds, against a Viterbi written from its definition."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from bbpe_core.models.unigram.model import UnigramEncoder
from bbpe_core.normalizers.precompiled import _REPLACES, _translate

_CHARS = st.sampled_from("ab c\n…´，！a\u0301")


@settings(max_examples=300, deadline=None)
@given(text=st.text(_CHARS, max_size=40),
       table=st.dictionaries(_CHARS, st.text(_CHARS, max_size=3), max_size=6))
def test_a_few_replacements_are_str_translate(text, table):
    """Values may hold keys (then one ``str.translate`` pass: replacing in turn would
    replace a replacement) or be empty."""
    assert _translate(text, table) == text.translate({ord(k): v for k, v in table.items()})


def test_a_value_holding_a_key_is_not_replaced_again():
    assert _translate("ab", {"a": "b", "b": "c"}) == "bc"
    assert _translate("a\nb", {"\n": " ", "a": "..."}) == "... b"


def test_many_keys_take_one_translate_pass():
    table = {chr(0xFF01 + k): chr(0x21 + k) for k in range(_REPLACES + 1)}
    text = "".join(table) * 3
    assert _translate(text, table) == "".join(table.values()) * 3


def plain_best_path(enc: UnigramEncoder, text: str) -> list[tuple[int, int, int]]:
    """HF's Viterbi by its definition: the best path ending at ``end`` is the best path
    ending at some ``start`` plus the piece ``text[start:end]`` (or an unknown character
    where no piece is that one character); candidates come by start, and only a strictly
    higher score replaces the one kept."""
    ids = {piece: i for i, piece in enumerate(enc.pieces)}
    best: list[tuple[float, int, int]] = [(0.0, -1, -1)]
    for end in range(1, len(text) + 1):
        kept = None
        for start in range(end):
            pid = ids.get(text[start:end], -1)
            if pid < 0 and end - start > 1:
                continue
            score = best[start][0] + (enc.scores[pid] if pid >= 0 else enc.unk_score)
            if kept is None or score > kept[0]:
                kept = (score, start, pid)
        best.append(kept)
    path, end = [], len(text)
    while end > 0:
        _, start, pid = best[end]
        path.append((start, end, pid))
        end = start
    return path[::-1]


_PIECES = st.lists(st.text("ab▁", min_size=1, max_size=4), min_size=1, max_size=12,
                   unique=True)


@settings(max_examples=400, deadline=None)
@given(pieces=_PIECES, data=st.data())
def test_the_forward_pass_over_runs_no_piece_holds_is_viterbi(pieces, data):
    """``x``, ``y`` and ``字`` are in no piece: the pass steps over their runs."""
    scores = data.draw(st.lists(st.sampled_from([-0.5, -1.0, -1.5, -2.0, -3.0, -7.25]),
                                min_size=len(pieces), max_size=len(pieces)))
    enc = UnigramEncoder(["<unk>", *pieces], [0.0, *scores], unk_id=0)
    text = data.draw(st.text("ab▁xy字", max_size=30))
    assert enc.best_path(text) == plain_best_path(enc, text)
    assert [i for i, _ in enc.pieces_of(text)] == enc.encode_chunk(text)


@settings(max_examples=300, deadline=None)
@given(pieces=_PIECES, data=st.data())
def test_chunks_encoded_together_share_their_prefixes_exactly(pieces, data):
    """Sorted chunks reuse the pass over the prefix they share with the one before, also
    where it ends inside a run of unknown characters or inside a piece."""
    scores = data.draw(st.lists(st.sampled_from([-0.5, -1.0, -1.5, -2.0, -3.0, -7.25]),
                                min_size=len(pieces), max_size=len(pieces)))
    enc = UnigramEncoder(["<unk>", *pieces], [0.0, *scores], unk_id=0)
    stem = data.draw(st.text("ab▁x字", max_size=8))
    texts = data.draw(st.lists(st.text("ab▁x字", max_size=8).map(stem.__add__),
                               max_size=12))
    found = enc._encode_chunks(texts)
    for text in texts:
        assert found[text] == [i for i, _ in enc._pieces(text, plain_best_path(enc, text))]
