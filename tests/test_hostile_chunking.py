"""The hardest texts the chunk view and ``/chunk`` accept, cut in a fresh interpreter under
1 GiB of address space and a 300 s kill (``tests/limits.py``): texts with no boundary at all
(one run of emoji, one long word, Chinese without punctuation), a WordPiece text of only spaces
(no tokens), each at ``MAX_CHUNK_BYTES`` and with the most chunks ``chunk_budget`` lets through.
Each must end in chunks that join back to the text, each within ``max_tokens``."""

from __future__ import annotations

import pytest
from limits import run_limited

CASE = """
import bbpe_core
from bbpe_core.chunking import chunk_bounds
from playground.caps import MAX_CHUNK_BYTES, MAX_CHUNKS, chunk_budget
enc = bbpe_core.get_encoding({name!r})
text = ({piece!r} * MAX_CHUNK_BYTES).encode()[:MAX_CHUNK_BYTES].decode("utf-8", "ignore")
n = len(enc.encode_ordinary(text))
max_tokens = max(-(-n // MAX_CHUNKS) + {overlap}, {overlap} + 1)
chunk_budget(n, max_tokens, {overlap})
bounds = chunk_bounds(text, enc, max_tokens, {overlap})
assert "".join(text[max(a, p):b] for (a, b), p in zip(bounds, [0] + [b for _, b in bounds])) == text
assert all(len(enc.encode_ordinary(text[a:b])) <= max_tokens for a, b in bounds)
print(len(bounds))
"""


@pytest.mark.parametrize("name, piece, overlap", [
    ("gpt2", "🦙", 0), ("gpt2", "🦙", 8), ("cl100k_base", "x", 4), ("llama2", "山水", 0),
    ("t5", "ab", 2), ("bert_base_uncased", " ", 0),
])
def test_text_without_boundaries_is_cut_within_the_limits(name, piece, overlap):
    done = run_limited(CASE.format(name=name, piece=piece, overlap=overlap), timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    assert int(done.stdout) >= 1
