"""Chat mode's tools and images under AppTest: tool definitions counted through the model's
own template (or OpenAI's estimate, said to be one), a model whose template writes none said
so, bad JSON refused in one sentence, and images counted with their price by each provider's
rule."""

from __future__ import annotations

import json

import pytest
from apptest import live
from test_chat_tools import WEATHER

import bbpe_core
from playground.chat.images import IMAGE_RULES
from playground.chat.prompt import Message, build_prompt, chat_encoding
from playground.chat.templates import render_chat_prompt
from playground.chat.tools import MAX_TOOLS

TURNS = [{"role": "system", "content": "You are a helpful assistant."},
         {"role": "user", "content": "Hello! How many tokens is this?"}]


def _chat(app, model: str, tools: str):
    app.radio(key="pg_mode").set_value("Chat").run()
    app.selectbox(key="chat_model").select(model).run()
    live(app, "chat_tools", tools).run()
    assert not app.exception, app.exception
    return {m.label: m.value for m in app.metric}


def test_openai_models_count_tools_by_the_cookbooks_estimate(app):
    metrics = _chat(app, "gpt-4o", json.dumps([WEATHER]))
    prompt, _ = build_prompt([Message(t["role"], t["content"]) for t in TURNS], "gpt-4o")
    n = len(chat_encoding("gpt-4o").encode(prompt, allowed_special="all"))
    assert metrics["Tokens in the prompt"] == str(n)
    assert metrics["Tokens with the tools (estimate)"] == str(n + 68)
    assert any("OpenAI Cookbook" in c.value and "estimate" in c.value for c in app.caption)


def test_a_template_model_counts_the_tools_its_template_writes(app):
    metrics = _chat(app, "Qwen 3", json.dumps([WEATHER]))
    prompt = render_chat_prompt("Qwen 3", TURNS, tools=[WEATHER])
    enc = bbpe_core.get_encoding("qwen3")
    assert metrics["Tokens in the prompt"] == str(len(enc.encode(prompt, allowed_special="all")))
    added = len(enc.encode(prompt, allowed_special="all")) - \
        len(enc.encode(render_chat_prompt("Qwen 3", TURNS), allowed_special="all"))
    assert any(f"The tools add {added:,} tokens" in c.value for c in app.caption)


def test_a_template_without_tools_says_so(app):
    _chat(app, "DeepSeek V3 / R1", json.dumps([WEATHER]))
    assert any("writes no tool definitions" in i.value for i in app.info)


@pytest.mark.parametrize("text, message", [
    ("[{", "not valid JSON"),
    (json.dumps([WEATHER] * (MAX_TOOLS + 1)), f"at most {MAX_TOOLS}"),
    ('[{"type": "function", "function": {"name": "<script>"}}]', "function.name")])
def test_bad_tools_are_one_sentence_and_the_chat_is_still_counted(app, text, message):
    metrics = _chat(app, "gpt-4o", text)
    assert any(e.value == "The tools are not counted:" for e in app.error)
    assert any(message in c.value for c in app.code)
    assert "Tokens in the prompt" in metrics and "Tokens with the tools (estimate)" not in metrics


def test_images_are_counted_per_provider_with_a_price(app):
    _chat(app, "gpt-4o", "")
    table = app.dataframe[-1].value
    rows = dict(zip(table["rule"], table["tokens"]))
    assert rows["OpenAI gpt-4o / gpt-4.1"] == 765 and rows["Anthropic Claude"] == 1399
    assert rows["Google Gemini 2.0+"] == 4 * 258
    assert set(table["rule"]) == set(IMAGE_RULES) and (table["input price (USD)"] > 0).all()
    app.number_input(key="chat_img_count").set_value(3).run()
    app.radio(key="chat_img_detail").set_value("low").run()
    rows = dict(zip(app.dataframe[-1].value["rule"], app.dataframe[-1].value["tokens"]))
    assert rows["OpenAI gpt-4o / gpt-4.1"] == 3 * 85 and rows["Anthropic Claude"] == 3 * 1399
