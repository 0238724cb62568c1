"""The fast first cuts (``presplit``) fall only where every shipped pattern cuts, and
encoding through the word and piece caches gives tiktoken's ids in every cache state."""

from __future__ import annotations

import pytest
from hypothesis import example, given
from hypothesis import strategies as st
from samples import CORPORA

import bbpe_core
from bbpe_core.models.bpe.fast.presplit import BOUNDARY, split_marks
from bbpe_core.models.bpe.fast.unspaced import LONG_CHARS
from bbpe_core.pre_tokenizers.patterns import iter_split
from oracles import ENCODING_NAMES, tiktoken_encoding, tiny_cache_encoding, variant

PATTERNS = [bbpe_core.GPT2_PATTERN, bbpe_core.CL100K_PATTERN, bbpe_core.O200K_PATTERN]

# Letters of each cut set and their neighbours: other letters, a combining mark (o200k
# glues marks to letters), apostrophes (contractions), digits, every kind of space; the last
# list: WORD_STARTS and marks.
ALPHABET = (list("aZ'’ 9\n\r\t.,;:!?()\"-/") + list("中文，。、！？「」《》（）“”あア한éΩʕ\u0301😀")
            + list("ÀÿĳǅάωЖжҊאعफếẞকაሀกកԱ\u0483\u0651\u093f\u09be\u0e31\u17b6"))
texts = st.text(alphabet=ALPHABET, max_size=60)


def chunk_starts(text: str, pat_str: str) -> set[int]:
    return {start for _, start, _ in iter_split(text, pat_str)}


def cut_offsets(pieces: list[str]) -> set[int]:
    offsets, pos = set(), 0
    for piece in pieces[:-1]:
        pos += len(piece)
        offsets.add(pos)
    return offsets


@pytest.mark.parametrize("pat_str", PATTERNS, ids=ENCODING_NAMES)
@given(text=texts)
def test_boundary_cuts_are_chunk_starts(pat_str, text):
    spaces = {m.start() for m in BOUNDARY.finditer(text)}
    assert spaces <= chunk_starts(text, pat_str)


@pytest.mark.parametrize("pat_str", PATTERNS, ids=ENCODING_NAMES)
@given(text=texts)
# the punctuation cut after a newline: not after a run of whitespace (gpt2)
@example(text="a\n\n中")
@example(text="。\r\n中")
@example(text="光 \n中")
def test_mark_cuts_are_chunk_starts(pat_str, text):
    pieces = split_marks(text)
    assert "".join(pieces) == text
    assert cut_offsets(pieces) <= chunk_starts(text, pat_str)
    # each piece, split on its own, gives the text's chunks (a piece's end is not the text's)
    chunks = [chunk for chunk, _, _ in iter_split(text, pat_str)]
    assert [chunk for piece in pieces for chunk, _, _ in iter_split(piece, pat_str)] == chunks


def test_mark_cuts_fall_after_letters_and_lone_newlines_only():
    assert split_marks("床前明月光，疑是地上霜。\n") == ["床前明月光", "，疑是地上霜", "。\n"]
    assert split_marks("光。\n举头\n\n低头 \n望") == [
        "光", "。\n", "举头", "\n\n低头 \n望"]
    assert split_marks("it's. 9, ”a") == ["it's", ". 9, ”a"]


