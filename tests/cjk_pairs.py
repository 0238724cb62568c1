"""Brute-force references for the CJK cut and the character path (test support, shared by
``test_char_cuts`` and ``test_char_path``): which character pairs a merge result could join,
and a hypothesis strategy of merge results cut at any byte."""

from __future__ import annotations

from hypothesis import strategies as st

__all__ = ["CHARS", "joined_pairs", "merge_results"]


def joined_pairs(merged: list[bytes], chars: list[str]) -> set[tuple[str, str]]:
    """By brute force: the pairs (A, B) some merge result could join, i.e. it splits into
    P + Q with P ending with all of A (or a proper suffix of A) and Q starting with all
    of B (or a proper prefix of B)."""
    pairs = set()
    for a in chars:
        ab = a.encode()
        for b in chars:
            bb = b.encode()
            for t in merged:
                for k in range(1, len(t)):
                    p, q = t[:k], t[k:]
                    left = p.endswith(ab) or (len(p) < 3 and ab.endswith(p))
                    right = q.startswith(bb) or (len(q) < 3 and bb.startswith(q))
                    if left and right:
                        pairs.add((a, b))
    return pairs


# characters chosen so that their bytes share lead and continuation bytes
CHARS = ["中", "丸", "国", "嘀", "あ", "ア", "한", "국", "\u9fff", "\uac00"]


@st.composite
def merge_results(draw, chars: list[str] = CHARS):
    """Byte strings cut from UTF-8 of strings of ``chars`` at any byte (partial characters too)."""
    results = []
    for _ in range(draw(st.integers(1, 6))):
        text = "".join(draw(st.lists(st.sampled_from(chars), min_size=1, max_size=4))).encode()
        i = draw(st.integers(0, len(text) - 1))
        j = draw(st.integers(i + 1, len(text)))
        results.append(text[i:j])
    return results
