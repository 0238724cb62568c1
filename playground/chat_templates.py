"""Chat prompts of open models, rendered from each model's published chat template with
jinja2's sandbox, as transformers' ``apply_chat_template`` renders them (``chat_render``).

The Llama 3.1 / 3.3, Qwen 3 and DeepSeek V3/R1 templates are the ``chat_template`` of the
models' tokenizer_config.json (Llama's as llama.cpp copies it into its ``models/templates/``;
DeepSeek's writes no tool definitions, as published), shipped in ``bbpe_core/data`` by
``scripts/fetch_vocabularies.py`` (source and licence in its MANIFEST.json). No package carries one for Mistral NeMo or gpt-oss:
their layouts are written here from mistral-common's instruct tokenizer (``[INST]`` around a
user turn, the system prompt before the last user message) and OpenAI's harmony format
(``<|start|>{role}<|message|>{content}<|end|>``, a reply primed with ``<|start|>assistant``).

Tool definitions (``tools=``, OpenAI's shape) reach each template as transformers'
``apply_chat_template(tools=...)`` gives them. The published templates write them their own
way; the two written here write them as their formats define: Mistral NeMo as mistral-common's
``InstructTokenizerV3`` does (``[AVAILABLE_TOOLS]`` + the tools as JSON +
``[/AVAILABLE_TOOLS]`` before the last user turn), gpt-oss in a developer message's
``# Tools`` section, each function a TypeScript-like type in ``namespace functions``, as the
harmony format's guide lays them out (openai/harmony ``docs/format.md``, "Function calling":
descriptions as ``//`` comments, ``?`` for an optional parameter, ``// default:``, enums as
unions of string literals; a nested object's type is written ``object``).

>>> render_chat_prompt("llama3", [{"role": "user", "content": "hi"}])
'<|begin_of_text|><|start_header_id|>user<|end_header_id|>\\n\\nhi<|eot_id|><|start_header_id|>assistant<|end_header_id|>\\n\\n'
"""

from __future__ import annotations

from functools import cache

from bbpe_core.encodings.data import data_file

from .chat_render import compile_template, render_prompt
from .chat_render import prompt_ranges as render_ranges

__all__ = ["TEMPLATE_MODELS", "render_chat_prompt", "prompt_ranges"]

_MISTRAL = (
    "{%- set system = messages | selectattr('role', 'equalto', 'system') | map(attribute='content')"
    " | join('\\n\\n') -%}"
    "{%- set users = messages | selectattr('role', 'equalto', 'user') | list -%}"
    "{{ bos_token }}{%- for m in messages if m['role'] != 'system' -%}"
    "{%- if m['role'] == 'user' -%}"
    "{%- if tools and m is sameas users[-1] -%}"
    "[AVAILABLE_TOOLS]{{ tools | tojson }}[/AVAILABLE_TOOLS]{%- endif -%}[INST]"
    "{%- if system and m is sameas users[-1] %}{{ system }}\n\n{% endif -%}"
    "{{ m['content'] }}[/INST]"
    "{%- else -%}{{ m['content'] }}{{ eos_token }}{%- endif -%}{%- endfor -%}"
)
_HARMONY_TYPE = (
    "{%- macro ts(p) -%}"
    "{%- if p['enum'] is defined -%}{{ p['enum'] | map('tojson') | join(' | ') }}"
    "{%- elif p['type'] == 'string' -%}string"
    "{%- elif p['type'] in ('number', 'integer') -%}number"
    "{%- elif p['type'] == 'boolean' -%}boolean"
    "{%- elif p['type'] == 'array' -%}"
    "{{ ts(p['items']) if p['items'] is mapping else 'any' }}[]"
    "{%- elif p['type'] == 'object' -%}object"
    "{%- else -%}any{%- endif -%}"
    "{%- endmacro -%}"
)
_HARMONY_TOOLS = (
    "<|start|>developer<|message|># Tools\n\n## functions\n\nnamespace functions {\n\n"
    "{% for tool in tools %}"
    "{% set f = tool['function'] if tool['function'] is defined else tool %}"
    "{% set schema = f['parameters'] or {} %}"
    "{% if f['description'] %}// {{ f['description'] }}{{ '\n' }}{% endif %}"
    "type {{ f['name'] }} = "
    "{% if schema['properties'] %}(_: {{ '{\n' }}"
    "{% for name, p in schema['properties'] | items %}"
    "{% if p['description'] %}// {{ p['description'] }}{{ '\n' }}{% endif %}"
    "{{ name }}{{ '' if name in (schema['required'] or []) else '?' }}: {{ ts(p) }},"
    "{% if p['default'] is defined %} // default: "
    "{{ p['default'] if p['default'] is string else p['default'] | tojson }}{% endif %}"
    "{{ '\n' }}{% endfor %}{{ '}' }}) => any;{{ '\n\n' }}"
    "{% else %}() => any;{{ '\n\n' }}{% endif %}"
    "{% endfor %}{{ '}' }} // namespace functions<|end|>"
)
_HARMONY = _HARMONY_TYPE + (
    "{%- set ns = namespace(tools_written=false) -%}"
    "{%- for m in messages -%}"
    "{%- if tools and not ns.tools_written and m['role'] != 'system' -%}"
    + _HARMONY_TOOLS + "{%- set ns.tools_written = true -%}{%- endif -%}"
    "<|start|>{{ m['role'] }}<|message|>{{ m['content'] }}<|end|>"
    "{%- endfor -%}{%- if add_generation_prompt -%}<|start|>assistant{%- endif -%}"
)

