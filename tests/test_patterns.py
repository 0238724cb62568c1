"""The ASCII fast path of the split: each shipped pattern's ASCII equivalent (standard
library ``re``) cuts ASCII text exactly as the original (``regex``, pinned classes)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bbpe_core.pre_tokenizers.patterns import (
    ASCII_PATTERNS,
    compile_pattern,
    find_chunks,
    iter_split,
)
from oracles import ENCODING_NAMES

# Contraction letters in both cases, every ASCII space and control (\x1c-\x1f are not
# whitespace), '/' (o200k glues it after punctuation), digits, case changes.
BIASED = list("'sStTrReEvVmMlLdD aAzZ09/.-_\n\r\t\x0b\x0c\x1c\x1f\x00\x7f")
ascii_texts = st.one_of(st.text(alphabet=BIASED, max_size=80),
                        st.text(alphabet=st.characters(max_codepoint=127), max_size=80))


@pytest.mark.parametrize("pat_str", list(ASCII_PATTERNS), ids=ENCODING_NAMES)
@given(text=ascii_texts)
def test_ascii_equivalent_splits_as_the_original(pat_str, text):
    expected = compile_pattern(pat_str).findall(text)
    assert ASCII_PATTERNS[pat_str].findall(text) == expected
    assert find_chunks(text, pat_str) == expected
    assert [chunk for chunk, _, _ in iter_split(text, pat_str)] == expected


@pytest.mark.parametrize("pat_str", list(ASCII_PATTERNS), ids=ENCODING_NAMES)
def test_non_ascii_text_takes_the_regex_path(pat_str):
    text = "naïve café's 10000 'S"
    assert find_chunks(text, pat_str) == compile_pattern(pat_str).findall(text)
