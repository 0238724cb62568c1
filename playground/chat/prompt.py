"""Chat mode: the prompt a chat model sees, built the way Tiktokenizer builds it.

Source: dqbd/tiktokenizer ``src/sections/ChatGPTEditor.tsx`` (``getChatGPTEncoding``)
and ``src/models/tokenizer.ts``. Each message becomes
``<|im_start|>{name or role}{role_sep}{content}<|im_end|>``; messages are joined
by ``msg_sep`` and the prompt ends with ``<|im_start|>assistant{role_sep}``, the
primer of the reply. gpt-3.5-turbo uses ``"\\n"`` for both separators; gpt-4 and
gpt-4o use ``<|im_sep|>`` and no message separator. The ChatML tokens are not
special tokens of the base encodings (for o200k_base even above its n_vocab): they
are added with Tiktokenizer's ids.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from bbpe_core import Encoding, TokenSpan, get_encoding

__all__ = ["CHAT_MODELS", "ROLES", "Message", "build_prompt", "chat_encoding", "template",
           "tokens_per_message"]


@dataclass(frozen=True)
class ChatModel:
    """How one chat model lays out a conversation.

    Attributes:
        encoding: the base encoding's name.
        role_sep: between role and content.
        msg_sep: between messages.
        chatml_ids: ids of ``<|im_start|>``, ``<|im_end|>``, ``<|im_sep|>``.
    """

    encoding: str
    role_sep: str
    msg_sep: str
    chatml_ids: tuple[int, int, int]


CHAT_MODELS = {
    "gpt-3.5-turbo": ChatModel("cl100k_base", "\n", "\n", (100264, 100265, 100266)),
    "gpt-4": ChatModel("cl100k_base", "<|im_sep|>", "", (100264, 100265, 100266)),
    "gpt-4o": ChatModel("o200k_base", "<|im_sep|>", "", (200264, 200265, 200266)),
}
ROLES = ("system", "user", "assistant")


@dataclass(frozen=True)
class Message:
    """One chat message: a role (system, user, assistant or any custom name) and text."""

    role: str
    content: str


@cache
def chat_encoding(model: str) -> Encoding:
    """The model's base encoding plus the ChatML special tokens (built once).

    Raises:
        KeyError: for a model not in ``CHAT_MODELS``.
    """
    spec = CHAT_MODELS[model]
    base = get_encoding(spec.encoding)
    start, end, sep = spec.chatml_ids
    specials = {**base.special_tokens, "<|im_start|>": start, "<|im_end|>": end, "<|im_sep|>": sep}
    return Encoding(f"{spec.encoding} + ChatML", pat_str=base.pat_str,
                    mergeable_ranks=base.mergeable_ranks, special_tokens=specials)


def build_prompt(messages: list[Message], model: str) -> tuple[str, list[tuple[int, int]]]:
    """The prompt text and, per message, the character range of its part.

    Returns:
        ``(prompt, [(start, end), ...])``; separators and the reply primer lie
        outside every range.

    >>> build_prompt([Message("user", "hi")], "gpt-4")[0]
    '<|im_start|>user<|im_sep|>hi<|im_end|><|im_start|>assistant<|im_sep|>'
    """
    spec = CHAT_MODELS[model]
    parts, ranges, pos = [], [], 0
    for m in messages:
        part = f"<|im_start|>{m.role}{spec.role_sep}{m.content}<|im_end|>"
        ranges.append((pos, pos + len(part)))
        parts.append(part)
        pos += len(part) + len(spec.msg_sep)
    parts.append(f"<|im_start|>assistant{spec.role_sep}")
    return spec.msg_sep.join(parts), ranges


def template(model: str) -> str:
    """The layout of one message and of the reply primer, for display."""
    spec = CHAT_MODELS[model]
    sep = spec.role_sep.replace("\n", "\\n")
    msg_sep = spec.msg_sep.replace("\n", "\\n") or "(nothing)"
    return (f"<|im_start|>{{role}}{sep}{{content}}<|im_end|>, joined by {msg_sep}, "
            f"then <|im_start|>assistant{sep}")


def tokens_per_message(spans: list[TokenSpan], ranges: list[tuple[int, int]]) -> list[int]:
    """How many of the prompt's tokens start inside each message's range.

    Args:
        spans: the prompt's tokens, in order.
        ranges: ``build_prompt``'s ranges (in order, not overlapping).

    Returns:
        One count per message, then one for separators and the reply primer.
    """
    counts = [0] * (len(ranges) + 1)
    k = 0
    for s in spans:  # both in order of offsets: one pass over each
        while k < len(ranges) and ranges[k][1] <= s.start:
            k += 1
        inside = k < len(ranges) and ranges[k][0] <= s.start
        counts[k if inside else len(ranges)] += 1
    return counts