TEMPLATE_MODELS: dict[str, tuple[str, str, str, str]] = {
    # label: (encoding, template (a data file, or the template itself), bos, eos)
    "Llama 3.x": ("llama3", "chat_template_llama3.jinja.gz", "<|begin_of_text|>", "<|eot_id|>"),
    "Qwen 3": ("qwen3", "chat_template_qwen3.jinja.gz", "", "<|im_end|>"),
    "DeepSeek V3 / R1": ("deepseek_v3", "chat_template_deepseek_v3.jinja.gz",
                         "<｜begin▁of▁sentence｜>", "<｜end▁of▁sentence｜>"),
    "Mistral NeMo": ("mistral_tekken", _MISTRAL, "<s>", "</s>"),
    "gpt-oss (harmony)": ("o200k_harmony", _HARMONY, "", "<|return|>"),
}
"""Chat models with a template: label -> (encoding, template, bos_token, eos_token)."""


@cache
def _template(label: str):
    _, source, _, _ = TEMPLATE_MODELS[label]
    text = data_file(source).decode("utf-8") if source.endswith(".jinja.gz") else source
    return compile_template(text)


def _label(model: str) -> str:
    label = model if model in TEMPLATE_MODELS else next(
        (k for k, v in TEMPLATE_MODELS.items() if v[0] == model), None)
    if label is None:
        raise KeyError(f"no chat template for {model!r}")
    return label


def _variables(label: str) -> dict[str, str]:
    _, _, bos, eos = TEMPLATE_MODELS[label]
    return {"bos_token": bos, "eos_token": eos}


def render_chat_prompt(model: str, messages: list[dict[str, str]],
                       add_generation_prompt: bool = True, tools: list[dict] | None = None
                       ) -> str:
    """The prompt text a chat model sees for ``messages`` (``chat_render.render_prompt``).

    Args:
        model: a label of ``TEMPLATE_MODELS`` or its encoding's name (``"qwen3"``).
        messages: ``[{"role": ..., "content": ...}, ...]``.
        add_generation_prompt: end with the primer of the assistant's reply.
        tools: tool definitions in OpenAI's ``tools`` shape (``{"type": "function",
            "function": {"name", "description", "parameters": <JSON schema>}}``), given to
            the template as ``apply_chat_template(tools=...)`` gives them; None for none.

    Raises:
        KeyError: for a model without a template.
        ValueError: (``ChatTemplateRefused``) if the template refuses the conversation (its
            ``raise_exception``).
    """
    label = _label(model)
    return render_prompt(_template(label), messages, _variables(label), add_generation_prompt,
                         tools=tools)


def prompt_ranges(model: str, messages: list[dict[str, str]], tools: list[dict] | None = None
                  ) -> tuple[str, list[tuple[int, int]]]:
    """The prompt and each message's range in it: ``chat_render.prompt_ranges`` with the
    model's template.

    Args:
        model: as for ``render_chat_prompt``.
        messages: the conversation.
        tools: as for ``render_chat_prompt``; their text counts with the message whose part
            the template writes them into (the first, or the last user turn for Mistral).

    Raises:
        KeyError, ValueError: as ``render_chat_prompt`` for the whole conversation.
    """
    label = _label(model)
    return render_ranges(_template(label), messages, _variables(label), tools=tools)
