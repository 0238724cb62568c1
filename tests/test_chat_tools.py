"""Tool definitions in chat prompts: each template renders them as transformers'
``apply_chat_template(tools=...)`` does (``render_jinja_template``, the same template and
tools), Mistral NeMo's as mistral-common writes them, gpt-oss's as the harmony format's guide
lays out its published example, a model file's template in the sandbox as transformers does;
OpenAI's models by the OpenAI Cookbook's published method and its published counts."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_chat_sandbox import _file_template

import bbpe_core
from bbpe_core.encodings.data import data_file
from playground.chat.prompt import CHAT_MODELS, chat_encoding, tokens_per_message
from playground.chat.sandbox import sandboxed_prompt_ranges
from playground.chat.templates import TEMPLATE_MODELS, prompt_ranges, render_chat_prompt
from playground.chat.tools import (
    MAX_TOOL_DEPTH,
    MAX_TOOLS,
    MAX_TOOLS_CHARS,
    openai_tools_tokens,
    parse_tools,
)

REFS = Path(__file__).resolve().parent / ".refs"


def _hf(template: str, messages: list[dict], variables: dict[str, str], tools: list[dict]
        ) -> str:
    from transformers.utils.chat_template_utils import render_jinja_template
    rendered, _ = render_jinja_template(conversations=[messages], chat_template=template,
                                        tools=tools, add_generation_prompt=True, **variables)
    return rendered[0]


def _fn(name: str, description: str, properties: dict, required: list[str]) -> dict:
    return {"type": "function", "function": {
        "name": name, "description": description,
        "parameters": {"type": "object", "properties": properties, "required": required}}}


WEATHER = _fn("get_current_weather", "Get the current weather in a given location", {
    "location": {"type": "string", "description": "The city and state, e.g. San Francisco, CA"},
    "unit": {"type": "string", "description": "The unit of temperature to return",
             "enum": ["celsius", "fahrenheit"]}}, ["location"])
"""The OpenAI Cookbook's example tool (How_to_count_tokens_with_tiktoken.ipynb)."""
TOOLS = [WEATHER, _fn("search", "Search the web. Ünïcode 你好.", {
    "query": {"type": "string"}, "top_k": {"type": "integer", "default": 5},
    "sites": {"type": "array", "items": {"type": "string"}, "description": "Sites."},
    "safe": {"type": "boolean"}}, ["query"])]
CHAT = [{"role": "system", "content": "You help."}, {"role": "user", "content": "Hi"},
        {"role": "assistant", "content": "Hello!"}, {"role": "user", "content": "Weather in SF?"}]


def _source(label: str) -> tuple[str, dict[str, str]]:
    _, source, bos, eos = TEMPLATE_MODELS[label]
    return data_file(source).decode("utf-8"), {"bos_token": bos, "eos_token": eos}


@pytest.mark.parametrize("label", list(TEMPLATE_MODELS))
def test_each_template_renders_tools_as_transformers_does(label):
    template, variables = _source(label)
    for chat in (CHAT, CHAT[1:2]):
        assert render_chat_prompt(label, chat, tools=TOOLS) == _hf(template, chat, variables,
                                                                   TOOLS)
    prompt, ranges = prompt_ranges(label, CHAT, tools=TOOLS)
    enc = bbpe_core.get_encoding(TEMPLATE_MODELS[label][0])
    counts = tokens_per_message(enc.encode_detailed(prompt, allowed_special="all"), ranges)
    assert sum(counts) == len(enc.encode(prompt, allowed_special="all"))


def test_which_templates_write_tools():
    """Llama 3.1's, Qwen 3's, Mistral's and harmony's write them; DeepSeek V3 / R1's published
    template has no tools block, so its prompt does not change."""
    written = {label for label in TEMPLATE_MODELS
               if render_chat_prompt(label, CHAT, tools=TOOLS) != render_chat_prompt(label, CHAT)}
    assert written == {"Llama 3.x", "Qwen 3", "Mistral NeMo", "gpt-oss (harmony)"}


def test_mistral_nemo_writes_tools_as_mistral_common_does():
    from mistral_common.protocol.instruct.messages import (
        AssistantMessage,
        SystemMessage,
        UserMessage,
    )
    from mistral_common.protocol.instruct.request import ChatCompletionRequest
    from mistral_common.protocol.instruct.tool_calls import Function, Tool
    from mistral_common.tokens.tokenizers.base import SpecialTokenPolicy
    from mistral_common.tokens.tokenizers.mistral import MistralTokenizer

    tokenizer = MistralTokenizer.from_file(str(REFS / "tekken_240718.json"))
    request = ChatCompletionRequest(
        messages=[SystemMessage(content="You help."), UserMessage(content="Hi"),
                  AssistantMessage(content="Hello!"), UserMessage(content="Weather in SF?")],
        tools=[Tool(function=Function(**t["function"])) for t in TOOLS])
    ids = tokenizer.encode_chat_completion(request).tokens
    assert render_chat_prompt("mistral_tekken", CHAT, tools=TOOLS) == \
        tokenizer.decode(ids, special_token_policy=SpecialTokenPolicy.KEEP)


