"""BERT's vocab.txt loader: the shipped file, and hostile files ending in VocabFileError."""

from __future__ import annotations

import gzip

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bbpe_core.encodings.data import data_file
from bbpe_core.models.wordpiece.vocab_txt import MAX_LINES, MAX_TOKEN_CHARS, load_wordpiece_vocab
from bbpe_core.source import MAX_GUNZIPPED_BYTES, VocabFileError


def test_the_shipped_bert_vocab_has_30522_tokens_with_the_official_special_ids():
    vocab = load_wordpiece_vocab(data_file("bert_base_uncased.vocab.txt.gz"))
    assert len(vocab) == 30522
    assert [vocab[t] for t in ("[PAD]", "[unused0]", "[UNK]", "[CLS]", "[SEP]", "[MASK]")] == [
        0, 1, 100, 101, 102, 103]
    assert vocab["the"] == 1996 and vocab["##ing"] == 2075
    assert sorted(vocab.values()) == list(range(30522))


def test_ids_are_line_numbers_from_zero_with_crlf_and_no_final_newline():
    assert load_wordpiece_vocab(b"[UNK]\r\nab\r\n##c") == {"[UNK]": 0, "ab": 1, "##c": 2}


def test_a_gzipped_file_reads_like_the_plain_one():
    assert load_wordpiece_vocab(gzip.compress(b"a\nb\n")) == {"a": 0, "b": 1}


@pytest.mark.parametrize(("content", "message"), [
    (b"", "no tokens"),
    (b"\n", "empty token"),
    (b"a\n\nb\n", ":2: empty token"),
    (b"a\n b\n", ":2: empty token or whitespace"),
    (b"a\nb\na\n", ":3: duplicate token 'a' \\(first on line 1\\)"),
    (b"a\n\xff\xfe\n", "not UTF-8 text \\(byte 2\\)"),
    (b"x" * (MAX_TOKEN_CHARS + 1), ":1: token longer than"),
])
def test_a_malformed_vocab_txt_is_a_vocab_file_error_naming_the_line(content, message):
    with pytest.raises(VocabFileError, match=message):
        load_wordpiece_vocab(content, name="up.txt")


def test_too_many_lines_stop_at_the_cap():
    content = "\n".join(f"t{i}" for i in range(MAX_LINES + 1)).encode()
    with pytest.raises(VocabFileError, match="more than 1,000,000 lines"):
        load_wordpiece_vocab(content)


def test_a_file_over_max_bytes_is_refused_before_parsing(tmp_path):
    path = tmp_path / "vocab.txt"
    path.write_bytes(b"a\n" * 1000)
    with pytest.raises(VocabFileError, match="larger than the limit"):
        load_wordpiece_vocab(path, max_bytes=100)


def test_a_gzip_bomb_is_refused():
    bomb = gzip.compress(b"a" * (MAX_GUNZIPPED_BYTES + 1))
    with pytest.raises(VocabFileError, match="expands to more than"):
        load_wordpiece_vocab(bomb)


def test_a_wrong_sha256_is_refused():
    with pytest.raises(VocabFileError, match="sha256"):
        load_wordpiece_vocab(b"a\n", expected_hash="0" * 64)


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=300))
def test_any_bytes_load_or_raise_vocab_file_error(data):
    try:
        vocab = load_wordpiece_vocab(data)
    except VocabFileError:
        return
    assert sorted(vocab.values()) == list(range(len(vocab)))
