"""Render a chat template as transformers' ``apply_chat_template`` renders it; run as a
script, the sandboxed worker that renders an untrusted template (``chat.sandbox``).

The environment is the one of transformers 5.x ``utils/chat_template_utils.py``
(``_cached_compile_jinja_template``): jinja2's ``ImmutableSandboxedEnvironment`` with
``trim_blocks`` and ``lstrip_blocks``, the ``loopcontrols`` extension and the
``{% generation %}`` tag (rendered as its body, as when no assistant mask is asked for),
a ``tojson`` filter that does not escape HTML (``json.dumps``, ``ensure_ascii=False``), and
the globals ``raise_exception``, ``strftime_now``, ``dict`` and ``namespace`` (a namespace
refuses names starting with ``_``). ``render_jinja_template`` renders with ``messages``,
``tools`` (a list of JSON-schema tool definitions, or None), ``documents=None``,
``add_generation_prompt`` and the tokenizer's named special tokens (``bos_token``,
``eos_token``, ...).

This module imports only the standard library and jinja2: the worker runs it with
``python -I`` under resource limits and must not import the app.
"""

from __future__ import annotations

import json
import re
import sys
from datetime import datetime

import jinja2
from jinja2.exceptions import SecurityError, TemplateError, TemplateSyntaxError
from jinja2.ext import Extension, loopcontrols
from jinja2.sandbox import ImmutableSandboxedEnvironment

__all__ = ["SAFE_JINJA2", "ChatTemplateRefused", "chat_environment", "compile_template",
           "prompt_ranges", "render_prompt"]

SAFE_JINJA2 = (3, 1, 6)
"""The oldest jinja2 the worker renders an untrusted template with: 3.1.5 and 3.1.6 fixed
sandbox escapes (CVE-2024-56326, CVE-2025-27516); transformers refuses older ones too."""


class ChatTemplateRefused(ValueError):
    """A chat template cannot give this conversation's prompt; the message is one line."""


class _Raised(ChatTemplateRefused):
    """The template itself refused the conversation (``raise_exception`` or another
    ``TemplateError``)."""


class _Generation(Extension):
    """``{% generation %}...{% endgeneration %}`` (transformers' ``AssistantTracker``): the
    body, unchanged."""

    tags = {"generation"}

    def parse(self, parser):
        lineno = next(parser.stream).lineno
        body = parser.parse_statements(("name:endgeneration",), drop_needle=True)
        return jinja2.nodes.CallBlock(self.call_method("_body"), [], [], body).set_lineno(lineno)

    def _body(self, caller):
        return caller()


class _TemplateDict:
    """``dict(...)`` in a template, without the class itself (transformers' ``TemplateDict``)."""

    def __call__(self, *args, **kwargs):
        return dict(*args, **kwargs)

    def fromkeys(self, *args, **kwargs):
        return dict.fromkeys(*args, **kwargs)


class _Namespace(jinja2.utils.Namespace):
    """jinja2's ``namespace`` refusing names starting with ``_`` (transformers'
    ``TemplateNamespace``)."""

    def __init__(*args, **kwargs):
        self, args = args[0], args[1:]
        attrs = dict(*args, **kwargs)
        for name in attrs:
            _Namespace._check(name)
        jinja2.utils.Namespace.__init__(self, attrs)

    def __setitem__(self, name, value):
        _Namespace._check(name)
        jinja2.utils.Namespace.__setitem__(self, name, value)

    @staticmethod
    def _check(name):
        if isinstance(name, str) and name.startswith("_"):
            raise SecurityError(f"a namespace may not hold the name {name!r}")


def _raise(message):
    raise TemplateError(message)


def _tojson(x, ensure_ascii=False, indent=None, separators=None, sort_keys=False):
    return json.dumps(x, ensure_ascii=ensure_ascii, indent=indent, separators=separators,
                      sort_keys=sort_keys)


def _strftime_now(format):
    return datetime.now().strftime(format)


def chat_environment() -> ImmutableSandboxedEnvironment:
    """A new jinja2 environment configured as transformers configures it for chat templates."""
    env = ImmutableSandboxedEnvironment(trim_blocks=True, lstrip_blocks=True,
                                        extensions=[_Generation, loopcontrols])
    env.filters["tojson"] = _tojson
    env.globals.update(raise_exception=_raise, strftime_now=_strftime_now, dict=_TemplateDict(),
                       namespace=_Namespace)
    return env


def _one_line(e: BaseException) -> str:
    text = " ".join(str(e).split())
    return text[:200] + "…" if len(text) > 200 else text


def compile_template(source: str) -> jinja2.Template:
    """Compile a chat template.

    Args:
        source (str): the template's text.

    Raises:
        ChatTemplateRefused: if it is not valid Jinja (the line and jinja2's reason).
    """
    try:
        return chat_environment().from_string(source)
    except TemplateSyntaxError as e:
        raise ChatTemplateRefused(f"the chat template is not valid Jinja (line {e.lineno}): "
                                  f"{_one_line(e.message or e)}") from None
    except RecursionError:
        raise ChatTemplateRefused("the chat template nests too deep to compile") from None