HARMONY_TOOLS = """<|start|>developer<|message|># Instructions

Use a friendly tone.

# Tools

## functions

namespace functions {

// Gets the location of the user.
type get_location = () => any;

// Gets the current weather in the provided location.
type get_current_weather = (_: {
// The city and state, e.g. San Francisco, CA
location: string,
format?: "celsius" | "fahrenheit", // default: celsius
}) => any;

// Gets the current weather in the provided list of locations.
type get_multiple_weathers = (_: {
// List of city and state, e.g. ["San Francisco, CA", "New York, NY"]
locations: string[],
format?: "celsius" | "fahrenheit", // default: celsius
}) => any;

} // namespace functions<|end|><|start|>user<|message|>What is the weather like in SF?<|end|>\
<|start|>assistant"""
"""openai/harmony docs/format.md, "Function calling", its example after the system message."""
TEMPLATE_DEFAULT = ("// default: celsius\n", "// default: celsius,\n")
"""The one difference of gpt-oss's published chat template from the guide's example: it writes
a comma after a parameter's default. The template is what transformers (and Chat mode)
render; the guide shows OpenAI's harmony renderer."""


def test_gpt_oss_writes_the_harmony_guides_example():
    fmt = {"type": "string", "enum": ["celsius", "fahrenheit"], "default": "celsius"}
    tools = [
        _fn("get_location", "Gets the location of the user.", {}, []),
        _fn("get_current_weather", "Gets the current weather in the provided location.", {
            "location": {"type": "string",
                         "description": "The city and state, e.g. San Francisco, CA"},
            "format": fmt}, ["location"]),
        _fn("get_multiple_weathers", "Gets the current weather in the provided list of "
            "locations.", {"locations": {"type": "array", "items": {"type": "string"},
                           "description": 'List of city and state, e.g. ["San Francisco, CA", '
                           '"New York, NY"]'}, "format": fmt}, ["locations"])]
    chat = [{"role": "system", "content": "Use a friendly tone."},
            {"role": "user", "content": "What is the weather like in SF?"}]
    prompt = render_chat_prompt("o200k_harmony", chat, tools=tools)
    assert prompt.endswith(HARMONY_TOOLS.replace(*TEMPLATE_DEFAULT))
    assert "Calls to these tools must go to the commentary channel: 'functions'." in prompt


@pytest.mark.parametrize("stem, writes_tools", [("gemma-4", True), ("qwen35", False),
                                                ("command-r", False)])
def test_a_model_files_template_renders_tools_in_the_sandbox_as_transformers_does(
        stem, writes_tools):
    """Gemma 4's template writes tools; Qwen 3.5's and Command R's default one (its tools are
    in a named variant) write none, in transformers too."""
    found = _file_template(stem)
    variables = dict(found.variables)
    prompt, _ = sandboxed_prompt_ranges(found.template, CHAT, variables, tools=TOOLS)
    assert prompt == _hf(found.template, CHAT, variables, TOOLS)
    assert ("get_current_weather" in prompt) == writes_tools


def _cookbook_messages(messages: list[dict], enc) -> int:
    """The cookbook's ``num_tokens_from_messages`` (3 per message, its values' tokens, 3 for
    the reply's primer), the part its tools count adds to."""
    return sum(3 + sum(len(enc.encode(v)) for v in m.values()) for m in messages) + 3


@pytest.mark.parametrize("model, published", [("gpt-4o", 101), ("gpt-4", 105),
                                              ("gpt-3.5-turbo", 105)])
def test_openai_tools_estimate_gives_the_cookbooks_published_counts(model, published):
    messages = [{"role": "system", "content": "You are a helpful assistant that can answer to "
                 "questions about the weather."},
                {"role": "user", "content": "What's the weather like in San Francisco?"}]
    enc = chat_encoding(model)
    assert model in CHAT_MODELS
    assert _cookbook_messages(messages, enc) + openai_tools_tokens([WEATHER], model, enc) == \
        published
    assert openai_tools_tokens([], model, enc) == 0


def test_tools_are_parsed_and_capped():
    assert parse_tools(json.dumps(TOOLS)) == TOOLS
    assert parse_tools("  ") == []
    many = json.dumps([_fn(f"f{k}", "", {}, []) for k in range(MAX_TOOLS + 1)])
    deep = '[{"type": "function", "function": {"name": "f", "parameters": ' + \
        '{"a": ' * MAX_TOOL_DEPTH + "1" + "}" * MAX_TOOL_DEPTH + "}}]"
    for text, message in [
        ("x" * (MAX_TOOLS_CHARS + 1), "characters"), ("[", "not valid JSON"),
        ("[" * 40_000, "not valid JSON"), ('{"a": 1}', "JSON array"), (many, "at most"),
        (deep, "nests deeper"), ('[{"type": "function"}]', "tool 1 is not"),
        ('[{"type": "function", "function": {"name": "a b"}}]', "function.name"),
        ('[{"type": "function", "function": {"name": "f", "parameters": []}}]', "JSON schema"),
        ('[{"type": "function", "function": {"name": "f", "description": 3}}]', "description"),
    ]:
        with pytest.raises(ValueError, match=message):
            parse_tools(text)
