"""The Train page: plain helpers, and AppTest for training, bad input and 'use this tokenizer'."""

from __future__ import annotations

from pathlib import Path

import bbpe_core
from playground.training.bpe import SAMPLES, compression_rows, merge_rows, new_token_lengths

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


def test_train_and_use(train_app):
    train_app.slider(key="tr_vocab").set_value(512).run()
    train_app.button[0].click().run()
    assert not train_app.exception and "255 merges" in train_app.success[0].value
    assert len(train_app.dataframe) == 3  # first merges, last merges, bytes vs characters
    contrast = train_app.dataframe[2].value.to_dict("records")
    for table in train_app.dataframe:  # no None (or NaN) in any table shown
        assert not table.value.isna().any().any()
    assert contrast[0]["unknown symbols in unseen text"] == 0
    assert (contrast[1]["base vocabulary"] > 100
            and contrast[1]["unknown symbols in unseen text"] > 1000)
    [b for b in train_app.button if b.label == "Use this tokenizer"][0].click().run()
    assert "selector" in train_app.success[-1].value and train_app.code[-1].value == "trained-512"
    train_app.switch_page("views/playground.py").run()
    assert "trained-512" in train_app.selectbox(key="encoding").options


def test_bad_inputs_are_messages(train_app):
    train_app.radio(key="tr_source").set_value("paste").run()
    train_app.button[0].click().run()
    assert train_app.error[0].value == "Training stopped." and "empty" in train_app.code[0].value
    assert not train_app.exception
    train_app.text_area(key="tr_paste").input("aaaa" * 30 + "b").run()
    train_app.selectbox(key="tr_pattern").select("custom").run()
    train_app.text_input(key="tr_custom").input("(a|aa)+$").run()
    train_app.button[0].click().run()
    assert "Training stopped" in train_app.error[0].value and not train_app.exception
    train_app.text_input(key="tr_custom").input("(").run()
    train_app.button[0].click().run()
    assert "does not compile" in train_app.code[0].value


def test_merges_figure_grows_one_token_per_merge():
    from playground.render.charts import merges_figure

    steps = []
    bbpe_core.train("low lower lowest newer newest " * 40, 300, progress=steps.append)
    fig = merges_figure(steps, 256, points=10)
    sizes, counts = list(fig.data[0].y), list(fig.data[1].y)
    assert sizes[0] == 257 and sizes[-1] == 256 + len(steps) and sizes == sorted(sizes)
    assert len(sizes) <= 11 and list(fig.data[0].x)[-1] == len(steps)
    assert all(a >= b for a, b in zip(counts, counts[1:]))  # each pair no more frequent


def test_the_bpe_run_draws_its_merges_chart(train_app):
    import json

    train_app.slider(key="tr_vocab").set_value(512).run()
    train_app.button[0].click().run()
    titles = [json.loads(c.proto.spec)["layout"]["title"]["text"]
              for c in train_app.get("plotly_chart")]
    assert "BPE: the vocabulary grows merge by merge" in titles
    assert any("starts large and shrinks" in c.value for c in train_app.caption)
