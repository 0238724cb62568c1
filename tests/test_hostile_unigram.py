"""Hostile Unigram models: the piece lookup's memory follows the vocabulary's characters and
the work at a position the longest piece prefix found there, whatever the longest piece.

Each memory and time case failed on the main branch before the lookup was rebuilt
(``models.unigram.lookup``): every prefix of every piece was a key, so a piece of ``L``
characters cost ``L**2 / 2`` characters of keys and a walk of up to ``L`` slices of up to
``L`` characters at every position. The others show that the lookup finds what trying every
length finds. Memory and time cases run in a fresh interpreter under an address-space limit
and a timeout (``limits.run_limited``); the hostile files are built in the test.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from limits import run_limited
from test_sentencepiece_model import _model

from bbpe_core.models.unigram.model import UnigramEncoder

_PRELUDE = "import sys\nsys.path.insert(0, 'tests')\n"


def _run(code: str, *, timeout: float = 60.0) -> str:
    done = run_limited(_PRELUDE + code, memory_bytes=1 << 30, timeout=timeout)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


def test_a_model_file_of_100_pieces_near_the_piece_cap_encodes_within_the_budget():
    """0.8 MB of ``.model`` (100 pieces of 7,900-7,999 random letters) reached MemoryError
    on ``encode("a")``: their prefixes were 3.2 billion characters of keys."""
    out = _run(
        "from test_sentencepiece_model import _model\n"
        "from bbpe_core.formats.sentencepiece import load_sentencepiece_model\n"
        "import random\n"
        "random.seed(5)\n"
        "pieces = [('<unk>', 0.0, 2), ('\u2581', -1.0, 1), ('a', -2.0, 1)]\n"
        "pieces += [(''.join(random.choices('abcdefgh', k=7_900 + k)), -3.0, 1)\n"
        "           for k in range(100)]\n"
        "data = _model(pieces, model_type=1, byte_fallback=False)\n"
        "enc = load_sentencepiece_model(data, name='long')\n"
        "print(enc.encode('a'), enc.encode(pieces[50][0]))\n")
    assert out.strip() == "[1, 2] [1, 50]", out


@pytest.mark.parametrize("flavour", ["hf", "sentencepiece"])
def test_one_piece_of_100000_characters_encodes_short_text_within_the_budget(flavour):
    """A tokenizer.json Unigram with one 100,000-character piece reached MemoryError (5
    billion characters of prefix keys); the model's lookup must hold it in its own size."""
    out = _run(
        "from bbpe_core.models.unigram.model import UnigramEncoder\n"
        "enc = UnigramEncoder(['<unk>', 'a', 'b', 'a' * 100_000], [0.0, -1.0, -1.0, -2.0],\n"
        f"                     unk_id=0, flavour={flavour!r})\n"
        "print(enc.encode_segment('ab'), sorted(enc.encode_segment('a' * 100_001)))\n")
    assert out.strip() == "[1, 2] [1, 3]", out


@pytest.mark.parametrize("flavour", ["hf", "sentencepiece"])
def test_one_piece_of_2000_characters_does_not_slow_a_long_text(flavour):
    """One 2,000-character piece made 20,000 'a' take 15-36 s: each position walked 2,000
    keys, each slice up to 2,000 characters. Here 50,000 'a' (and a near miss) must finish
    well inside the timeout."""
    out = _run(
        "from bbpe_core.models.unigram.model import UnigramEncoder\n"
        "big = 'a' * 1_999 + 'b'\n"
        "enc = UnigramEncoder(['<unk>', 'a', 'aa', big], [0.0, -1.0, -1.5, -1.0], unk_id=0,\n"
        f"                     flavour={flavour!r})\n"
        "ids = enc.encode_segment('a' * 50_000)\n"
        "print(len(ids), set(ids))\n"
        "ids = enc.encode_segment(big * 20)\n"
        "print(len(ids), set(ids))\n", timeout=40)
    assert out.split("\n")[:2] == ["25000 {2}", "20 {3}"], out


@pytest.mark.parametrize("flavour", ["hf", "sentencepiece"])
def test_many_long_pieces_sharing_a_prefix_cost_only_what_the_text_matches(flavour):
    """Our own attack: 4,000 pieces of 'a' * k + 'b' (k up to 8,000, one shared prefix)
    against text that leaves them early ('a' * 20 + 'c', repeated): the walk stops where the
    text leaves every piece, so the long pieces cost nothing per position."""
    out = _run(
        "from bbpe_core.models.unigram.model import UnigramEncoder\n"
        "pieces = ['<unk>', 'a', 'c'] + ['a' * (k * 2) + 'b' for k in range(1, 4_001)]\n"
        "enc = UnigramEncoder(pieces, [0.0, -1.0, -1.0] + [-2.0] * 4_000, unk_id=0,\n"
        f"                     flavour={flavour!r})\n"
        "ids = enc.encode_segment(('a' * 20 + 'c') * 20_000)\n"
        "print(len(ids), enc.encode_segment('a' * 40 + 'b'))\n", timeout=60)
    assert out.split("\n")[0] == "420000 [22]", out


