"""tiktoken's whole public API on ``bbpe_core.Encoding``: every public name of
``tiktoken.Encoding`` exists, and the seven methods added last (``decode_with_offsets``,
``decode_batch``, ``decode_bytes_batch``, ``encode_to_numpy``, ``token_byte_values``,
``is_special_token``, ``encode_with_unstable``) give tiktoken's results on cl100k_base and
o200k_base, on the corpora and on hypothesis' texts; on the other model kinds the same
methods mean the same thing (offsets into ``decode``'s text for SentencePiece, WordPiece and
Unigram)."""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from samples import ADVERSARIAL, CORPORA, MULTILINGUAL, text_pieces, texts

import bbpe_core
from oracles import tiktoken_encoding

TIKTOKEN = ["cl100k_base", "o200k_base"]
OTHER_KINDS = ["llama2", "gemma3", "bert_base_uncased", "t5", "jurassic2", "mistral_v3"]


def _corpus_lines(limit: int = 200) -> list[str]:
    lines: list[str] = []
    for path in sorted(CORPORA.glob("*.txt")):
        lines += path.read_text(encoding="utf-8").splitlines(keepends=True)[:limit]
    return lines


@pytest.fixture(scope="module", params=TIKTOKEN)
def pair(request):
    return tiktoken_encoding(request.param), bbpe_core.get_encoding(request.param)


def test_every_public_name_of_tiktoken_exists():
    ours = bbpe_core.get_encoding("cl100k_base")
    theirs = tiktoken_encoding("cl100k_base")
    missing = sorted(n for n in dir(theirs) if not n.startswith("_") and not hasattr(ours, n))
    assert missing == []


def test_token_byte_values_and_special_ids(pair):
    theirs, ours = pair
    assert ours.token_byte_values() == theirs.token_byte_values()
    for token in [0, 100, ours.eot_token, ours.max_token_value, ours.max_token_value + 5]:
        assert ours.is_special_token(token) == theirs.is_special_token(token)
    with pytest.raises(TypeError):
        ours.is_special_token("100")


def _same_unstable(theirs, ours, text: str) -> None:
    stable, completions = theirs.encode_with_unstable(text, allowed_special="all")
    our_stable, our_completions = ours.encode_with_unstable(text, allowed_special="all")
    assert our_stable == stable, text
    assert sorted(map(tuple, our_completions)) == sorted(map(tuple, completions)), text


def test_corpora(pair):
    theirs, ours = pair
    lines = _corpus_lines()
    batch = [theirs.encode(line) for line in lines]
    assert ours.decode_batch(batch) == theirs.decode_batch(batch)
    assert ours.decode_bytes_batch(batch) == theirs.decode_bytes_batch(batch)
    for line, ids in zip(lines, batch):
        assert ours.decode_with_offsets(ids) == theirs.decode_with_offsets(ids)
        array = ours.encode_to_numpy(line)
        assert array.dtype == np.uint32
        assert np.array_equal(array, theirs.encode_to_numpy(line))
    for text in lines[::20] + MULTILINGUAL + [t[:300] for t in ADVERSARIAL]:
        _same_unstable(theirs, ours, text)


@given(texts)
def test_hypothesis_texts(text):
    for name in TIKTOKEN:
        theirs, ours = tiktoken_encoding(name), bbpe_core.get_encoding(name)
        ids = theirs.encode(text, disallowed_special=())
        try:
            expected = theirs.decode_with_offsets(ids)
        except UnicodeDecodeError:
            with pytest.raises(UnicodeDecodeError):
                ours.decode_with_offsets(ids)
        else:
            assert ours.decode_with_offsets(ids) == expected
        # a prefix of the ids may end inside a character: offsets still agree
        cut = ids[: len(ids) // 2]
        assert ours.decode_bytes_batch([cut, ids]) == theirs.decode_bytes_batch([cut, ids])
        assert ours.decode_batch([cut]) == theirs.decode_batch([cut])


@settings(max_examples=25)
@given(st.lists(text_pieces, max_size=3).map("".join))
def test_hypothesis_unstable(text):
    """tiktoken's search tries every token that could straddle the text's end, so each
    example costs up to thousands of encodes: fewer examples, shorter texts."""
    for name in TIKTOKEN:
        _same_unstable(tiktoken_encoding(name), bbpe_core.get_encoding(name), text)


def test_unstable_refuses_disallowed_special(pair):
    theirs, ours = pair
    with pytest.raises(ValueError):
        theirs.encode_with_unstable("a <|endoftext|>")
    with pytest.raises(ValueError):
        ours.encode_with_unstable("a <|endoftext|>")


@pytest.mark.parametrize("name", OTHER_KINDS)
@given(text=st.sampled_from(MULTILINGUAL + ["Hello  world,\n  indented", "a b", "  x"]),
       cut=st.integers(0, 60))
def test_offsets_mean_the_same_for_other_kinds(name, text, cut):
    """Each offset is where the token starts in ``decode``'s text: the decoded text of the
    ids before it has that many characters (where those ids end on a character)."""
    enc = bbpe_core.get_encoding(name)
    ids = enc.encode(text)[:cut]
    try:
        expected = enc.decode(ids, errors="strict")
    except UnicodeDecodeError:  # cut inside a character's byte-fallback pieces: as tiktoken
        with pytest.raises(UnicodeDecodeError):
            enc.decode_with_offsets(ids)
        return
    decoded, offsets = enc.decode_with_offsets(ids)
    assert decoded == expected
    assert len(offsets) == len(ids)
    assert offsets == sorted(offsets)
    for i, offset in enumerate(offsets):
        try:
            before = enc.decode(ids[:i], errors="strict")
        except UnicodeDecodeError:
            continue  # the ids before it end inside a character (byte fallback)
        assert offset == len(before), (ids, i)
    assert enc.decode_batch([ids, ids[:1]]) == [enc.decode(ids), enc.decode(ids[:1])]
    specials = set(enc.special_tokens.values())
    assert all(enc.is_special_token(i) == (i in specials) for i in ids)


@pytest.mark.parametrize("name", OTHER_KINDS)
def test_byte_values_of_other_kinds(name):
    enc = bbpe_core.get_encoding(name)
    values = enc.token_byte_values()
    assert values == sorted(set(values))
    assert b" the" in values or b"the" in values
    ordinary = set(enc.vocab.id_to_bytes) - set(enc.vocab.whole_ids)
    assert set(values) == {enc.decode_single_token_bytes(i) for i in ordinary}


@pytest.mark.parametrize("name", ["llama2", "bert_base_uncased", "t5"])
def test_unstable_is_refused_by_name_for_other_kinds(name):
    with pytest.raises(NotImplementedError, match=name):
        bbpe_core.get_encoding(name).encode_with_unstable("hello")


def test_numpy_imported_only_by_encode_to_numpy():
    code = ("import sys, bbpe_core; e = bbpe_core.get_encoding('gpt2'); e.encode('hi'); "
            "e.decode_with_offsets([31373]); assert 'numpy' not in sys.modules; "
            "e.encode_to_numpy('hi'); assert 'numpy' in sys.modules")
    subprocess.run([sys.executable, "-c", code], check=True)
