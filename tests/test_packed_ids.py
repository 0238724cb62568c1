"""Packed ids (``packed_ids``): ``MARKER`` splits them only where it was put."""

from __future__ import annotations

import struct

from hypothesis import given
from hypothesis import strategies as st

from bbpe_core.models.bpe.fast.packed_ids import MARKER
from bbpe_core.validate import MAX_TOKEN_ID

# Ids with 0xFF bytes (which MARKER holds) and random ones, up to the largest id allowed.
marker_ids = st.one_of(st.integers(0, MAX_TOKEN_ID),
                       st.sampled_from([0xFF, 0xFE, 0xFEFF, 0xFFFE, 0xFFFF, 0x97FFFF, 0x97FEFF]))


@given(runs=st.lists(st.lists(marker_ids, max_size=5), min_size=1, max_size=6),
       order=st.sampled_from("<>"))
def test_marker_splits_packed_ids_only_between_ids(runs, order):
    """In either byte order, ``bytes.split(MARKER)`` finds only the markers put between
    packed ids (the word batch and the CJK cut rely on it)."""
    packed = [b"".join(struct.pack(f"{order}I", i) for i in run) for run in runs]
    assert MARKER.join(packed).split(MARKER) == packed
