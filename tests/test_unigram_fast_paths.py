"""The cold path's shortcuts give what the plain code gives: the precompiled map's
replacement of a few characters by ``str.replace`` passes (``precompiled._translate``)
against ``str.translate``."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from bbpe_core.normalizers.precompiled import _REPLACES, _translate

_CHARS = st.sampled_from("ab c\n…´，！a\u0301")


@settings(max_examples=300, deadline=None)
@given(text=st.text(_CHARS, max_size=40),
       table=st.dictionaries(_CHARS, st.text(_CHARS, max_size=3), max_size=6))
def test_a_few_replacements_are_str_translate(text, table):
    """Values may hold keys (then one ``str.translate`` pass: replacing in turn would
    replace a replacement) or be empty."""
    assert _translate(text, table) == text.translate({ord(k): v for k, v in table.items()})


def test_a_value_holding_a_key_is_not_replaced_again():
    assert _translate("ab", {"a": "b", "b": "c"}) == "bc"
    assert _translate("a\nb", {"\n": " ", "a": "..."}) == "... b"


def test_many_keys_take_one_translate_pass():
    table = {chr(0xFF01 + k): chr(0x21 + k) for k in range(_REPLACES + 1)}
    text = "".join(table) * 3
    assert _translate(text, table) == "".join(table.values()) * 3
