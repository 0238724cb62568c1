"""Small Streamlit helpers shared by the playground's sections."""

from __future__ import annotations

import streamlit as st

__all__ = ["metric_row"]


def metric_row(items: list[tuple[str, str]]) -> None:
    """Draw ``(label, value)`` metrics side by side, one column each."""
    for column, (label, value) in zip(st.columns(len(items)), items):
        column.metric(label, value)
