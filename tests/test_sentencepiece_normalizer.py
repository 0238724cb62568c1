"""The ``sentencepiece`` normalizer's fast paths (a class search that skips what is copied
as it is; one ``str.translate`` when no multi-character rule can apply) give what the
plain per-position loop of ``normalizer.cc`` gives, text and offsets, on every flag
setting, with and without user-defined pieces; and the library's own ``normalize``.

The oracle below is that loop (``Normalizer::Normalize`` with ``NormalizePrefix`` at every
position), over the charsmap's own trie walk (``CharsMap.longest_match``)."""

from __future__ import annotations

from functools import cache
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from zoo_oracles import _ref

from bbpe_core import load_sentencepiece_model
from bbpe_core.normalizers import sentencepiece as spn
from bbpe_core.normalizers.precompiled import CharsMap
from bbpe_core.normalizers.sentencepiece import SentencePieceNormalizer

MODELS = {"jurassic2": "jurassic2.model", "botchan": "botchan_en_unigram_1000.model"}
"""jurassic2: nmt_nfkc, spaces kept, no dummy prefix, user-defined ``,()``; botchan:
nmt_nfkc, extra spaces removed, dummy prefix."""


@cache
def model_normalizer(name: str) -> SentencePieceNormalizer:
    """The normalizer of a reference ``.model``."""
    return load_sentencepiece_model(_ref(MODELS[name]), name=name).normalizer


@cache
def charsmap() -> CharsMap:
    """jurassic2's precompiled map (nmt_nfkc)."""
    return model_normalizer("jurassic2").charsmap


def all_keys(chars: CharsMap) -> list[str]:
    """Every key the trie holds (a walk over the children of each node, as
    ``CharsMap.rule_chars`` builds them), longest keys included."""
    children: dict[int, list[int]] = {}
    for pos, unit in enumerate(chars.units):
        if not unit & 0x80000000:
            children.setdefault(pos ^ (unit & 0xFF), []).append(pos)
    keys, stack = [], [(chars.root, b"")]
    while stack:
        node, key = stack.pop()
        for pos in children.get(node, ()):
            if pos == node:
                continue
            data = key + bytes([pos ^ node])
            if chars.units[pos] >> 8 & 1:
                keys.append(data.decode("utf-8", "surrogatepass"))
            if len(data) < 12:
                stack.append((pos ^ (chars.units[pos] >> 10 << ((chars.units[pos] & 512) >> 6)),
                              data))
    return sorted(keys)


@cache
def keys() -> list[str]:
    """jurassic2's keys."""
    return all_keys(charsmap())


def oracle(norm: SentencePieceNormalizer, text: str) -> tuple[str, list[tuple[int, int]]]:
    """``normalizer.cc``'s loop, one ``NormalizePrefix`` per position, no scan."""
    users = sorted(norm.user_defined, key=len, reverse=True)

    def prefix(pos: int) -> tuple[str, int]:
        for piece in users:
            if text.startswith(piece, pos):
                return piece, len(piece)
        found = norm.charsmap.longest_match(text, pos) if norm.charsmap else None
        return (found[1], found[0]) if found else (text[pos], 1)

    space = "▁" if norm.escape_whitespaces else " "
    pos, n, remove = 0, len(text), norm.remove_extra_whitespaces
    while remove and pos < n and (found := prefix(pos))[0] == " ":
        pos += found[1]
    if pos == n:
        return "", []
    out, spans = [], []
    if norm.add_dummy_prefix:
        out.append(space)
        spans.append((pos, pos))
    is_prev_space = remove
    while pos < n:
        piece, size = prefix(pos)
        if is_prev_space:
            piece = piece.lstrip(" ")
        if piece:
            is_prev_space = piece.endswith(" ")
            piece = piece.replace(" ", space)
            out += piece
            spans += [(pos, pos + size)] * len(piece)
        pos += size
        if not remove:
            is_prev_space = False
    while remove and out and out[-1] == space:
        out.pop()
        spans.pop()
    return "".join(out), spans


def test_the_key_walk_finds_each_key_the_map_matches():
    found = keys()
    assert len(found) > 4000 and any(len(k) > 1 for k in found)
    for key in found[::7]:
        assert charsmap().longest_match(key, 0)[0] == len(key), key


LIGATURES = "ﬀﬁﬂﬃﬄﬅﬆĲĳǄǅǆǇǈǉǊǋǌ"
WHITESPACE = [" ", "  ", "   ", "\t", "\n", "\r\n", "\u3000", "\xa0", "▁", "\u2028", "\u200b"]
pieces = st.one_of(
    st.deferred(lambda: st.sampled_from(keys())),
    st.characters(min_codepoint=0xFF01, max_codepoint=0xFFEE),  # full-width, half-width
    st.sampled_from(LIGATURES),
    st.characters(min_codepoint=0x300, max_codepoint=0x36F),  # combining marks
    st.characters(categories=["Mn", "Mc", "Me"]),
    st.characters(min_codepoint=0x1100, max_codepoint=0x11FF),  # conjoining jamo
    st.characters(min_codepoint=0x3099, max_codepoint=0x30FF),  # kana, combining (semi-)voiced
    st.sampled_from(WHITESPACE),
    st.characters(categories=["Cc", "Cf", "Cs"]),  # controls, formats, lone surrogates
    st.sampled_from(list("aeouAKx,()") + ["ab", "▁▁", "xﬁ", "a\u3000", "①②"]),
    st.characters(),
    st.characters(min_codepoint=0x10000),
)
texts = st.lists(pieces, max_size=40).map("".join)
users = st.sampled_from([(), (",", "(", ")"), ("ab", "a", "▁▁", " x", "\u3000"), ("ｶﾞ", "ﬁ"),
                        ("xﬁ", "a\u3000", "①②")])
