"""Hostile share links and outputs (issue 42): a link is checked by shape (a value of a wrong
type is "This link could not be opened.", never a traceback), and what a page builds from a
small input is capped too (Decode mode's text, bytes and drawn view; a text's downloads).

Each case failed on the main branch before this change (a TypeError on the page, or a
Decode list of a few KB building tens of MB).
"""

from __future__ import annotations

import base64
import json
import zlib

import pytest
from apptest import new_app
from hypothesis import given, settings
from hypothesis import strategies as st
from limits import run_limited

import bbpe_core
from playground.caps import MAX_DECODE_BYTES, MAX_DRAWN_CHARS, MAX_SHOWN_HEX_BYTES
from playground.decode import decode_ids
from playground.share.links import decode_state

LONG_TOKEN = 35496
"""A 128-byte gpt2 token ("ÃÂÃÂ...", mojibake of a web crawl)."""


def _link(state: object) -> str:
    raw = json.dumps(state, ensure_ascii=True).encode()
    return base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode().rstrip("=")


@pytest.mark.parametrize("options", [
    {"special": []}, {"special": {}}, {"special": None}, {"compare": [[]]},
    {"compare": [{}]}, {"compare": "gpt2"}, {"chat_model": []}, {"chat_model": "x" * 10_000},
    {"messages": {}}, {"messages": [[[], "a"]]},
])
def test_a_link_with_an_option_of_the_wrong_shape_is_a_value_error(options):
    with pytest.raises(ValueError):
        decode_state(_link({"e": "gpt2", "m": "Text", "t": "hi", "o": options}), {"gpt2"},
                     {"Text", "Compare", "Chat"})


JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False)
                    | st.text(max_size=5),
                    lambda inner: st.lists(inner, max_size=3)
                    | st.dictionaries(st.text(max_size=5), inner, max_size=3), max_leaves=8)


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(st.sampled_from(["special", "compare", "chat_model", "messages"]), JSON,
                       max_size=4))
def test_any_option_shape_is_read_or_a_value_error(options):
    try:
        state = decode_state(_link({"e": "gpt2", "m": "Compare", "t": "hi", "o": options}),
                             {"gpt2", "cl100k_base"}, {"Compare"})
    except ValueError:
        return
    assert isinstance(state["options"], dict)


@pytest.mark.parametrize("options", [{"special": []}, {"special": {}}])
def test_the_playground_says_a_link_of_the_wrong_shape_could_not_be_opened(options):
    at = new_app()
    at.query_params["s"] = _link({"e": "gpt2", "m": "Text", "t": "hi", "o": options})
    at.run()
    assert not at.exception
    assert [w.value for w in at.warning] == ["This link could not be opened."]


def test_decode_refuses_ids_whose_tokens_hold_more_than_the_cap():
    enc = bbpe_core.get_encoding("gpt2")
    n = MAX_DECODE_BYTES // 128 + 1
    with pytest.raises(ValueError, match="bytes; the limit is"):
        decode_ids(enc, " ".join([str(LONG_TOKEN)] * n))
    assert len(decode_ids(enc, " ".join([str(LONG_TOKEN)] * (n - 1))).data) <= MAX_DECODE_BYTES


def test_a_hostile_decode_list_ends_fast_in_little_memory():
    code = ("import bbpe_core\nfrom playground.decode import decode_ids\n"
            f"typed = '[' + ','.join(['{LONG_TOKEN}'] * 100_000) + ']'\n"
            "try:\n    decode_ids(bbpe_core.get_encoding('gpt2'), typed)\n"
            "except ValueError as e:\n    print('refused', e)\n")
    done = run_limited(code, memory_bytes=512 << 20, timeout=60)
    assert done.stdout.startswith("refused"), done.stderr[-2000:]


def test_a_decode_link_of_long_tokens_shows_the_cap_not_the_text():
    at = new_app()
    ids = "[" + ",".join([str(LONG_TOKEN)] * 100_000) + "]"
    value = _link({"e": "gpt2", "m": "Decode", "t": ids})
    assert len(value) < 2_000
    at.query_params["s"] = value
    at.run()
    assert not at.exception
    assert any("the limit is" in e.value for e in at.error)
    assert sum(len(c.value) for c in at.code) < 100_000


def test_decode_draws_at_most_its_caps_of_hex_and_labelled_text():
    at = new_app()
    # 8,000 ids of a 128-byte token: 1,024,000 bytes, under the cap; the hex view is cut
    ids = " ".join([str(LONG_TOKEN)] * 8_000)
    at.query_params["s"] = _link({"e": "gpt2", "m": "Decode", "t": ids})
    at.run()
    assert not at.exception
    hexes = [c.value for c in at.code if c.value.startswith("c3 83 c3 82")]
    assert hexes and len(hexes[0]) <= 3 * MAX_SHOWN_HEX_BYTES
    assert any(f"the first {MAX_SHOWN_HEX_BYTES:,}" in c.value for c in at.caption)
    report = decode_ids(bbpe_core.get_encoding("gpt2"), ids)
    assert sum(len(t) for t, _ in report.drawn(MAX_DRAWN_CHARS)) <= MAX_DRAWN_CHARS