long_texts = st.lists(st.text(alphabet=ALPHABET, min_size=1, max_size=40), min_size=1,
                      max_size=40).map(
    lambda parts: "".join(parts) * (1 + LONG_CHARS // max(1, len("".join(parts)))))


@pytest.mark.parametrize("name", ENCODING_NAMES)
@given(text=long_texts)
def test_unspaced_text_encodes_as_tiktoken_in_every_cache_state(name, text):
    shared = bbpe_core.get_encoding(name)
    tiny = tiny_cache_encoding(name)
    expected = tiktoken_encoding(name).encode_ordinary(text)
    for enc in (shared, tiny):
        assert enc.encode_ordinary(text) == expected  # cold or partly filled caches
        assert enc.encode_ordinary(text) == expected  # warm (or emptied when full)
        assert (enc.encode_ordinary(text + " Tail")
                == expected + tiktoken_encoding(name).encode_ordinary(" Tail"))


# ASCII words of LONG_CHARS characters or more (each "w" + a body with no space +
# letter), which the word batch takes with the short ones.
long_ascii_words = st.lists(
    st.text(alphabet="aZ'9\n\r\t .,;:!?()\"-/", min_size=1, max_size=30), min_size=1, max_size=4
).map(lambda bodies: " ".join("w" + BOUNDARY.sub(" _", b) * (1 + LONG_CHARS // len(b))
                              for b in bodies))


@pytest.mark.parametrize("name", ENCODING_NAMES)
@given(text=long_ascii_words)
def test_long_ascii_words_encode_as_tiktoken(name, text):
    enc = bbpe_core.get_encoding(name)
    for full in (text, text + " short words. And more"):
        expected = tiktoken_encoding(name).encode_ordinary(full)
        enc.clear_cache()
        assert enc.encode_ordinary(full) == expected
        assert tiny_cache_encoding(name).encode_ordinary(full) == expected


# Text where a space comes before letters inside and outside ``presplit.WORD_STARTS``: the
# word batch marks only the chunks that start with a space + a letter of WORD_STARTS
# (encoders/fast/encoder.py).
word_start_texts = st.lists(st.sampled_from(["a", "Ab", "é", "Ж", "ก", "中", "ア", "\u0301", "'s",
                                             " ", "  ", "\t", "\n", ".", "9", "_"]),
                            max_size=30).map("".join)


@pytest.mark.parametrize("name", ENCODING_NAMES)
@given(text=word_start_texts)
@example(text="a b 9 c 中 d ア e _ f \u0301 g")
def test_words_with_spaces_before_any_letter_encode_as_tiktoken(name, text):
    enc = bbpe_core.get_encoding(name)
    enc.clear_cache()
    assert enc.encode_ordinary(text) == tiktoken_encoding(name).encode_ordinary(text)


def test_threads_sharing_one_encoding_with_a_tiny_cache_get_tiktoken_ids():
    """Streamlit sessions share an encoding across threads; caches emptied by one thread
    while another reads them must never change the ids or raise."""
    from concurrent.futures import ThreadPoolExecutor

    enc = variant("cl100k_base", cache_size=8)
    texts = [(CORPORA / "en_python_docs.txt").read_text(encoding="utf-8")[k * 5000:(k + 1) * 5000]
             for k in range(4)]
    texts += [(CORPORA / "zh_tang_poems.txt").read_text(encoding="utf-8")[k * 2000:(k + 1) * 2000]
              for k in range(4)]
    expected = [tiktoken_encoding("cl100k_base").encode_ordinary(t) for t in texts]
    with ThreadPoolExecutor(max_workers=8) as pool:
        for _ in range(3):
            assert list(pool.map(enc.encode_ordinary, texts)) == expected


def _expand(char_class: str) -> list[str]:
    """The characters of a ``re`` class body such as ``presplit.LETTERS``."""
    import re

    return [chr(c) for c in range(0x110000) if re.fullmatch(f"[{char_class}]", chr(c))]


def test_cut_sets_hold_in_tiktokens_unicode():
    """Every character of LETTERS and WORD_STARTS is a letter, and every character of MARKS
    is neither a letter, a digit, a mark, whitespace other than newline, nor the
    apostrophe, by the pinned (Unicode 16.0, tiktoken's) classes the shipped patterns are
    compiled with."""
    import regex

    from bbpe_core.models.bpe.fast.presplit import LETTERS, MARKS, WORD_STARTS
    from bbpe_core.pre_tokenizers.patterns import pin_unicode

    letter = regex.compile(pin_unicode(r"\p{L}"), flags=regex.V1)
    other = regex.compile(pin_unicode(r"[\p{L}\p{N}\p{M}']"), flags=regex.V1)
    letters, marks = _expand(LETTERS), _expand(MARKS)
    assert len(letters) > 20_000 and len(marks) == len(MARKS)
    assert all(letter.fullmatch(c) for c in letters)
    word_starts = _expand(WORD_STARTS)
    assert len(word_starts) > 12_000 and all(letter.fullmatch(c) for c in word_starts)
    assert not any(other.fullmatch(c) or (c.isspace() and c != "\n") for c in marks)


def test_a_pattern_that_splits_words_apart_is_refused_not_misread():
    """The word batch relies on every word ending at a chunk end; a pattern breaking that
    (here forced onto an encoding that presplits) raises instead of giving wrong ids."""
    enc = variant("gpt2", special_tokens={})
    enc.encoder.chunks.pat_str = r"[\s\S]{1,3}"
    with pytest.raises(RuntimeError, match="split words apart"):
        enc.encode_ordinary("hello big world")
