"""The Train page: plain helpers, and AppTest for training, bad input and 'use this tokenizer'."""

from __future__ import annotations

from pathlib import Path

import pytest
from apptest import new_app

import bbpe_core
from playground.training import SAMPLES, compression_rows, merge_rows, new_token_lengths

ROOT = Path(__file__).resolve().parent.parent


def test_samples_are_about_a_megabyte_each():
    for path in SAMPLES.values():
        assert 900_000 < path.stat().st_size <= 1_000_000


def test_history_helpers():
    steps = []
    enc = bbpe_core.train("low lower lowest " * 50, 270, progress=steps.append)
    rows = compression_rows(steps, len(("low lower lowest " * 50).encode()))
    assert rows[0]["merges"] == 1 and rows[-1]["bytes per token"] > rows[0]["bytes per token"]
    first = merge_rows(steps)[0]
    assert (first["rank"] == 256 and first["count"] > 0
            and first["new token"] == first["left"] + first["right"])
    assert sum(new_token_lengths(enc).values()) == len(enc.merges)


@pytest.fixture
def page():
    at = new_app()
    at.run()
    at.switch_page("views/train.py").run()
    assert not at.exception
    return at


def test_train_and_use(page):
    page.slider(key="tr_vocab").set_value(512).run()
    page.button[0].click().run()
    assert not page.exception and "255 merges" in page.success[0].value
    assert len(page.dataframe) == 3  # first merges, last merges, bytes vs characters
    contrast = page.dataframe[2].value.to_dict("records")
    for table in page.dataframe:  # no None (or NaN) in any table shown
        assert not table.value.isna().any().any()
    assert contrast[0]["unknown symbols in unseen text"] == 0
    assert (contrast[1]["base vocabulary"] > 100
            and contrast[1]["unknown symbols in unseen text"] > 1000)
    [b for b in page.button if b.label == "Use this tokenizer"][0].click().run()
    assert "selector" in page.success[-1].value and page.code[-1].value == "trained-512"
    page.switch_page("views/playground.py").run()
    assert "trained-512" in page.selectbox(key="encoding").options


def test_bad_inputs_are_messages(page):
    page.radio(key="tr_source").set_value("paste").run()
    page.button[0].click().run()
    assert page.error[0].value == "Training stopped." and "empty" in page.code[0].value
    assert not page.exception
    page.text_area(key="tr_paste").input("aaaa" * 30 + "b").run()
    page.selectbox(key="tr_pattern").select("custom").run()
    page.text_input(key="tr_custom").input("(a|aa)+$").run()
    page.button[0].click().run()
    assert "Training stopped" in page.error[0].value and not page.exception
    page.text_input(key="tr_custom").input("(").run()
    page.button[0].click().run()
    assert "does not compile" in page.code[0].value


def test_merges_figure_grows_one_token_per_merge():
    from playground.charts import merges_figure

    steps = []
    bbpe_core.train("low lower lowest newer newest " * 40, 300, progress=steps.append)
    fig = merges_figure(steps, 256, points=10)
    sizes, counts = list(fig.data[0].y), list(fig.data[1].y)
    assert sizes[0] == 257 and sizes[-1] == 256 + len(steps) and sizes == sorted(sizes)
    assert len(sizes) <= 11 and list(fig.data[0].x)[-1] == len(steps)
    assert all(a >= b for a, b in zip(counts, counts[1:]))  # each pair no more frequent


def test_the_bpe_run_draws_its_merges_chart(page):
    import json

    page.slider(key="tr_vocab").set_value(512).run()
    page.button[0].click().run()
    titles = [json.loads(c.proto.spec)["layout"]["title"]["text"]
              for c in page.get("plotly_chart")]
    assert "BPE: the vocabulary grows merge by merge" in titles
    assert any("starts large and shrinks" in c.value for c in page.caption)
