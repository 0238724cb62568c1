"""``bbpe_core.visualize``: the Playground's chips as self-contained HTML for notebooks, plain
text for terminals, drawn in a fresh interpreter that never imports Streamlit or the app."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

import bbpe_core
from bbpe_core.viewer.html import group_shared
from playground.render.tokens import token_view_html

ROOT = Path(__file__).resolve().parent.parent
HOSTILE = 'Hi <script>alert("x")</script> 你好 🦙\n\tend'

FRESH = f"""
import json, sys
import bbpe_core
view = bbpe_core.visualize({HOSTILE!r}, "gpt2")
print(json.dumps({{"html": view._repr_html_(), "text": str(view),
                  "modules": sorted(m for m in sys.modules
                                    if m.split(".")[0] in ("streamlit", "playground"))}}))
"""


@pytest.fixture(scope="module")
def fresh():
    done = subprocess.run([sys.executable, "-c", FRESH], cwd=ROOT, capture_output=True,
                          text=True, timeout=120, check=True, env={"PYTHONPATH": str(ROOT)})
    return json.loads(done.stdout)


def test_rendered_in_a_fresh_process_without_streamlit_or_the_app(fresh):
    assert fresh["modules"] == []
    assert fresh["html"].startswith('<div class="bbpe-nb"><style>')


def test_the_html_is_self_contained_and_escaped(fresh):
    html = fresh["html"]
    assert "<script" not in html and "&lt;" in html and "&quot;" in html
    assert not re.search(r"(?i)\b(src|href)=|@import|url\(|https?:", html)


def test_each_chip_carries_the_ids_and_bytes_the_playground_shows(fresh):
    enc = bbpe_core.get_encoding("gpt2")
    spans = enc.encode_detailed(HOSTILE)
    titles = re.findall(r'title="([^"]*)"', fresh["html"])
    assert len(titles) == len(group_shared(spans)) < len(spans)  # 你, 好 and 🦙 are cut
    assert titles == re.findall(r'class="tok[^"]*"[^>]*title="([^"]*)"',
                                token_view_html(HOSTILE, spans))
    assert titles[0] == f"id {spans[0].id} &#x27;Hi&#x27; bytes 48 69"


def test_str_is_plain_text_with_every_token(fresh):
    head, pieces, ids = fresh["text"].split("\n")
    enc = bbpe_core.get_encoding("gpt2")
    assert head == f"gpt2: {len(enc.encode(HOSTILE))} tokens, {len(HOSTILE)} characters"
    groups = group_shared(enc.encode_detailed(HOSTILE))
    assert pieces.strip("|").replace("↵", "\n").replace("→", "\t").split("|") == [
        HOSTILE[g[0].start:max(s.end for s in g)] for g in groups]
    assert json.loads(ids) == enc.encode(HOSTILE)


@pytest.mark.parametrize("name", ["llama2", "bert_base_uncased", "t5"])
def test_other_model_kinds_draw_every_token(name):
    view = bbpe_core.visualize("Hello, wörld!", name)
    assert view.ids == bbpe_core.get_encoding(name).encode("Hello, wörld!")
    assert view._repr_html_().count('class="tok') == len(group_shared(view.spans))


def test_a_long_text_draws_its_first_tokens_and_counts_all():
    view = bbpe_core.visualize("word" + " word" * 99, "gpt2", max_tokens=10)
    assert len(view.spans) == 10 and view.n_tokens == 100
    assert "100 tokens" in str(view) and "the first 10 drawn" in view._repr_html_()


def test_special_tokens_follow_encode():
    with pytest.raises(ValueError, match="disallowed special"):
        bbpe_core.visualize("a<|endoftext|>", "gpt2")
    view = bbpe_core.visualize("a<|endoftext|>", "gpt2", allowed_special="all")
    assert view.ids == [64, 50256] and 'class="tok special"' in view._repr_html_()


@pytest.mark.parametrize("bad", [0, -1, 2.0, True])
def test_a_bad_max_tokens_is_refused_by_name(bad):
    with pytest.raises(ValueError, match="max_tokens"):
        bbpe_core.visualize("hi", "gpt2", max_tokens=bad)
