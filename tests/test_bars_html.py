"""The Compare lab's HTML bar chart (playground.render.bars): escaped, in order, to scale."""

from __future__ import annotations

import re

from playground.render.bars import PALETTE, grouped_bars_html, nice_step


def _bars(chart: str) -> list[tuple[float, str, str]]:
    return [(float(h), c, t) for h, c, t in re.findall(
        r'<i class="bar" style="height:([\d.]+)%;background:(#\w+)" title="([^"]*)"></i>', chart)]


def test_bars_are_in_order_to_scale_and_coloured_by_series():
    chart = grouped_bars_html(["Thai", "English"], ["gpt2", "o200k_base"],
                              {("Thai", "gpt2"): 4.1, ("Thai", "o200k_base"): 1.5,
                               ("English", "gpt2"): 1.0}, title="t", y_title="y", x_title="x",
                              value_suffix="×")
    bars = _bars(chart)
    assert [t for _, _, t in bars] == ["Thai · gpt2: 4.1×", "Thai · o200k_base: 1.5×",
                                       "English · gpt2: 1×", "English · o200k_base: no value"]
    assert [c for _, c, _ in bars] == [PALETTE[0], PALETTE[1]] * 2
    ceiling = 5.0  # ticks of 1 up to 5 hold 4.1
    assert [h for h, _, _ in bars] == [round(100 * v / ceiling, 3) for v in (4.1, 1.5, 1.0, 0)]
    assert re.findall(r'<span class="label">(.*?)</span>', chart) == ["Thai", "English"]
    assert re.findall(r'<div class="tick" [^>]*><span>([^<]*)</span>', chart) == [
        "0", "1", "2", "3", "4", "5"]


def test_every_string_is_escaped():
    evil = '<img src=x onerror="alert(1)">'
    chart = grouped_bars_html([evil], [evil], {(evil, evil): 2.0}, title=evil, y_title=evil,
                              x_title=evil)
    assert "<img" not in chart and 'onerror="' not in chart
    # title (caption and aria-label), axis titles, legend, label, and twice in the tooltip
    assert chart.count("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;") == 8


def test_no_values_draws_an_empty_chart_with_a_zero_to_one_axis():
    chart = grouped_bars_html([], ["gpt2"], {}, title="t", y_title="y", x_title="x")
    assert not _bars(chart) and nice_step(0) == 1.0
