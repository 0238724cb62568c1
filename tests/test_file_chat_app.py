"""Chat mode with a model file's own chat template (issue 35), under AppTest: the file's
template gives the prompt, and a hostile one is refused in one line while the app's process
goes on serving (the next run counts a shipped chat model)."""

from __future__ import annotations

import time

import pytest
from apptest import new_app
from gguf_files import write_gguf

import bbpe_core
from playground.chat.gguf import FileChatTemplate
from playground.chat.sandbox import RENDER_SECONDS
from playground.ui.file_chat import FILE_MODEL_SUFFIX
from playground.ui.keys import FILE_CHAT_TEMPLATES, USER_ENCODINGS

DEFAULT_CHAT = [("system", "You are a helpful assistant."),
                ("user", "Hello! How many tokens is this?")]


@pytest.fixture(scope="module")
def enc(tmp_path_factory):
    path = tmp_path_factory.mktemp("gguf") / "m.gguf"
    write_gguf(path, "gpt2")
    return bbpe_core.load_gguf(path, name="m")


def _chat_with(enc, template: str):
    """The app on Chat mode, this session holding ``enc`` with ``template`` as a model file
    would leave them (``model_file.render``'s ``opened``)."""
    at = new_app(60)
    at.session_state[USER_ENCODINGS] = {"m": (enc, "gguf:test")}
    at.session_state[FILE_CHAT_TEMPLATES] = {
        "gguf:test": FileChatTemplate(template, (("bos_token", "<|endoftext|>"),))}
    at.run()
    at.radio(key="pg_mode").set_value("Chat").run()
    assert "m" + FILE_MODEL_SUFFIX in at.selectbox(key="chat_model").options
    at.selectbox(key="chat_model").select("m" + FILE_MODEL_SUFFIX).run()
    assert not at.exception, [e.message for e in at.exception]
    return at


def test_the_files_template_gives_the_prompt(enc):
    at = _chat_with(enc, "{{ bos_token }}{% for m in messages %}[{{ m.role }}] {{ m.content }}\n"
                         "{% endfor %}{% if add_generation_prompt %}[assistant]{% endif %}")
    prompt = "<|endoftext|>" + "".join(f"[{r}] {c}\n" for r, c in DEFAULT_CHAT) + "[assistant]"
    metrics = {m.label: m.value for m in at.metric}
    assert metrics["Tokens in the prompt"] == str(len(enc.encode(prompt, allowed_special="all")))
    assert not at.error


@pytest.mark.parametrize("template, reason", [
    ("{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}",
     "took more than"),
    ("{{ 'a' * 10000000000 }}", "more memory"),
    ("{{ ''.__class__.__mro__ }}", "the sandbox blocks"),
    ("*bold* $x$ :smile: {% for %}", "not valid Jinja"),
    ("{{ '\\ud800' }}{% for m in messages %}{{ m.content }}{% endfor %}", "a surrogate (U+D800)"),
])
def test_a_hostile_template_is_refused_and_the_app_serves_on(enc, template, reason):
    start = time.monotonic()
    at = _chat_with(enc, template)
    assert time.monotonic() - start < RENDER_SECONDS + 30
    assert [e.value for e in at.error] == [
        "The model file's chat template gives no prompt for this conversation:"]
    detail = [c.value for c in at.code if reason in c.value]
    assert len(detail) == 1 and "\n" not in detail[0] and "Traceback" not in detail[0]
    assert not at.metric  # nothing counted
    at.selectbox(key="chat_model").select("gpt-4o").run()
    assert not at.exception and not at.error
    assert int({m.label: m.value for m in at.metric}["Tokens in the prompt"]) > 0
