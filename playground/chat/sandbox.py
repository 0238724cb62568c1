"""Render an untrusted chat template (from a user's model file) outside the app's process.

jinja2's sandbox blocks attribute escapes but not CPU (nested loops) or memory (string
multiplication), and the app is one process shared by every visitor. So a user's template is
rendered by a fresh interpreter (``python -I playground/chat/render.py``) that limits itself
before it reads the template: ``RLIMIT_AS`` (``RENDER_MEMORY_MB``), ``RLIMIT_CPU`` and no file
writes; the parent kills it after ``RENDER_SECONDS`` of wall-clock time. The template and the
prompt are capped (``MAX_TEMPLATE_CHARS``, ``MAX_PROMPT_CHARS``), at most ``RENDERS_AT_ONCE``
renders run at a time, and answers (refusals too) are kept for the last ``CACHED_RENDERS``
conversations so a rerun of the page does not start a process. Every refusal is a
``ChatTemplateRefused`` with a one-line message.
"""

from __future__ import annotations

import json
import math
import signal
import subprocess
import sys
import threading
from functools import lru_cache
from pathlib import Path

from bbpe_core.pre_tokenizers.byte_level import fix_surrogates

from ..caps import MAX_TEXT_BYTES
from ..slots import held
from .render import ChatTemplateRefused

__all__ = ["CACHED_RENDERS", "MAX_PROMPT_CHARS", "MAX_TEMPLATE_CHARS", "RENDERS_AT_ONCE",
           "RENDER_MEMORY_MB", "RENDER_SECONDS", "ChatTemplateRefused", "sandboxed_prompt_ranges"]

MAX_TEMPLATE_CHARS = 100_000
"""Characters in a chat template (published ones have a few hundred to about 20,000)."""
MAX_PROMPT_CHARS = MAX_TEXT_BYTES // 4
"""Characters one render may write: a prompt of 4-byte characters is then at most what Text
mode encodes (``caps.MAX_TEXT_BYTES``); a chat holds ``caps.MAX_CHAT_CHARS``."""
RENDER_SECONDS = 5.0
"""Wall-clock seconds for one conversation's renders, the interpreter's start included."""
RENDER_MEMORY_MB = 256
"""The worker's address space, in MB (the interpreter with jinja2 takes about 25)."""
RENDERS_AT_ONCE = 2
"""Workers running at a time in the whole app; a render waits at most ``RENDER_SECONDS``
for one."""
CACHED_RENDERS = 16
"""Conversations whose answers are kept."""

_WORKER = Path(__file__).resolve().with_name("render.py")
_SLOTS = threading.BoundedSemaphore(RENDERS_AT_ONCE)


class _Busy(Exception):
    """No worker slot came free in time (not cached: the next rerun tries again)."""


def sandboxed_prompt_ranges(template: str, messages: list[dict[str, str]],
                            variables: dict[str, str], tools: list[dict] | None = None
                            ) -> tuple[str, list[tuple[int, int]]]:
    """``chat.render.prompt_ranges`` for an untrusted template, in a limited worker.

    Args:
        template (str): the chat template's text.
        messages (list[dict[str, str]]): ``[{"role": ..., "content": ...}, ...]``.
        variables (dict[str, str]): the named special tokens (``bos_token``, ...).
        tools (list[dict] | None): tool definitions given to the template as ``tools``
            (``chat.render.render_prompt``), already capped (``chat.tools.parse_tools``).

    Returns:
        tuple[str, list[tuple[int, int]]]: the prompt and each message's range in it.

    Raises:
        ChatTemplateRefused: (a ValueError) for a template over ``MAX_TEMPLATE_CHARS``, one
            the worker refuses (invalid, raising, blocked by the sandbox, over the memory or
            output cap), one that runs past ``RENDER_SECONDS``, one whose prompt holds a lone
            surrogate (UTF-8 and HF tokenizers refuse it), or when the server is busy; the
            message is one line.
    """
    if not isinstance(template, str) or len(template) > MAX_TEMPLATE_CHARS:
        size = len(template) if isinstance(template, str) else 0
        raise ChatTemplateRefused(f"the chat template has {size:,} characters; "
                                  f"at most {MAX_TEMPLATE_CHARS:,} are rendered")
    request = json.dumps({"template": template, "messages": messages, "variables": variables,
                          "max_chars": MAX_PROMPT_CHARS, "tools": tools}, ensure_ascii=True)
    try:
        answer = _answer(request)
    except _Busy:
        raise ChatTemplateRefused("the server is busy rendering other chat templates; "
                                  "try again in a moment") from None
    if "error" in answer:
        raise ChatTemplateRefused(answer["error"])
    prompt = answer["prompt"]
    if fix_surrogates(prompt) != prompt:  # a Jinja escape such as '\ud800': not text that
        # UTF-8, HF tokenizers or a page takes
        at = next(k for k, c in enumerate(prompt) if "\ud800" <= c <= "\udfff")
        raise ChatTemplateRefused(f"the prompt holds a surrogate (U+{ord(prompt[at]):04X}) at "
                                  f"character {at:,}, which is not text")
    return answer["prompt"], [tuple(r) for r in answer["ranges"]]


@lru_cache(maxsize=CACHED_RENDERS)
def _answer(request: str) -> dict:
    """The worker's answer to one request (a JSON text), refusals included."""
    with held(_SLOTS, RENDER_SECONDS, _Busy, "no renderer came free"):
        return _run(request)


def _too_long() -> dict:
    """The answer for a worker stopped by the wall-clock or its CPU limit."""
    return {"error": f"the chat template took more than {RENDER_SECONDS:g} s to render this "
                     "conversation; it was stopped"}


def _run(request: str) -> dict:
    seconds = math.ceil(RENDER_SECONDS)
    memory = RENDER_MEMORY_MB << 20
    worker = subprocess.Popen(  # noqa: S603 - our own script, no shell
        [sys.executable, "-I", str(_WORKER), str(seconds), str(memory)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env={})
    try:
        out, _ = worker.communicate(request.encode("ascii"), timeout=RENDER_SECONDS)
    except subprocess.TimeoutExpired:
        worker.kill()
        worker.communicate()
        return _too_long()
    if worker.returncode in (-signal.SIGXCPU, -signal.SIGKILL):  # the worker's CPU limit
        return _too_long()
    try:
        answer = json.loads(out) if out else None
    except ValueError:
        answer = None
    if not isinstance(answer, dict) or not ("error" in answer or "prompt" in answer):
        return {"error": "the chat template stopped its renderer "
                         f"(exit status {worker.returncode})"}
    return answer
