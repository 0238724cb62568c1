"""``load_tiktoken_bpe``'s fast path (the whole file checked at C speed) accepts only what the
careful line-by-line parse accepts, with the same ranks; anything else goes to the careful
parse and its ``VocabFileError`` naming the line."""

from __future__ import annotations

import base64

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from bbpe_core import VocabFileError, load_tiktoken_bpe
from bbpe_core.formats.tiktoken_file import _parse_carefully, _parse_plain


def outcome(parse, data: bytes):
    """The ranks, or the message of the ``VocabFileError`` raised."""
    try:
        return parse(data)
    except VocabFileError as e:
        return str(e)


_LINE = st.builds(lambda token, rank: base64.b64encode(token) + b" " + str(rank).encode(),
                  st.binary(max_size=3), st.integers(0, 20))
_ODD = st.sampled_from([b"", b" ", b"\n", b"\t", b"\r", b"\r\n", b"  ", b"QQ==", b"QQ===",
                        b"Q", b"=", b"+1", b"-1", b"1_0", b"\xd9\xa3", b"x y", b"7", b"YQ== 1 2",
                        b"\n\n", b"\x00", b"AA== 0"])


@settings(max_examples=400, deadline=None)
@given(st.lists(st.one_of(_LINE, _LINE, _ODD), max_size=8),
       st.lists(st.sampled_from([b"\n", b"\n", b" ", b"", b"\r\n"]), min_size=8, max_size=8))
@example([b"QQ== 0", b"Qg== 1"], [b"\n"] * 8)
@example([b"QQ==", b"0 Qg== 1"], [b"\n"] * 8)  # fields pair up across a line
@example([b"QQ== 0", b"", b"Qg== 1"], [b"\n"] * 8)  # an empty line: careful skips it
def test_the_fast_path_gives_what_the_careful_parse_gives(pieces, joins):
    data = b"".join(piece + join for piece, join in zip(pieces, joins))
    careful = outcome(lambda d: _parse_carefully(d, "t.tiktoken"), data)
    assert outcome(lambda d: load_tiktoken_bpe(d, name="t.tiktoken"), data) == careful
    try:
        fast = _parse_plain(data)
    except ValueError:  # binascii.Error: the careful parse decides
        return
    if fast is not None:  # accepted at C speed: the careful parse accepts it, the same
        assert fast == careful


@pytest.mark.parametrize("data", [b"QQ==\n0 Qg== 1\n", b" QQ== 0\n", b"QQ== 0 \n", b"QQ==  0\n",
                                  b"QQ== 0\n\nQg== 1\n", b"QQ== +0\n", b"QQ== 1_0\n",
                                  b"QQ==\t0\n", b"QQ== 0\r\n", b"QQ== 0\nQg== 1\n "])
def test_a_file_not_plainly_lines_of_base64_and_digits_leaves_the_fast_path(data):
    assert _parse_plain(data) is None


def test_plain_lines_with_or_without_the_last_newline_take_the_fast_path():
    assert _parse_plain(b"QQ== 0\nQg== 1\n") == {b"A": 0, b"B": 1}
    assert _parse_plain(b"QQ== 0\nQg== 1") == {b"A": 0, b"B": 1}
