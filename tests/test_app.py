"""AppTest: the page's logic (AppTest does not render st.html; the browser tests do)."""

from __future__ import annotations

from pathlib import Path

import pytest
from apptest import chat_keys, chat_texts, live, new_app

import bbpe_core

ROOT = Path(__file__).resolve().parent.parent



def _type(at, text: str):
    """Put ``text`` in the live text area as its script reports it (AppTest cannot run the
    component's JavaScript; the browser tests type key by key)."""
    at.session_state["kept__pg_text"] = text
    return at


def _text(at) -> str:
    return at.session_state["kept__pg_text"]


def _metrics(at) -> dict[str, str]:
    return {m.label: m.value for m in at.metric}


def test_default_page(app):
    m = _metrics(app)
    text = _text(app)
    ids = bbpe_core.get_encoding('gpt2').encode(text, allowed_special='all')
    assert m["Tokens"] == f"{len(ids):,}"
    assert m["Characters"] == f"{len(text):,}"


@pytest.mark.parametrize("name", bbpe_core.list_encoding_names())
def test_counts_follow_encoding(app, name):
    app.selectbox(key="encoding").select(name).run()
    _type(app, "    return x 你好").run()
    expected = len(bbpe_core.get_encoding(name).encode("    return x 你好"))
    assert _metrics(app)["Tokens"] == str(expected)
    assert not app.exception


def test_the_selector_names_models_first_and_finds_them_by_vendor(app):
    box = app.selectbox(key="encoding")
    labels = [box.format_func(o) for o in box.options]
    assert "Qwen · Qwen 2.5 / 3 → qwen3" in labels
    assert labels[0].startswith("OpenAI · GPT-4o")
    assert [x for x in labels if "qwen" in x.lower()] == ["Qwen · Qwen 2.5 / 3 → qwen3",
                                                          "Qwen · Qwen 3.5 / 3.6 → qwen3_6"]
    box.select("llama3").run()
    assert any("Built with Llama" in t.value for t in app.sidebar.text)


def test_count_as_the_api_does_adds_llama_bos(app):
    app.selectbox(key="encoding").select("llama3").run()
    _type(app, "hello world").run()
    plain = len(bbpe_core.get_encoding("llama3").encode("hello world"))
    assert _metrics(app)["Tokens"] == str(plain)
    app.toggle(key="pg_api_count").set_value(True).run()
    assert _metrics(app)["Tokens"] == str(plain + 1) and not app.exception


def test_empty_text_is_zero_tokens(app):
    _type(app, "").run()
    assert _metrics(app)["Tokens"] == "0" and not app.error and not app.exception


def test_special_token_modes(app):
    _type(app, "<|endoftext|>").run()
    assert _metrics(app)["Tokens"] == "1"
    app.radio(key="pg_special").set_value("as plain text").run()
    assert _metrics(app)["Tokens"] == "7"


def test_large_paste_counts_and_notice(app):
    text = "The quick brown fox jumps over the lazy dog. " * 23_000  # ~1 MB
    _type(app, text).run(timeout=120)
    assert not app.exception
    expected = len(bbpe_core.get_encoding("gpt2").encode(text))
    assert _metrics(app)["Tokens"] == f"{expected:,}"
    assert [b.label for b in app.get("download_button")] == [
        "Tokens as CSV (the first 100,000)", "Tokens as JSON (the first 100,000)"]


def test_the_layers_grid_draws_at_most_its_cap(app):
    from playground.caps import MAX_LAYER_TOKENS

    text = "The quick brown fox jumps over the lazy dog. " * 500  # about 5,000 tokens
    _type(app, text).run(timeout=120)
    grid = next(h.proto.body for h in app.get("html") if "bbpe-cells" in h.proto.body)
    assert grid.count('class="cell') == MAX_LAYER_TOKENS
    n = len(bbpe_core.get_encoding("gpt2").encode(text))
    assert any(f"first {MAX_LAYER_TOKENS:,} tokens of {n:,}" in c.value for c in app.caption)
    _type(app, "short text").run()
    assert not any("layers grid shows" in c.value for c in app.caption)