def test_piece_lengths_at_every_power_of_two_boundary_are_found():
    """Pieces of 15-17, 31-33, 63-65 characters and their prefixes: the doubling levels of
    the lookup give every piece the full trie gives."""
    pieces = ["<unk>", "x"] + ["x" * k for k in (2, 15, 16, 17, 31, 32, 33, 63, 64, 65, 200)]
    scores = [0.0, -1.0] + [-float(len(p)) ** 0.5 for p in pieces[2:]]
    enc = UnigramEncoder(pieces, scores, unk_id=0)
    found = {(s, e) for s, e, _, _ in enc.lattice("x" * 210)}
    want = {(s, s + len(p)) for s in range(210) for p in pieces[1:] if s + len(p) <= 210}
    assert found == want


def _full_trie_path(pieces: list[str], scores: list[float], text: str) -> list[int]:
    """The Viterbi of the module's rules over every piece found by trying every length:
    the reference the lookup must agree with (HF's arithmetic, ties to the earlier start)."""
    index = {p: i for i, p in enumerate(pieces) if p}
    lowest = min(scores) - 10.0
    best = [0.0] + [None] * len(text)
    back: list[tuple[int, int]] = [(-1, -1)] * (len(text) + 1)
    for i in range(len(text)):
        one = index.get(text[i], -1)
        for j in range(i + 1, len(text) + 1):
            pid = index.get(text[i:j], -1 if j == i + 1 else None)
            if pid is None:
                continue
            value = best[i] + (scores[pid] if pid >= 0 else lowest)
            if best[j] is None or value > best[j]:
                best[j], back[j] = value, (i, pid if j > i + 1 or one >= 0 else -1)
    out, end = [], len(text)
    while end > 0:
        start, pid = back[end]
        out.append(pid)
        end = start
    return out[::-1]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.text("ab", min_size=1, max_size=70), min_size=1, max_size=25, unique=True),
       st.text("ab", max_size=160), st.integers(0, 2 ** 32 - 1))
def test_the_lookup_finds_what_trying_every_length_finds(pieces, text, seed):
    rng = random.Random(seed)
    pieces = ["<unk>", "a", "b"] + [p for p in pieces if p not in ("a", "b")]
    scores = [0.0] + [-rng.uniform(0.5, 8.0) for _ in pieces[1:]]
    enc = UnigramEncoder(pieces, scores)
    got = [pid for _, _, pid in enc.best_path(text)]
    assert got == _full_trie_path(pieces, scores, text)


def test_a_model_file_of_user_defined_long_pieces_loads_and_matches_them():
    """A USER_DEFINED piece of 5,000 characters is matched whole (it scores above any
    path), as sentencepiece matches it."""
    from bbpe_core.formats.sentencepiece import load_sentencepiece_model

    long = "xy" * 2_500
    pieces = [("<unk>", 0.0, 2), ("\u2581", -1.0, 1), ("x", -2.0, 1), ("y", -2.0, 1),
              (long, 0.0, 4)]
    enc = load_sentencepiece_model(_model(pieces, model_type=1, byte_fallback=False), name="ud")
    assert enc.encode("x" + long + "y") == [1, 2, 4, 3]


@settings(max_examples=40, deadline=None)
@given(st.lists(st.text("ab", min_size=1, max_size=70), min_size=1, max_size=25, unique=True),
       st.lists(st.text("ab", min_size=1, max_size=90), min_size=1, max_size=8),
       st.integers(0, 2 ** 32 - 1))
def test_texts_passed_together_reuse_shared_prefixes_with_long_pieces(pieces, texts, seed):
    """The HF flavour's pass over sorted texts restarts where a text stops sharing a
    prefix with the one before; the steps of pieces longer than the lookup's depth that
    cross that point are redone too."""
    rng = random.Random(seed)
    pieces = ["<unk>", "a", "b"] + [p for p in pieces if p not in ("a", "b")]
    scores = [0.0] + [-rng.uniform(0.5, 8.0) for _ in pieces[1:]]
    enc = UnigramEncoder(pieces, scores, unk_id=0)
    together = dict(enc._ids_each(sorted(set(texts))))
    alone = UnigramEncoder(pieces, scores, unk_id=0)
    assert together == {t: [i for i, _ in alone.pieces_of(t)] for t in set(texts)}
