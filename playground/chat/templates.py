"""Chat prompts of open models, rendered from each model's published chat template with
jinja2's sandbox, as transformers' ``apply_chat_template`` renders them (``chat.render``).

Each template is the ``chat_template`` of the model's tokenizer_config.json, shipped in
``bbpe_core/data`` by ``scripts/fetch_vocabularies.py`` (source, sha256 and licence in its
MANIFEST.json): Qwen 3's and DeepSeek V3 / R1's from the tokenizer packages, Llama 3.1 / 3.3's,
Mistral NeMo's and gpt-oss's as llama.cpp copies them into its ``models/templates/``.

Tool definitions (``tools=``, OpenAI's shape) reach each template as transformers'
``apply_chat_template(tools=...)`` gives them, and each writes them its own way: Llama 3.1 as
JSON in the first user turn, Qwen 3 in ``<tools>`` in the system turn, Mistral NeMo between
``[AVAILABLE_TOOLS]`` and ``[/AVAILABLE_TOOLS]`` before the last user turn (as mistral-common
does), gpt-oss as TypeScript-like types in a developer message's ``# Tools`` section (the
harmony format's guide, openai/harmony ``docs/format.md``); DeepSeek V3 / R1's writes none.

>>> render_chat_prompt("qwen3", [{"role": "user", "content": "hi"}])
'<|im_start|>user\\nhi<|im_end|>\\n<|im_start|>assistant\\n'
"""

from __future__ import annotations

from functools import cache

from bbpe_core.encodings.data import data_file

from .render import compile_template, render_prompt
from .render import prompt_ranges as render_ranges

__all__ = ["TEMPLATE_MODELS", "render_chat_prompt", "prompt_ranges"]

TEMPLATE_MODELS: dict[str, tuple[str, str, str, str]] = {
    # label: (encoding, template's data file, bos, eos)
    "Llama 3.x": ("llama3", "chat_template_llama3.jinja.gz", "<|begin_of_text|>", "<|eot_id|>"),
    "Qwen 3": ("qwen3", "chat_template_qwen3.jinja.gz", "", "<|im_end|>"),
    "DeepSeek V3 / R1": ("deepseek_v3", "chat_template_deepseek_v3.jinja.gz",
                         "<｜begin▁of▁sentence｜>", "<｜end▁of▁sentence｜>"),
    "Mistral NeMo": ("mistral_tekken", "chat_template_mistral_nemo.jinja.gz", "<s>", "</s>"),
    "gpt-oss (harmony)": ("o200k_harmony", "chat_template_gpt_oss.jinja.gz", "",
                          "<|return|>"),
}
"""Chat models with a template: label -> (encoding, template's data file, bos_token,
eos_token)."""


@cache
def _template(label: str):
    _, source, _, _ = TEMPLATE_MODELS[label]
    return compile_template(data_file(source).decode("utf-8"))


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
    """The prompt text a chat model sees for ``messages`` (``chat.render.render_prompt``).

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
    """The prompt and each message's range in it: ``chat.render.prompt_ranges`` with the
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