def test_token_downloads_are_written_on_click_not_on_each_rerun(app, monkeypatch):
    """A paste writes no CSV or JSON (every rerun of every session paid for both); the
    deferred files Streamlit runs on a click hold the text's tokens, not only the drawn ones
    (they held the first ``MAX_RENDER_TOKENS`` under a label that said nothing of it)."""
    from streamlit.runtime.media_file_manager import MediaFileManager

    from playground.analysis import analyse
    from playground.caps import MAX_EXPORT_TOKENS
    from playground.export import tokens_csv, tokens_json
    from playground.ui import text_mode

    written, deferred = [], {}
    for name, write in (("tokens_csv", tokens_csv), ("tokens_json", tokens_json)):
        monkeypatch.setattr(text_mode, name,
                            lambda spans, _w=write: written.append(len(spans)) or _w(spans))
    add = MediaFileManager.add_deferred
    monkeypatch.setattr(MediaFileManager, "add_deferred", lambda self, data, mime, *a, **k:
                        deferred.setdefault(mime, data) and add(self, data, mime, *a, **k))
    text = "The quick brown fox jumps over the lazy dog. " * 500
    _type(app, text).run()
    assert not app.exception and written == []
    spans = analyse(bbpe_core.get_encoding("gpt2"), text, "as special tokens",
                    MAX_EXPORT_TOKENS).spans
    assert len(spans) == 5_001 and not any("first" in b.label for b in app.get(
        "download_button"))
    assert deferred["text/csv"]() == tokens_csv(spans)
    assert deferred["application/json"]() == tokens_json(spans)
    assert written == [len(spans), len(spans)]


def _mode(app, mode):
    app.radio(key="pg_mode").set_value(mode).run()
    assert not app.exception


def test_text_survives_mode_and_encoding_switches(app):
    _type(app, "keep me 你好").run()
    for mode in ("Chat", "Decode", "Compare", "Text"):
        _mode(app, mode)
    app.selectbox(key="encoding").select("o200k_base").run()
    assert _text(app) == "keep me 你好"


def test_decode_mode(app):
    _mode(app, "Decode")
    live(app, "decode_ids", "31373, 995").run()
    m = _metrics(app)
    assert (m["Ids"], m["Bytes"], m["Characters recovered"], m["Invalid UTF-8 bytes"]) == (
        "2", "11", "11", "0")
    live(app, "decode_ids", "31373 220 19526").run()
    assert _metrics(app)["Invalid UTF-8 bytes"] == "2" and app.warning


@pytest.mark.parametrize(
    "typed, encoding, message",
    [("1, x", "gpt2", "item 2 ('x')"), ("100256", "cl100k_base", "unassigned"),
     ("50257", "gpt2", "out of range")],
)
def test_decode_bad_input_is_a_message(app, typed, encoding, message):
    app.selectbox(key="encoding").select(encoding).run()
    _mode(app, "Decode")
    live(app, "decode_ids", typed).run()
    assert not app.exception and "left out" in app.error[0].value
    assert any(message in c.value for c in app.code)


def test_decode_mode_names_every_bad_item_and_shows_plain_text(app):
    _mode(app, "Decode")
    live(app, "decode_ids", "31373 x 220 50257 995").run()
    assert not app.exception and "2 items are not a token" in app.error[0].value
    assert any("item 2 ('x')" in c.value and "item 4 (50257)" in c.value for c in app.code)
    assert _metrics(app)["Ids"] == "3"
    assert any(c.value == "hello  world" for c in app.code)


def test_chat_mode_counts_and_editing(app):
    _mode(app, "Chat")
    app.selectbox(key="chat_model").select("gpt-3.5-turbo").run()
    assert _metrics(app)["Tokens in the prompt"] == str(_tiktoken_chat_count(
        "<|im_start|>system\nYou are a helpful assistant.<|im_end|>\n"
        "<|im_start|>user\nHello! How many tokens is this?<|im_end|>\n<|im_start|>assistant\n"))
    app.button(key="chat_del_1").click().run()  # remove the system message
    assert len(chat_keys(app)) == 1 and not app.text_area
    [b for b in app.button if b.label == "Add message"][0].click().run()
    assert len(chat_keys(app)) == 2
    live(app, chat_keys(app)[1], "Sure.").run()
    up = [b for b in app.button if b.key and b.key.startswith("chat_up_")][1]
    up.click().run()
    assert chat_texts(app) == ["Sure.", "Hello! How many tokens is this?"]
    assert not app.exception


@pytest.mark.parametrize("model", ["Llama 3.x", "Qwen 3", "DeepSeek V3 / R1", "Mistral NeMo",
                                   "gpt-oss (harmony)"])
