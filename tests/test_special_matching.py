"""Added and special tokens are cut out of text leftmost-longest, whatever their number (the
matcher is a trie of their texts)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from bbpe_core.special import special_segments


def _leftmost_longest(text: str, tokens: frozenset[str]) -> list[tuple[str, int, int, bool]]:
    out, pos, start = [], 0, 0
    while pos < len(text):
        found = max((t for t in tokens if text.startswith(t, pos)), key=len, default=None)
        if found is None:
            pos += 1
            continue
        if pos > start:
            out.append((text[start:pos], start, pos, False))
        out.append((found, pos, pos + len(found), True))
        pos = start = pos + len(found)
    if start < len(text):
        out.append((text[start:], start, len(text), False))
    return out


@given(tokens=st.frozensets(st.text(alphabet="ab<> \n", min_size=1, max_size=5), min_size=1,
                            max_size=12),
       text=st.text(alphabet="ab<> \nc", max_size=40))
def test_the_trie_matcher_cuts_leftmost_longest(tokens, text):
    assert special_segments(text, tokens) == _leftmost_longest(text, tokens)


def test_thousands_of_tokens_and_whitespace_runs():
    tokens = frozenset({" " * k for k in range(2, 32)} | {f"<unused{i}>" for i in range(6000)})
    text = "a" + " " * 40 + "<unused5999><unused12>b"
    cuts = special_segments(text, tokens)
    assert [c[0] for c in cuts] == ["a", " " * 31, " " * 9, "<unused5999>", "<unused12>", "b"]
