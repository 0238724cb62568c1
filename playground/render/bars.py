"""A grouped bar chart as plain HTML and CSS, for a page's first chart.

Streamlit draws a plotly chart with plotly's whole script, which the browser fetches and runs
the first time a page shows one, and the server imports plotly and builds the figure first:
on a fresh server the Compare lab's first chart waited for both. This chart is a few
kilobytes of ``div`` elements styled by ``assets/style.css`` (``.bbpe-bars``): bars in groups,
a y axis with round ticks, every category's name written upright (so all of them fit a
phone's width), the value of each bar in its tooltip. Every string is HTML-escaped.
"""

from __future__ import annotations

import math

from .base import esc

__all__ = ["PALETTE", "nice_step", "grouped_bars_html"]

PALETTE = ("#0068c9", "#83c9ff", "#ff2b2b", "#ffabab", "#29b09d", "#7defa1", "#ff8700",
           "#ffd16a", "#6d3fc0", "#d5dae5")
"""Series colours, in order: Streamlit's light theme's categorical colours, which its plotly
theme gives every plotly chart (``streamlit/elements/lib/streamlit_plotly_theme.py`` names them
``CATEGORY_0`` to ``CATEGORY_9``; the frontend fills them in), so this chart's encodings have
the colours they have in the lab's plotly charts."""


def nice_step(top: float, ticks: int = 5) -> float:
    """A round tick step (1, 2 or 5 times a power of ten) giving at most about ``ticks``
    ticks from 0 to ``top``.

    >>> nice_step(4.3), nice_step(87), nice_step(0.4), nice_step(0)
    (1.0, 20.0, 0.1, 1.0)
    """
    if top <= 0:
        return 1.0
    raw = top / ticks
    power = 10 ** math.floor(math.log10(raw))
    return next(float(m * power) for m in (1, 2, 5, 10) if m * power >= raw)


def grouped_bars_html(categories: list[str], series: list[str],
                      values: dict[tuple[str, str], float | None], *, title: str,
                      y_title: str, x_title: str, value_suffix: str = "") -> str:
    """The chart's HTML: a group of bars per category, a bar per series, in the given orders.

    Args:
        categories: the groups, left to right (e.g. languages).
        series: the bars of each group, in order, coloured by ``PALETTE`` (cycled).
        values: (category, series) -> the bar's height; a missing or None value draws no bar.
        title, y_title, x_title: the chart's title and axis titles (with units).
        value_suffix: written after a value in a bar's tooltip (e.g. ``"×"``).

    Returns:
        An HTML fragment (``<figure class="bbpe-bars">``); it needs ``assets/style.css``.
    """
    top = max([v for v in values.values() if v is not None] + [0.0])
    step = nice_step(top)
    ceiling = step * max(1, math.ceil(top / step))
    ticks = "".join(f'<div class="tick" style="bottom:{100 * k * step / ceiling:.3f}%">'
                    f'<span>{k * step:g}</span></div>'
                    for k in range(int(round(ceiling / step)) + 1))
    colour = {s: PALETTE[k % len(PALETTE)] for k, s in enumerate(series)}
    groups = []
    for c in categories:
        bars = []
        for s in series:
            v = values.get((c, s))
            height = 0 if v is None else 100 * v / ceiling
            tip = f"{c} · {s}: {'no value' if v is None else f'{v:g}{value_suffix}'}"
            bars.append(f'<i class="bar" style="height:{height:.3f}%;background:{colour[s]}" '
                        f'title="{esc(tip)}"></i>')
        groups.append(f'<div class="group">{"".join(bars)}</div>')
    legend = "".join(f'<span class="key"><i style="background:{colour[s]}"></i>{esc(s)}</span>'
                     for s in series)
    labels = "".join(f'<div><span class="label">{esc(c)}</span></div>' for c in categories)
    return (f'<figure class="bbpe-bars" aria-label="{esc(title)}">'
            f'<figcaption class="title">{esc(title)}</figcaption>'
            f'<div class="legend">{legend}</div>'
            f'<div class="y-title">{esc(y_title)}</div>'
            f'<div class="plot"><div class="ticks">{ticks}</div>'
            f'<div class="groups">{"".join(groups)}</div></div>'
            f'<div class="labels">{labels}</div>'
            f'<div class="x-title">{esc(x_title)}</div></figure>')