def render_prompt(template: jinja2.Template, messages: list[dict], variables: dict[str, str],
                  add_generation_prompt: bool = True, max_chars: int | None = None,
                  tools: list[dict] | None = None) -> str:
    """The prompt ``template`` gives for ``messages``, as ``render_jinja_template`` gives it.

    Args:
        template: from ``compile_template``.
        messages: ``[{"role": str, "content": str}, ...]``.
        variables: the named special tokens (``bos_token``, ``eos_token``, ...): text.
        add_generation_prompt: end with the primer of the assistant's reply.
        max_chars: the most characters the prompt may have; rendering stops there.
        tools: tool definitions (JSON schema, OpenAI's ``tools`` shape:
            ``{"type": "function", "function": {"name", "description", "parameters"}}``),
            given to the template as ``tools`` as ``apply_chat_template(tools=...)`` gives
            them; None for none.

    Raises:
        ChatTemplateRefused: if the template raises (its ``raise_exception``, an undefined
            call), reaches for what the sandbox blocks, recurses too deep, runs out of memory,
            or writes more than ``max_chars`` characters; each a one-line message.
    """
    context = {**variables, "messages": messages, "tools": tools, "documents": None,
               "add_generation_prompt": add_generation_prompt}
    pieces, n = [], 0
    try:
        for piece in template.generate(**context):
            n += len(piece)
            if max_chars is not None and n > max_chars:
                raise ChatTemplateRefused(f"the chat template writes more than {max_chars:,} "
                                          "characters for this conversation")
            if piece:
                pieces.append(piece)
    except ChatTemplateRefused:
        raise
    except SecurityError as e:
        raise ChatTemplateRefused("the chat template reaches for what the sandbox blocks: "
                                  f"{_one_line(e)}") from None
    except TemplateError as e:
        raise _Raised("the chat template refuses this conversation: "
                                  f"{_one_line(e)}") from None
    except RecursionError:
        raise ChatTemplateRefused("the chat template recurses too deep") from None
    except MemoryError:
        raise ChatTemplateRefused("the chat template needs more memory than it may use") from None
    except (ArithmeticError, TypeError, ValueError, LookupError, AttributeError) as e:
        raise ChatTemplateRefused(f"the chat template fails: {type(e).__name__}: "
                                  f"{_one_line(e)}") from None
    return "".join(pieces)


def prompt_ranges(template: jinja2.Template, messages: list[dict], variables: dict[str, str],
                  max_chars: int | None = None, tools: list[dict] | None = None
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
    (its tokens count with the next message's). The renders of the shorter conversations
    repeat, one per message (``caps.MAX_CHAT_MESSAGES`` of them at most).

    Args:
        template, variables, max_chars, tools: as for ``render_prompt`` (``max_chars`` caps
            each render; the tools are given to every render, so their text counts with the
            message whose part the template writes them into, usually the first).
        messages: the conversation.

    Returns:
        ``(prompt, [(start, end), ...])``: the ranges in order, adjoining, the first
        starting at 0; what follows the last is the reply primer.

    Raises:
        ChatTemplateRefused: as ``render_prompt`` for the whole conversation, and for a
            shorter one unless the template only refuses it (``raise_exception``).
    """
    prompt = render_prompt(template, messages, variables, True, max_chars, tools)
    ranges, end = [], 0
    for k in range(1, len(messages) + 1):
        try:
            part = render_prompt(template, messages[:k], variables, False, max_chars, tools)
        except _Raised:  # a template may refuse a conversation cut short
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


def _worker(seconds: int, memory_bytes: int) -> None:
    """The sandboxed worker: limits itself, reads one JSON request on stdin (``template``,
    ``messages``, ``variables``, ``max_chars``, optionally ``tools``), writes one JSON answer
    on stdout (``prompt`` and ``ranges``, or ``error``: a one-line message)."""
    import resource  # POSIX only: the app imports this module everywhere, the worker only here

    resource.setrlimit(resource.RLIMIT_AS, (memory_bytes, memory_bytes))
    resource.setrlimit(resource.RLIMIT_CPU, (seconds, seconds))
    resource.setrlimit(resource.RLIMIT_FSIZE, (0, 0))
    request = json.loads(sys.stdin.buffer.read().decode("utf-8"))
    try:
        if tuple(map(int, re.findall(r"\d+", jinja2.__version__)[:3])) < SAFE_JINJA2:
            raise ChatTemplateRefused(f"this server's jinja2 {jinja2.__version__} has known "
                                      "sandbox escapes; untrusted templates are not rendered")
        template = compile_template(request["template"])
        prompt, ranges = prompt_ranges(template, request["messages"], request["variables"],
                                       request["max_chars"], request.get("tools"))
        answer = {"prompt": prompt, "ranges": ranges}
    except ChatTemplateRefused as e:
        answer = {"error": str(e)}
    except MemoryError:
        answer = {"error": "the chat template needs more memory than it may use"}
    except RecursionError:
        answer = {"error": "the chat template recurses too deep"}
    sys.stdout.buffer.write(json.dumps(answer, ensure_ascii=True).encode("ascii"))


if __name__ == "__main__":
    _worker(int(sys.argv[1]), int(sys.argv[2]))
