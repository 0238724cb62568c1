"""Tool definitions in a chat request: read and capped, and what they add to OpenAI's models'
prompts, estimated.

Tools come in OpenAI's ``tools`` shape (Chat Completions API, "Function calling"):
``[{"type": "function", "function": {"name", "description"?, "parameters"?: <JSON schema>}}]``,
the shape transformers' ``apply_chat_template(tools=...)`` passes to a template.

OpenAI does not publish how its chat models write tool definitions into the prompt, so their
count is an estimate, by the published method of the OpenAI Cookbook's "How to count tokens
with tiktoken" (examples/How_to_count_tokens_with_tiktoken.ipynb, section "Counting tokens for
chat completions with tool calls", ``num_tokens_for_tools``): per function a fixed overhead
plus the tokens of ``name:description``, per parameter an overhead plus the tokens of
``name:type:description`` (a final ``.`` dropped from each description), per enum value an
overhead plus its tokens, and a fixed end. The cookbook checked it against the API's
``usage.prompt_tokens``: 101 tokens for gpt-4o and 105 for gpt-3.5-turbo and gpt-4 on its
example (a weather function with an enum parameter, a system and a user message).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

from bbpe_core import Encoding

__all__ = ["MAX_TOOLS", "MAX_TOOLS_CHARS", "MAX_TOOL_DEPTH", "OPENAI_TOOL_METHOD",
           "ToolsTooLargeError", "openai_tools_tokens", "parse_tools"]

MAX_TOOLS = 64
"""Tool definitions in one request (OpenAI accepts up to 128; a few dozen is a large agent)."""
MAX_TOOLS_CHARS = 50_000
"""Characters of the tools' JSON text, checked before it is parsed."""
MAX_TOOL_DEPTH = 16
"""Nesting of arrays and objects in the tools' JSON (a schema's nested objects and arrays;
templates walk them recursively)."""
OPENAI_TOOL_METHOD = ("an estimate by the OpenAI Cookbook's published method for tools "
                      "(\"How to count tokens with tiktoken\", num_tokens_for_tools), which "
                      "matched the API's count on the cookbook's example; OpenAI does not "
                      "publish how its models write tool definitions")
"""What Chat mode says of an OpenAI model's count with tools."""

_NAME = re.compile(r"[A-Za-z0-9_-]{1,64}")


class ToolsTooLargeError(ValueError):
    """Tool definitions over ``MAX_TOOLS_CHARS`` or ``MAX_TOOLS`` (a cap, not a shape)."""


@dataclass(frozen=True)
class _Costs:
    """The cookbook's per-model constants (``num_tokens_for_tools``)."""

    func_init: int
    prop_init: int
    prop_key: int
    enum_init: int
    enum_item: int
    func_end: int


_COSTS = {
    "gpt-4o": _Costs(7, 3, 3, -3, 3, 12),
    "gpt-4o-mini": _Costs(7, 3, 3, -3, 3, 12),
    "gpt-3.5-turbo": _Costs(10, 3, 3, -3, 3, 12),
    "gpt-4": _Costs(10, 3, 3, -3, 3, 12),
}