def test_chat_mode_renders_each_open_model_with_its_template(app, model):
    from tokenizers import Tokenizer

    from playground.chat.templates import TEMPLATE_MODELS, render_chat_prompt

    _mode(app, "Chat")
    app.selectbox(key="chat_model").select(model).run()
    assert not app.exception and not app.error
    turns = [{"role": "system", "content": "You are a helpful assistant."},
             {"role": "user", "content": "Hello! How many tokens is this?"}]
    prompt = render_chat_prompt(model, turns)
    name = TEMPLATE_MODELS[model][0]
    expected = len(bbpe_core.get_encoding(name).encode(prompt, allowed_special="all"))
    assert _metrics(app)["Tokens in the prompt"] == str(expected)
    ref = {"llama3": "llama3", "qwen3": "qwen3", "deepseek_v3": "deepseek_v3"}.get(name)
    if ref:  # the count HF tokenizers gives on the official file
        from zoo_oracles import REFS
        hf = Tokenizer.from_file(str(REFS / f"{ref}.tokenizer.json"))
        assert expected == len(hf.encode(prompt, add_special_tokens=False).ids)


def _tiktoken_chat_count(prompt: str) -> int:
    import tiktoken

    from oracles import tiktoken_encoding

    base = tiktoken_encoding("cl100k_base")
    enc = tiktoken.Encoding("chat", pat_str=base._pat_str, mergeable_ranks=base._mergeable_ranks,
                            special_tokens={**base._special_tokens, "<|im_start|>": 100264,
                                            "<|im_end|>": 100265, "<|im_sep|>": 100266})
    return len(enc.encode(prompt, allowed_special="all"))


def test_compare_mode(app):
    _mode(app, "Compare")
    _type(app, "    return x").run()
    table = app.dataframe[0].value
    assert list(table["tokens"]) == [5, 3, 3]
    app.multiselect(key="cmp_names").set_value([]).run()
    assert app.info and not app.exception


def test_shared_link_reopens_view():
    from playground.share.links import encode_state

    at = new_app()
    at.query_params["s"] = encode_state("cl100k_base", "Text", "shared text")
    at.run()
    assert not at.exception
    assert _text(at) == "shared text"
    assert at.selectbox(key="encoding").value == "cl100k_base"
    assert _metrics(at)["Tokens"] == "2"


def test_broken_shared_link_is_a_warning():
    at = new_app()
    at.query_params["s"] = "garbage!!"
    at.run()
    assert not at.exception and "could not be opened" in at.warning[0].value


def test_upload_is_a_page_of_its_own(app):
    """The upload entry point is in the navigation, not only in a collapsed box."""
    assert "views/upload.py" in (ROOT / "playground" / "app.py").read_text(encoding="utf-8")
    app.switch_page("views/upload.py").run()
    assert not app.exception and app.title[0].value == "Bring your own tokenizer"
    assert app.radio(key="up_kind").options and app.selectbox(key="encoding").value == "gpt2"
    assert [b for b in app.button if b.label == "Add tokenizer"][0].disabled  # no file yet


def _none_cells(at) -> list:
    """Cells of the tables shown that hold None, NaN or the text "None"."""
    found = []
    for table in at.dataframe:
        frame = table.value
        bad = frame.isna() | frame.map(lambda v: v is None or v == "None")
        found += [(list(frame.columns), r) for r in frame[bad.any(axis=1)].to_dict("records")]
    return found


@pytest.mark.parametrize("name", ["gpt2", "llama3", "mistral_tekken", "claude_legacy"])
def test_no_none_in_any_table(app, name):
    """Every table of every page and mode, for encodings with and without merges lists."""
    from playground.lessons.questions import LESSONS

    app.selectbox(key="encoding").select(name).run()
    for mode in ("Text", "Chat", "Decode", "Compare"):
        _mode(app, mode)
        assert _none_cells(app) == [], mode
    for page in ("views/vocabulary.py", "views/trace.py", "views/compare_lab.py"):
        app.switch_page(page).run()
        assert not app.exception and _none_cells(app) == [], page
    app.switch_page("views/lessons.py").run()
    for lesson in LESSONS:
        app.button(key=f"reveal_{lesson.key}").click().run()
    assert len(app.dataframe) == len(LESSONS) and _none_cells(app) == []
