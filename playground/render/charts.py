"""Plotly figures for the playground (title, axes with units; captions live next to them)."""

from __future__ import annotations

import plotly.graph_objects as go
from plotly.subplots import make_subplots

from ..compare import Comparison

__all__ = ["token_count_bar", "MAX_BAR_LABELS", "TOOLBAR_PX", "below_toolbar", "count_bar",
           "grouped_bar", "lines", "merges_figure", "rounds_figure"]

TOOLBAR_PX = 36
"""Height of plotly's toolbar (the modebar: zoom, pan, download), drawn over the figure's top
right; every title starts below it."""


def below_toolbar(fig: go.Figure) -> go.Figure:
    """Move ``fig``'s title under the toolbar, which covered long titles (on a phone, any), and
    grow the top margin by as much so the plot keeps its room.

    >>> fig = below_toolbar(go.Figure(layout={"title": "T", "margin": {"t": 60}}))
    >>> fig.layout.title.pad.t, fig.layout.margin.t
    (36, 96)
    """
    top = (fig.layout.margin.t if fig.layout.margin.t is not None else 60) + TOOLBAR_PX
    fig.update_layout(title={"yref": "container", "y": 1, "yanchor": "top",
                             "pad": {"t": TOOLBAR_PX}}, margin={"t": top})
    return fig


def token_count_bar(results: list[Comparison], n_chars: int) -> go.Figure:
    """A bar per encoding: tokens for the same text, labelled with characters per token.

    Args:
        results: the comparisons, in display order.
        n_chars: characters in the text (for the labels).

    An encoding that lost characters (``Comparison.lost``) is drawn grey and says so: its
    count is not comparable, so it never looks the cheapest.

    Returns:
        The figure.
    """
    names = [r.name for r in results]
    counts = [r.n_tokens for r in results]
    labels = [(f"{c:,} ({n_chars / c:.2f} chars/token)" if c else "0")
              + (f", {r.lost:,} chars lost" if r.lost else "") for c, r in zip(counts, results)]
    colours = ["#b0b4be" if r.lost else "#5b6fd6" for r in results]
    fig = go.Figure(go.Bar(x=names, y=counts, text=labels, textposition="outside",
                           marker_color=colours))
    fig.update_layout(
        title="Tokens for the same text, per encoding",
        xaxis_title="encoding",
        yaxis_title="tokens (count)",
        margin={"t": 60, "b": 40, "l": 60, "r": 20},
        height=360,
    )
    return below_toolbar(fig)


MAX_BAR_LABELS = 24
"""Most bars that get their value written above them; more bars would overlap their labels,
so their values are in the hover only."""


def count_bar(labels: list[str] | list[int], counts: list[int], *, title: str, x_title: str,
              y_title: str, log_y: bool = False) -> go.Figure:
    """A plain bar chart of counts whose labels never overlap.

    Args:
        labels: bar labels (x); integers (e.g. token lengths) give a numeric axis, whose
            ticks plotly spaces apart, strings a category axis.
        counts: bar heights.
        title, x_title, y_title: chart title and axis titles (with units).
        log_y: a logarithmic y axis (for long tails).

    Returns:
        The figure: values written above the bars when there are at most ``MAX_BAR_LABELS``,
        and hidden where a label is wider than its bar (``uniformtext``); always in the hover.
    """
    text = [f"{c:,}" for c in counts] if len(counts) <= MAX_BAR_LABELS else None
    fig = go.Figure(go.Bar(x=labels, y=counts, text=text, textposition="outside",
                           hovertemplate="%{x}: %{y:,}<extra></extra>", marker_color="#5b6fd6"))
    fig.update_layout(title=title, xaxis_title=x_title, yaxis_title=y_title, height=360,
                      margin={"t": 60, "b": 40, "l": 60, "r": 20},
                      uniformtext={"minsize": 9, "mode": "hide"})
    if labels and all(isinstance(x, int) for x in labels):
        fig.update_xaxes(type="linear", tickformat="d")
    if log_y:  # ticks at powers of ten only ("1", "10", "100", "1k"), not "2 5 1000 2 5"
        fig.update_yaxes(type="log", dtick=1)
    return below_toolbar(fig)


