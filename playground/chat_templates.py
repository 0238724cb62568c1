"""Chat prompts of open models, rendered from each model's published chat template with
jinja2's sandbox, as transformers' ``apply_chat_template`` renders them.

The Llama 3, Qwen 3 and DeepSeek V3/R1 templates are the ``chat_template`` of the models'
tokenizer_config.json, shipped in ``bbpe_core/data`` by ``scripts/fetch_vocabularies.py``
(source and licence in its MANIFEST.json). No package carries one for Mistral NeMo or gpt-oss:
their layouts are written here from mistral-common's instruct tokenizer (``[INST]`` around a
user turn, the system prompt before the last user message) and OpenAI's harmony format
(``<|start|>{role}<|message|>{content}<|end|>``, a reply primed with ``<|start|>assistant``).

>>> render_chat_prompt("llama3", [{"role": "user", "content": "hi"}])
'<|begin_of_text|><|start_header_id|>user<|end_header_id|>\\n\\nhi<|eot_id|><|start_header_id|>assistant<|end_header_id|>\\n\\n'
"""

from __future__ import annotations

from functools import cache

from jinja2.exceptions import TemplateError
from jinja2.sandbox import ImmutableSandboxedEnvironment

from bbpe_core.encodings.data import data_file

__all__ = ["TEMPLATE_MODELS", "render_chat_prompt", "prompt_ranges"]

_MISTRAL = (
    "{%- set system = messages | selectattr('role', 'equalto', 'system') | map(attribute='content')"
    " | join('\\n\\n') -%}"
    "{%- set users = messages | selectattr('role', 'equalto', 'user') | list -%}"
    "{{ bos_token }}{%- for m in messages if m['role'] != 'system' -%}"
    "{%- if m['role'] == 'user' -%}[INST]"
    "{%- if system and m is sameas users[-1] %}{{ system }}\n\n{% endif -%}"
    "{{ m['content'] }}[/INST]"
    "{%- else -%}{{ m['content'] }}{{ eos_token }}{%- endif -%}{%- endfor -%}"
)
_HARMONY = (
    "{%- for m in messages -%}<|start|>{{ m['role'] }}<|message|>{{ m['content'] }}<|end|>"
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


def _raise(message: str) -> None:
    raise TemplateError(message)


@cache
def _template(label: str):
    _, source, _, _ = TEMPLATE_MODELS[label]
    text = data_file(source).decode("utf-8") if source.endswith(".jinja.gz") else source
    env = ImmutableSandboxedEnvironment(trim_blocks=True, lstrip_blocks=True)
    env.globals["raise_exception"] = _raise
    return env.from_string(text)


def render_chat_prompt(model: str, messages: list[dict[str, str]],
                       add_generation_prompt: bool = True) -> str:
    """The prompt text a chat model sees for ``messages``.

    Args:
        model: a label of ``TEMPLATE_MODELS`` or its encoding's name (``"qwen3"``).
        messages: ``[{"role": ..., "content": ...}, ...]``.
        add_generation_prompt: end with the primer of the assistant's reply.

    Raises:
        KeyError: for a model without a template.
        ValueError: if the template refuses the conversation (its ``raise_exception``).
    """
    label = model if model in TEMPLATE_MODELS else next(
        (k for k, v in TEMPLATE_MODELS.items() if v[0] == model), None)
    if label is None:
        raise KeyError(f"no chat template for {model!r}")
    _, _, bos, eos = TEMPLATE_MODELS[label]
    try:
        return _template(label).render(messages=messages, bos_token=bos, eos_token=eos,
                                       add_generation_prompt=add_generation_prompt)
    except TemplateError as e:
        raise ValueError(f"the {label} chat template refuses this conversation: {e}") from e


def prompt_ranges(model: str, messages: list[dict[str, str]]
                  ) -> tuple[str, list[tuple[int, int]]]:
    """The prompt and, per message, the character range of the part it adds, as
    ``chat.build_prompt`` gives them for ChatML; ``chat.tokens_per_message`` then counts
    each message's tokens in one pass over the prompt's tokens.

    A message's part ends where the prompt of the conversation up to it (without the reply
    primer) ends, so a message's share is what adding it to the conversation adds, its
    header and end-of-turn tokens included. Where a template writes a turn differently once
    later turns follow (Qwen 3 drops the empty thinking block of an earlier assistant turn,
    Mistral moves the system prompt into the last user turn), that shorter prompt is not a
    prefix of the whole: the part then ends after the message's content as the whole prompt
    has it, and after the end-of-turn text that followed the content in the shorter prompt;
    a content the whole prompt does not hold after the previous part gives an empty range
    (its tokens count with the next message's). The prompt is encoded once; only the
    renders of the shorter conversations repeat, one per message
    (``caps.MAX_CHAT_MESSAGES`` of them at most).

    Args:
        model: as for ``render_chat_prompt``.
        messages: the conversation.

    Returns:
        ``(prompt, [(start, end), ...])``: the ranges in order, adjoining, the first
        starting at 0; what follows the last is the reply primer.

    Raises:
        KeyError, ValueError: as ``render_chat_prompt`` for the whole conversation.
    """
    prompt = render_chat_prompt(model, messages)
    ranges, end = [], 0
    for k in range(1, len(messages) + 1):
        try:
            part = render_chat_prompt(model, messages[:k], add_generation_prompt=False)
        except ValueError:  # a template may refuse a conversation cut short
            part = ""
        start = end
        if len(part) > end and prompt.startswith(part):
            end = len(part)
        else:
            end = _content_end(prompt, end, str(messages[k - 1].get("content", "")), part)
        ranges.append((start, end))
    return prompt, ranges


def _content_end(prompt: str, start: int, content: str, part: str) -> int:
    """Where a message's part ends in ``prompt`` when the shorter prompt ``part`` (ending
    with the message) is not a prefix of it: after the content's first place at or after
    ``start`` and the end-of-turn text that follows the content in ``part``; ``start`` if
    the content is not there."""
    at = prompt.find(content, start) if content else -1
    if at < 0:
        return start
    end = at + len(content)
    cut = part.rfind(content)
    trailer = part[cut + len(content):] if cut >= 0 else ""
    return end + len(trailer) if trailer and prompt.startswith(trailer, end) else end