def _depth(value: object) -> int:
    """Nesting depth of arrays and objects, walked without recursion."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict | list):
            deepest = max(deepest, depth)
            if depth > MAX_TOOL_DEPTH:
                return depth
            stack.extend((v, depth + 1) for v in (item.values() if isinstance(item, dict)
                                                  else item))
    return deepest


def parse_tools(text: str) -> list[dict]:
    """Tool definitions from their JSON text, checked and capped.

    Args:
        text: a JSON array of tools in OpenAI's shape (``{"type": "function", "function":
            {...}}``); an empty or blank text is no tools.

    Returns:
        The tools as parsed (dicts, in order), each with a ``function`` object whose ``name``
        is 1 to 64 letters, digits, ``_`` or ``-`` (OpenAI's rule).

    Raises:
        ToolsTooLargeError: (a ValueError) for text over ``MAX_TOOLS_CHARS`` or more than
            ``MAX_TOOLS`` tools.
        ValueError: a one-line message of ours (it quotes no user text but a tool's index) for
            JSON that does not parse or nests deeper than ``MAX_TOOL_DEPTH``, or a tool not of
            that shape.

    >>> parse_tools('[{"type": "function", "function": {"name": "f"}}]')
    [{'type': 'function', 'function': {'name': 'f'}}]
    """
    if len(text) > MAX_TOOLS_CHARS:
        raise ToolsTooLargeError(f"the tools' JSON has {len(text):,} characters; at most "
                                 f"{MAX_TOOLS_CHARS:,} are read")
    if not text.strip():
        return []
    try:
        tools = json.loads(text)
    except (ValueError, RecursionError):
        raise ValueError("the tools are not valid JSON") from None
    if not isinstance(tools, list):
        raise ValueError("the tools must be a JSON array of tool definitions")
    if len(tools) > MAX_TOOLS:
        raise ToolsTooLargeError(f"{len(tools):,} tools; at most {MAX_TOOLS} are counted")
    if _depth(tools) > MAX_TOOL_DEPTH:
        raise ValueError(f"the tools' JSON nests deeper than {MAX_TOOL_DEPTH} levels")
    for k, tool in enumerate(tools, start=1):
        function = tool.get("function") if isinstance(tool, dict) else None
        if not (isinstance(tool, dict) and tool.get("type") == "function"
                and isinstance(function, dict)):
            raise ValueError(f'tool {k} is not {{"type": "function", "function": {{...}}}}')
        name = function.get("name")
        if not (isinstance(name, str) and _NAME.fullmatch(name)):
            raise ValueError(f"tool {k}'s function.name must be 1 to 64 letters, digits, "
                             "'_' or '-'")
        if not isinstance(function.get("description", ""), str):
            raise ValueError(f"tool {k}'s function.description must be a string")
        if not isinstance(function.get("parameters", {}), dict):
            raise ValueError(f"tool {k}'s function.parameters must be a JSON schema object")
    return tools


def _text(value: object) -> str:
    text = value if isinstance(value, str) else ""
    return text[:-1] if text.endswith(".") else text


def openai_tools_tokens(tools: list[dict], model: str, encoding: Encoding) -> int:
    """The tokens tool definitions add to an OpenAI chat model's prompt, estimated by the
    OpenAI Cookbook's ``num_tokens_for_tools`` (module docstring).

    Args:
        tools: from ``parse_tools``.
        model: a model the cookbook gives constants for (``gpt-4o``, ``gpt-4o-mini``,
            ``gpt-3.5-turbo``, ``gpt-4``).
        encoding: the model's encoding (o200k_base or cl100k_base).

    Returns:
        The tools' tokens (0 for no tools); add the messages' count for the prompt's.
        Where the cookbook reads a description or a parameter's type that a tool leaves out
        (it would raise), an empty text is counted.

    Raises:
        KeyError: for a model the cookbook gives no constants for.
    """
    costs = _COSTS[model]
    if not tools:
        return 0

    def count(text: str) -> int:
        return len(encoding.encode(text, disallowed_special=()))

    total = 0
    for tool in tools:
        function = tool["function"]
        total += costs.func_init + count(f"{function['name']}:{_text(function.get('description'))}")
        properties = (function.get("parameters") or {}).get("properties") or {}
        if isinstance(properties, dict) and properties:
            total += costs.prop_init
            for key, spec in properties.items():
                spec = spec if isinstance(spec, dict) else {}
                total += costs.prop_key
                enum = spec.get("enum")
                if isinstance(enum, list):
                    total += costs.enum_init
                    for item in enum:
                        total += costs.enum_item + count(str(item))
                kind = spec.get("type") if isinstance(spec.get("type"), str) else ""
                total += count(f"{key}:{kind}:{_text(spec.get('description'))}")
    return total + costs.func_end
