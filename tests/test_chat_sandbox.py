"""A model file's own chat template (issue 35): rendered as transformers renders it, and an
untrusted template refused with a one-line message within the time limit, in a worker that
cannot take the app's process down.

The reference is transformers' own renderer (``transformers.utils.chat_template_utils.
render_jinja_template``, what ``apply_chat_template`` calls) with the file's template and its
named special tokens; the templates are those of llama.cpp's test vocabularies in
``tests/.refs/llama.cpp`` (Command R, Gemma 4, Phi-3, Qwen 2, Qwen 3.5) and one written here
that uses each global and filter transformers adds.
"""

from __future__ import annotations

import base64
import subprocess
import time

import pytest
from gguf_files import CHAT_TEMPLATE, write_gguf
from zoo_oracles import llama_cpp_vocab

import bbpe_core
from playground.chat import sandbox as chat_sandbox
from playground.chat.gguf import file_chat_template
from playground.chat.render import chat_environment
from playground.chat.sandbox import (
    MAX_PROMPT_CHARS,
    MAX_TEMPLATE_CHARS,
    RENDER_SECONDS,
    ChatTemplateRefused,
    sandboxed_prompt_ranges,
)
from playground.chat.templates import TEMPLATE_MODELS, render_chat_prompt
from playground.ui.model_file import open_model_file

WITH_TEMPLATES = ("command-r", "gemma-4", "phi-3", "qwen2", "qwen35")
CHATS = [
    [{"role": "user", "content": "Hi there"}],
    [{"role": "system", "content": "Be brief."}, {"role": "user", "content": "Hi there"},
     {"role": "assistant", "content": "Hello!"}, {"role": "user", "content": "2+2? 你好"}],
    [{"role": "user", "content": "a\n\n  b "}, {"role": "assistant", "content": " c"},
     {"role": "user", "content": "{{ not a template }} <|im_end|>"}],
]
OWN = ("{% set ns = namespace(n=0) %}{% for m in messages %}{% if m.role == 'system' %}"
       "{% continue %}{% endif %}{% set ns.n = ns.n + 1 %}{{ bos_token }}{{ m | tojson }}"
       "{% generation %}[{{ ns.n }}]{% endgeneration %}\n{% endfor %}"
       "{{ dict(a=1) | tojson }}{{ strftime_now('%Y') }}"
       "{% if add_generation_prompt %}<reply>{% endif %}{{ tools }}{{ documents }}")


def _hf(template: str, messages: list[dict], variables: dict[str, str],
        add_generation_prompt: bool = True) -> str:
    from transformers.utils.chat_template_utils import render_jinja_template
    rendered, _ = render_jinja_template(conversations=[messages], chat_template=template,
                                        add_generation_prompt=add_generation_prompt, **variables)
    return rendered[0]


def _file_template(stem: str):
    data = llama_cpp_vocab(stem).read_bytes()
    return file_chat_template(data, bbpe_core.load_gguf(data, name=stem), stem)


@pytest.mark.parametrize("stem", WITH_TEMPLATES)
def test_a_gguf_template_renders_as_transformers_renders_it(stem):
    found = _file_template(stem)
    assert found is not None and found.template and ("bos_token", found.variables[0][1]) \
        in found.variables
    variables = dict(found.variables)
    for chat in CHATS:
        try:
            expected = _hf(found.template, chat, variables)
        except Exception as e:  # noqa: BLE001 - the template refuses (e.g. no system role)
            with pytest.raises(ChatTemplateRefused, match="refuses"):
                sandboxed_prompt_ranges(found.template, chat, variables)
            assert "TemplateError" in type(e).__name__ or "Exception" in type(e).__name__
            continue
        prompt, ranges = sandboxed_prompt_ranges(found.template, chat, variables)
        assert prompt == expected
        assert len(ranges) == len(chat) and ranges[0][0] == 0
        assert all(a[1] == b[0] for a, b in zip(ranges, ranges[1:]))


def test_gguf_special_tokens_are_the_files():
    found = _file_template("command-r")
    assert dict(found.variables)["bos_token"] == "<BOS_TOKEN>"
    assert dict(found.variables)["eos_token"] == "<|END_OF_TURN_TOKEN|>"
    assert _file_template("gpt-2") is None  # no template in the file


def test_every_global_and_filter_transformers_adds_renders_as_it_does():
    variables = {"bos_token": "<s>", "eos_token": "</s>"}
    for chat in CHATS:
        prompt, _ = sandboxed_prompt_ranges(OWN, chat, variables)
        assert prompt == _hf(OWN, chat, variables)
    prompt, _ = sandboxed_prompt_ranges(OWN, CHATS[2], variables)
    assert '"content": "{{ not a template }} <|im_end|>"}[3]' in prompt  # tojson, no escapes
    assert "<s>" in prompt and prompt.endswith("<reply>NoneNone")


@pytest.mark.parametrize("label", list(TEMPLATE_MODELS))
def test_shipped_templates_render_as_transformers_renders_them(label):
    from playground.chat.templates import _variables  # noqa: PLC2701
    for chat in CHATS[1:]:
        try:
            ours = render_chat_prompt(label, chat)
        except ValueError:
            continue
        text = _source_text(label)
        assert ours == _hf(text, chat, _variables(label))


def _source_text(label: str) -> str:
    from bbpe_core.encodings.data import data_file
    source = TEMPLATE_MODELS[label][1]
    return data_file(source).decode("utf-8") if source.endswith(".jinja.gz") else source


def test_the_environment_is_transformers_sandbox():
    from jinja2.sandbox import ImmutableSandboxedEnvironment
    env = chat_environment()
    assert isinstance(env, ImmutableSandboxedEnvironment)
    assert env.trim_blocks and env.lstrip_blocks
    assert {"raise_exception", "strftime_now", "dict", "namespace"} <= set(env.globals)