flags = st.tuples(st.booleans(), st.booleans(), st.booleans())


@settings(max_examples=400, deadline=None)
@given(text=texts, user=users, flag=flags, repeat=st.sampled_from([1, 3]))
def test_fast_paths_match_the_per_position_loop(text, user, flag, repeat):
    norm = normalizer(user, flag)
    text *= repeat
    expected = oracle(norm, text)
    with mock.patch.object(spn, "_LONG", 0):  # the scan and translate on short texts
        assert norm.normalize_with_offsets(text) == expected
        assert norm.normalize(text) == expected[0]
    assert norm.normalize_with_offsets(text) == expected  # the short path
    assert norm.normalize(text) == expected[0]


@cache
def normalizer(user: tuple[str, ...], flag: tuple[bool, bool, bool]) -> SentencePieceNormalizer:
    """One normalizer per setting, kept across examples, so its translation table fills up
    as it would in use."""
    dummy, remove, escape = flag
    return SentencePieceNormalizer(charsmap(), add_dummy_prefix=dummy,
                                   remove_extra_whitespaces=remove, escape_whitespaces=escape,
                                   user_defined=user)


@settings(max_examples=60, deadline=None)
@given(text=texts, name=st.sampled_from(list(MODELS)))
def test_long_texts_match_the_loop_and_the_library(text, name):
    sentencepiece = pytest.importorskip("sentencepiece")
    norm = model_normalizer(name)
    long = (text + " ") * (spn._LONG // (len(text) + 1) + 1)
    assert norm.normalize_with_offsets(long) == oracle(norm, long)
    if not any("\ud800" <= c <= "\udfff" for c in long):
        processor = library(name, sentencepiece)
        assert norm.normalize(long) == processor.normalize(long)


@cache
def library(name: str, sentencepiece):
    """The ``sentencepiece`` library's processor for a reference ``.model``."""
    return sentencepiece.SentencePieceProcessor(model_file=str(_ref(MODELS[name])))


def test_without_a_charsmap_only_spaces_change():
    norm = SentencePieceNormalizer(None)
    text = "  Hello   world ﬁ " * 1000
    assert norm.normalize(text) == oracle(norm, text)[0]
    assert norm.normalize_with_offsets(text) == oracle(norm, text)


@pytest.mark.parametrize("user", [(), ("xﬁ", "a\u3000", "①②"), (",", "(", ")")])
@pytest.mark.parametrize("flag", [(False, False, True), (True, True, True), (True, False, False)])
@pytest.mark.parametrize("text", [
    "plain words, and (user) pieces xﬁ a\u3000 ①② ①",  # a user piece shields a rule
    "e\u0301 A\u030a \u1100\u1161\u11a8 ｶﾞ \u30af\u3099",  # rules of 2-3 characters
    "\u0301 starts with a mark; ends with one e\u0301",
    "spaces   and\ttabs\n\n\u3000 ideographic ▁ marks ▁▁  ",
    "astral \U0001d538 \U0001f9ec \U0002f800 ﬁ",  # U+2F800 is a rule, the others are not
])
def test_each_path_on_long_text(text, user, flag):
    norm = normalizer(user, flag)
    long = text * (spn._LONG // len(text) + 1)
    expected = oracle(norm, long)
    assert norm.normalize_with_offsets(long) == expected
    assert norm.normalize(long) == expected[0]


RULES = "2603\t20 20 78 20 20\n2604\t20\n2605\t79 20 20 7A\n2606 2607\t20 20\n0041\t20 61\n"
"""Custom normalization rules (sentencepiece's ``normalization_rule_tsv``): replacements
with runs of spaces (☃ -> "  x  ", ★ -> "y  z", ☆☇ -> "  "), which nmt_nfkc never has."""


@pytest.fixture(scope="module")
def custom(tmp_path_factory):
    """``(processor, our normalizer)`` of a tiny model trained with ``RULES``."""
    sentencepiece = pytest.importorskip("sentencepiece")
    root = tmp_path_factory.mktemp("rules")
    (root / "rules.tsv").write_text(RULES, encoding="utf-8")
    (root / "in.txt").write_text("hello world ☃ ☄ ★ ☆☇ A\n" * 200, encoding="utf-8")
    sentencepiece.SentencePieceTrainer.train(
        input=str(root / "in.txt"), model_prefix=str(root / "m"), vocab_size=40,
        normalization_rule_tsv=str(root / "rules.tsv"), model_type="unigram", minloglevel=2,
        hard_vocab_limit=False)
    model = root / "m.model"
    return (sentencepiece.SentencePieceProcessor(model_file=str(model)),
            load_sentencepiece_model(model, name="rules").normalizer)


@settings(max_examples=150, deadline=None)
@given(text=st.lists(st.sampled_from(list("☃☄★☆☇Aab ") + ["  ", "\t", "▁"]), max_size=30)
       .map("".join))
def test_rules_with_runs_of_spaces(custom, text):
    processor, norm = custom
    assert norm.remove_extra_whitespaces and norm.add_dummy_prefix
    with mock.patch.object(spn, "_LONG", 0):
        assert norm.normalize_with_offsets(text) == oracle(norm, text)
        assert norm.normalize(text) == processor.normalize(text)
    long = text * (spn._LONG // (len(text) + 1) + 1)
    assert norm.normalize(long) == processor.normalize(long) == oracle(norm, long)[0]