def grouped_bar(rows: list[dict], *, x: str, y: str, color: str, title: str, x_title: str,
                y_title: str, log_y: bool = False) -> go.Figure:
    """Bars of ``y`` per ``x``, one colour per ``color`` value (plotly express), with a
    title and axis titles (units in the titles)."""
    import plotly.express as px

    fig = px.bar(rows, x=x, y=y, color=color, barmode="group", title=title, log_y=log_y,
                 labels={x: x_title, y: y_title, color: color})
    fig.update_layout(height=480, margin={"t": 100, "b": 40, "l": 60, "r": 40},
                      title={"y": 0.99, "yanchor": "top"},
                      legend={"orientation": "h", "yanchor": "bottom", "y": 1.01, "x": 0,
                              "title": {"text": ""}},  # above the plot: a phone keeps its width
                      modebar={"orientation": "v"})  # at the right edge, not over the title
    return fig


def lines(rows: list[dict], *, x: str, y: str, color: str, title: str, x_title: str,
          y_title: str) -> go.Figure:
    """Lines with markers of ``y`` over ``x``, one per ``color`` value."""
    import plotly.express as px

    fig = px.line(rows, x=x, y=y, color=color, line_dash=color, markers=True, title=title,
                  labels={x: x_title, y: y_title})
    fig.update_layout(height=400, margin={"t": 60, "b": 40, "l": 60, "r": 20})
    return below_toolbar(fig)


def rounds_figure(rows: list[dict]) -> go.Figure:
    """The vocabulary's size after each round's pruning (left axis, pieces) and the corpus'
    log-likelihood (right axis, natural log), over rounds; ``rows`` from ``round_rows``."""
    fig = make_subplots(specs=[[{"secondary_y": True}]])
    x = [r["round"] for r in rows]
    fig.add_trace(go.Scatter(x=x, y=[r["kept"] for r in rows], name="vocabulary size",
                             mode="lines+markers", line={"color": "#1f77b4"}), secondary_y=False)
    fig.add_trace(go.Scatter(x=x, y=[r["log-likelihood"] for r in rows], name="log-likelihood",
                             mode="lines+markers", line={"color": "#d62728", "dash": "dot"}),
                  secondary_y=True)
    fig.update_layout(title="Unigram: the vocabulary shrinks round by round",
                      legend={"orientation": "h", "yanchor": "bottom", "y": 1.01, "x": 0},
                      margin={"t": 90}, title_y=0.98)
    fig.update_xaxes(title_text="round", dtick=1)
    fig.update_yaxes(title_text="pieces (count)", secondary_y=False)
    fig.update_yaxes(title_text="log-likelihood (nats)", secondary_y=True)
    return below_toolbar(fig)


def merges_figure(steps: list, base_size: int, *, points: int = 400) -> go.Figure:
    """Byte-level BPE growing its vocabulary: the size after each merge (left axis, tokens:
    ``base_size`` plus the merges learned) and the merged pair's count in the corpus (right
    axis, occurrences); at most ``points + 1`` merges drawn, evenly spaced, the last always.

    Args:
        steps: the trainer's ``TrainStep`` per merge, in order.
        base_size: the vocabulary before the first merge (256 byte tokens).
        points: the most merges drawn.
    """
    every = max(1, -(-len(steps) // points))
    shown = steps[::every] + ([steps[-1]] if steps and (len(steps) - 1) % every else [])
    x = [s.merges_done for s in shown]
    fig = make_subplots(specs=[[{"secondary_y": True}]])
    fig.add_trace(go.Scatter(x=x, y=[base_size + s.merges_done for s in shown],
                             name="vocabulary size", mode="lines",
                             line={"color": "#1f77b4"}), secondary_y=False)
    fig.add_trace(go.Scatter(x=x, y=[s.count for s in shown], name="merged pair's count",
                             mode="lines", line={"color": "#d62728", "dash": "dot"}),
                  secondary_y=True)
    fig.update_layout(title="BPE: the vocabulary grows merge by merge",
                      legend={"orientation": "h", "yanchor": "bottom", "y": 1.01, "x": 0},
                      margin={"t": 90}, title_y=0.98)
    fig.update_xaxes(title_text="merges learned (count)")
    fig.update_yaxes(title_text="tokens (count)", secondary_y=False)
    fig.update_yaxes(title_text="pair occurrences (count, log scale)", type="log",
                     tickmode="auto", showgrid=False, secondary_y=True)
    return below_toolbar(fig)