def test_the_browser_sent_file_keeps_its_template(tmp_path):
    path = tmp_path / "m.gguf"
    write_gguf(path, "gpt2")
    enc, _, found = open_model_file({"name": "m.gguf", "size": path.stat().st_size,
                                     "gguf": base64.b64encode(path.read_bytes()).decode()})
    assert found.template == CHAT_TEMPLATE
    assert dict(found.variables) == {"bos_token": "<|endoftext|>", "eos_token": "<|endoftext|>"}
    prompt, ranges = sandboxed_prompt_ranges(found.template, CHATS[1], dict(found.variables))
    assert prompt == "Be brief.\nHi there\nHello!\n2+2? 你好\n"
    assert ranges == [(0, 10), (10, 19), (19, 26), (26, 34)]


HOSTILE = {
    "an endless loop": ("{% for i in range(100000) %}{% for j in range(100000) %}"
                        "{% endfor %}{% endfor %}", "took more than"),
    "a huge string": ("{{ 'a' * 10000000000 }}", "more memory"),
    "a huge output": ("{% for i in range(100000) %}{{ 'x' * 100 }}{% endfor %}",
                      f"more than {MAX_PROMPT_CHARS:,} characters"),
    "deep recursion": ("{% macro f(n) %}{{ f(n + 1) }}{% endmacro %}{{ f(0) }}",
                       "recurses too deep"),
    "an attribute escape": ("{{ ''.__class__.__mro__[1].__subclasses__() }}",
                            "the sandbox blocks"),
    "a globals escape": ("{{ raise_exception.__globals__['__builtins__'] }}",
                         "the sandbox blocks"),
    "a list escape": ("{{ messages.append(1) }}", "the sandbox blocks"),
    "a namespace escape": ("{% set ns = namespace(__init__=1) %}", "the sandbox blocks"),
    "an oversized template": ("{{ 'a' }}" * (MAX_TEMPLATE_CHARS // 9 + 1), "at most"),
    "invalid Jinja": ("{% for %}", r"not valid Jinja \(line 1\)"),
    "a deep nesting": ("{% if 1 %}" * 2000 + "x" + "{% endif %}" * 2000, "too deep"),
}


@pytest.mark.parametrize("case", list(HOSTILE))
def test_a_hostile_template_is_refused_with_one_line_within_the_time_limit(case):
    template, message = HOSTILE[case]
    start = time.monotonic()
    with pytest.raises(ChatTemplateRefused, match=message) as refused:
        sandboxed_prompt_ranges(template, CHATS[1], {})
    assert time.monotonic() - start < RENDER_SECONDS + 3
    text = str(refused.value)
    assert "\n" not in text and 0 < len(text) < 300 and "Traceback" not in text


def test_an_unsafe_attribute_alone_renders_as_nothing():
    """jinja2's sandbox gives an undefined value for an unsafe attribute (an error only when
    it is used further), as under transformers: nothing of the process leaks."""
    template = "[{{ raise_exception.__globals__ }}{{ messages.__class__ }}{{ ''.__doc__ }}]"
    assert sandboxed_prompt_ranges(template, CHATS[0], {})[0] == "[]"
    assert _hf(template, CHATS[0], {}) == "[]"


def test_a_stopped_worker_is_killed_and_reaped(monkeypatch):
    started = []
    real = subprocess.Popen

    def spy(*args, **kwargs):
        started.append(real(*args, **kwargs))
        return started[-1]

    monkeypatch.setattr(chat_sandbox.subprocess, "Popen", spy)
    monkeypatch.setattr(chat_sandbox, "RENDER_SECONDS", 1.0)
    with pytest.raises(ChatTemplateRefused, match="took more than 1 s"):
        sandboxed_prompt_ranges(HOSTILE["an endless loop"][0] + "{# spy #}", CHATS[0], {})
    assert len(started) == 1 and started[0].returncode is not None and \
        started[0].returncode < 0  # killed by a signal, and waited for


def test_a_worker_stopped_by_its_cpu_limit_is_said_to_take_too_long(monkeypatch):
    real = subprocess.Popen

    def one_cpu_second(args, **kwargs):  # the CPU limit comes before the wall clock's
        return real([*args[:3], "1", *args[4:]], **kwargs)

    monkeypatch.setattr(chat_sandbox.subprocess, "Popen", one_cpu_second)
    monkeypatch.setattr(chat_sandbox, "RENDER_SECONDS", 30.0)
    with pytest.raises(ChatTemplateRefused, match="took more than 30 s"):
        sandboxed_prompt_ranges(HOSTILE["an endless loop"][0] + "{# cpu #}", CHATS[0], {})


def test_answers_and_refusals_are_cached_and_busy_is_not(monkeypatch):
    template = "{{ raise_exception('no') }}{# cache #}"
    with pytest.raises(ChatTemplateRefused, match="refuses"):
        sandboxed_prompt_ranges(template, CHATS[0], {})
    monkeypatch.setattr(chat_sandbox.subprocess, "Popen", None)  # no new worker may start
    with pytest.raises(ChatTemplateRefused, match="refuses"):
        sandboxed_prompt_ranges(template, CHATS[0], {})
    monkeypatch.setattr(chat_sandbox, "RENDER_SECONDS", 0.1)
    taken = [chat_sandbox._SLOTS.acquire() for _ in range(chat_sandbox.RENDERS_AT_ONCE)]
    try:
        with pytest.raises(ChatTemplateRefused, match="busy"):
            sandboxed_prompt_ranges("{# busy #}", CHATS[0], {})
    finally:
        for _ in taken:
            chat_sandbox._SLOTS.release()
