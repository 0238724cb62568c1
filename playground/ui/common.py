"""Small Streamlit helpers shared by the playground's sections."""

from __future__ import annotations

from collections.abc import Callable

import streamlit as st

from ..render.base import esc
from ..selector.labels import info, label

__all__ = ["counted_with", "lost_sentence", "metric_row", "tokens_phrase", "problem", "said",
           "markdown_safe_name", "trained_run"]


def counted_with(name: str) -> None:
    """A line above the counts naming the model and encoding that count (the sidebar, which
    says it too, is hidden on a phone); a user's tokenizer name is escaped, never Markdown."""
    mine = "" if info(name) is not None else " (your tokenizer)"
    st.html(f'<p class="bbpe-counted">Counted with <b>{esc(label(name))}</b>{mine}</p>')


def tokens_phrase(n: int) -> str:
    """``n`` and the word token, singular or plural, with thousands separators.

    >>> tokens_phrase(1), tokens_phrase(1234)
    ('1 token', '1,234 tokens')
    """
    return f"{n:,} token{'' if n == 1 else 's'}"


def lost_sentence(lost: int) -> str:
    """Our sentence for ``lost`` characters an encoding cannot represent (numbers only).

    >>> lost_sentence(1)[:60]
    '1 character of this text cannot be represented by this encod'
    """
    one = lost == 1
    return (f"{lost:,} character{'' if one else 's'} of this text cannot be represented by this "
            f"encoding: {'it is' if one else 'they are'} lost, shown struck through in red. "
            "The unknown token stands for them and decodes as itself, not as the text, so its "
            "count and characters per token are not comparable with an encoding that keeps "
            "the whole text.")


def metric_row(items: list[tuple[str, str]]) -> None:
    """Draw ``(title, value)`` metrics side by side, one column each, in one compact row
    even on a phone (the ``bbpe-metrics`` rules of ``assets/style.css``)."""
    with st.container(key="pg_metrics"):
        for column, (title, value) in zip(st.columns(len(items)), items):
            column.metric(title, value)


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


def markdown_safe_name(name: str) -> str:
    """An encoding's name for a Markdown sentence of ours: a shipped name as it is, a user's
    tokenizer (whose name comes from a file) as the words "your tokenizer"."""
    return f"`{name}`" if info(name) is not None else "your tokenizer"


def trained_run(key: str, records: str, unit: str, chart: Callable[[dict], object],
                caption: str) -> dict | None:
    """The opening of a Train page result: the run the session keeps under ``key``, its
    success line (how many ``records`` it made, its time and n_vocab) and its chart.

    Args:
        key: the session key of the run (a dict with ``enc``, ``seconds`` and ``records``).
        records: the run's list the line counts, ``"steps"`` (a merge each) or ``"rounds"``.
        unit: the line's word for one record, ``"merges"`` or ``"rounds"``.
        chart: the run -> its Plotly figure, drawn (with ``caption`` under it, Markdown of
            ours) where the run made a record at all.
        caption: what the chart shows.

    Returns:
        The run, or None if the session keeps none (nothing is drawn).
    """
    result = st.session_state.get(key)
    if not result:
        return None
    made = result[records]
    st.success(f"{len(made):,} {unit} in {result['seconds']:.1f} s; "
               f"n_vocab {result['enc'].n_vocab:,}.")
    if made:
        st.plotly_chart(chart(result), width="stretch", key=f"{key}_chart")
        st.caption(caption)
    return result
