"""Small Streamlit helpers shared by the playground's sections."""

from __future__ import annotations

import streamlit as st

__all__ = ["metric_row", "problem", "said"]


def metric_row(items: list[tuple[str, str]]) -> None:
    """Draw ``(label, value)`` metrics side by side, one column each."""
    for column, (label, value) in zip(st.columns(len(items)), items):
        column.metric(label, value)


def problem(message: str, detail: str, *, level: str = "error") -> None:
    """Show a fixed message (Markdown of ours) and, under it, a detail that may hold user
    strings (file names, tokens, patterns, link contents) as plain code text, never Markdown.

    Args:
        message: our own sentence.
        detail: anything else, e.g. ``str(exception)``.
        level: ``"error"`` or ``"warning"``.
    """
    (st.warning if level == "warning" else st.error)(message)
    st.code(detail, language=None, wrap_lines=True)


def said(message: str, detail: str) -> None:
    """A success message of ours followed by a user string as plain code text."""
    st.success(message)
    st.code(detail, language=None, wrap_lines=True)
