"""Hostile input: every case ends in the documented exception (VocabFileError, ValueError,
PatternTimeoutError, KeyError for names) or a page message, never another exception.

A first part of the catalogue: the cases below each failed on the main branch before this
change (a traceback, Markdown rendered from a link, a silent replacement or a missing
keyword), except the fuzzed shapes, which guard all loaders against the next one.
"""

from __future__ import annotations

import base64
import io
import json
import zlib
from functools import cache
from pathlib import Path

import pytest
from apptest import chat_keys, live, new_app
from hypothesis import given, settings
from hypothesis import strategies as st
from streamlit.testing.v1 import AppTest

import bbpe_core
from bbpe_core import VocabFileError
from bbpe_core.__main__ import main
from playground.share.links import decode_state

ROOT = Path(__file__).resolve().parent.parent


def _link(state: object) -> str:
    raw = json.dumps(state, ensure_ascii=True).encode()
    return base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode().rstrip("=")


# ---- share links --------------------------------------------------------------------
def test_a_deeply_nested_link_is_a_value_error_not_a_recursion_error():
    deep = base64.urlsafe_b64encode(zlib.compress(b"[" * 100_000 + b"]" * 100_000, 9))
    with pytest.raises(ValueError, match="could not be read"):
        decode_state(deep.decode().rstrip("="), {"gpt2"}, {"Text"})


def test_a_lone_surrogate_in_a_link_becomes_u_fffd():
    state = decode_state(_link({"e": "gpt2", "m": "Text", "t": "a\ud800b"}), {"gpt2"}, {"Text"})
    assert state["text"] == "a\ufffdb"


def test_a_link_naming_markdown_shows_it_as_plain_text():
    at = new_app()
    evil = "**BOLD** [click](http://127.0.0.1/x) ![img](http://127.0.0.1/i.png)"
    at.query_params["s"] = _link({"e": evil, "m": "Text", "t": "hi"})
    at.run()
    assert not at.exception
    assert [w.value for w in at.warning] == ["This link could not be opened."]
    assert any(evil in c.value for c in at.code)
    assert not any("BOLD" in m.value for m in at.markdown)


# ---- tokenizer files ----------------------------------------------------------------
@cache
def _small_doc_text() -> str:
    """A valid tokenizer.json of 256 byte tokens and two merges (small, so fuzzing is fast)."""
    import tempfile

    ranks = {bytes([b]): b for b in range(256)} | {b"ab": 256, b"abc": 257}
    enc = bbpe_core.Encoding("small", pat_str=bbpe_core.GPT2_PATTERN, mergeable_ranks=ranks,
                             special_tokens={"<|endoftext|>": 258})
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "t.json"
        bbpe_core.save_hf_tokenizer_json(enc, path)
        return path.read_text(encoding="utf-8")


def _doc() -> dict:
    return json.loads(_small_doc_text())


@pytest.mark.parametrize("field, value, message", [
    ("normalizer", "NFC", "normalizer must be a JSON object"),
    ("pre_tokenizer", ["ByteLevel"], "pre_tokenizer must be a JSON object"),
    ("added_tokens", [{"content": "<x>"}], r"added_tokens\[0\].id must be an integer"),
    ("added_tokens", [{"content": "<x>", "id": "7"}], r"added_tokens\[0\].id must be an integer"),
    ("added_tokens", {"a": 1}, "added_tokens must be a list"),
    ("post_processor", "TemplateProcessing", "post_processor must be a JSON object"),
])
def test_wrong_json_types_in_tokenizer_json_name_the_field(field, value, message):
    doc = _doc()
    doc[field] = value
    with pytest.raises(VocabFileError, match=message):
        bbpe_core.load_hf_tokenizer_json(json.dumps(doc).encode(), name="evil.json")


def test_a_vocab_that_is_a_list_is_named():
    doc = _doc()
    doc["model"]["vocab"] = list(doc["model"]["vocab"])
    with pytest.raises(VocabFileError, match="model.vocab must be a JSON object"):
        bbpe_core.load_hf_tokenizer_json(json.dumps(doc).encode(), name="evil.json")


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 10**7) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner,
                                                                max_size=3),
    max_leaves=6)


@settings(max_examples=150, deadline=None)
@given(field=st.sampled_from(["normalizer", "pre_tokenizer", "post_processor", "decoder",
                              "added_tokens", "model", "model.vocab", "model.merges",
                              "model.ignore_merges", "model.type"]),
       value=JSON_VALUES)
def test_any_shape_in_any_field_is_a_vocab_file_error_or_loads(field, value):
    doc = _doc()
    if field.startswith("model."):
        doc["model"][field[6:]] = value
    else:
        doc[field] = value
    try:
        enc = bbpe_core.load_hf_tokenizer_json(json.dumps(doc).encode(), name="fuzz.json")
    except ValueError:  # VocabFileError is one
        return
    enc.encode("Hello, 世界 123", allowed_special="all")


@settings(max_examples=100, deadline=None)
@given(value=JSON_VALUES)
def test_any_json_as_a_whole_file_is_a_vocab_file_error(value):
    from bbpe_core.formats.js_tiktoken import load_js_tiktoken
    from bbpe_core.formats.tekken import load_tekken

    data = json.dumps(value).encode()
    for load in (bbpe_core.load_hf_tokenizer_json, load_tekken, load_js_tiktoken):
        with pytest.raises(ValueError):
            load(data, name="fuzz.json")


# ---- API and CLI --------------------------------------------------------------------
def test_batch_calls_accept_tiktokens_num_threads():
    enc = bbpe_core.get_encoding("gpt2")
    assert enc.encode_batch(["hi", "yo"], num_threads=2) == [enc.encode("hi"), enc.encode("yo")]
    assert enc.encode_ordinary_batch(["hi"], num_threads=1) == [enc.encode("hi")]


class _Stdin(io.TextIOWrapper):
    """A standard input whose bytes are given (``.buffer`` holds them)."""

    def __init__(self, data: bytes) -> None:
        super().__init__(io.BytesIO(data), encoding="utf-8", errors="surrogateescape")


def test_stdin_that_is_not_utf8_is_refused_unless_replace_is_asked(monkeypatch, capsys):
    monkeypatch.setattr("sys.stdin", _Stdin(b"ok \xff\xfe"))
    assert main(["encode"]) == 2
    assert "not UTF-8 (byte 3)" in capsys.readouterr().err
    monkeypatch.setattr("sys.stdin", _Stdin(b"ok \xff"))
    assert main(["encode", "--errors", "replace"]) == 0
    ids = capsys.readouterr().out.split()
    assert ids == [str(i) for i in bbpe_core.get_encoding("gpt2").encode("ok \ufffd")]


@pytest.mark.parametrize("args", [["--workers", "0"], ["--vocab-size", "-5"],
                                  ["--min-frequency", "0"]])
def test_train_refuses_sizes_below_one_in_the_argument_parser(args, capsys, tmp_path):
    base = {"--workers": "1", "--vocab-size": "300", "--min-frequency": "2"}
    base[args[0]] = args[1]
    argv = ["train", "x.txt", "--out", str(tmp_path)] + [a for kv in base.items() for a in kv]
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 2 and "must be at least 1" in capsys.readouterr().err


def test_an_unknown_model_or_encoding_is_a_key_or_value_error():
    with pytest.raises(KeyError):
        bbpe_core.encoding_for_model("**not a model**")
    with pytest.raises(ValueError, match="unknown encoding"):
        bbpe_core.get_encoding("<script>")


def test_u0295_is_a_lowercase_letter_for_the_pinned_patterns_as_for_tiktoken():
    import regex

    from bbpe_core.pre_tokenizers.patterns import pin_unicode

    assert regex.fullmatch(r"\p{Lo}", "\u0295")  # regex's Unicode 17.0: Lo
    pinned_ll = regex.compile(pin_unicode(r"\p{Ll}"), flags=regex.V1)
    assert pinned_ll.fullmatch("\u0295")  # tiktoken's Unicode 16.0: Ll


def test_a_trained_tokenizer_keeps_its_pattern_timeout():
    counts = bbpe_core.count_chunks(["aaab " * 20], r"(a|aa)+b|\s")
    enc = bbpe_core.train_from_counts(counts, 260, pat_str=r"(a|aa)+b|\s", pattern_timeout=0.5)
    assert enc.pattern_timeout == 0.5
    with pytest.raises(bbpe_core.PatternTimeoutError):
        enc.encode("a" * 40 + "c")


def test_the_tiktoken_uploads_special_tokens_field_is_parsed_as_shown():
    from playground.upload.files import KINDS, load_upload, parse_special_tokens

    specials = parse_special_tokens('{"<|end|>": 50257}')
    data = bbpe_core.get_encoding("gpt2").mergeable_ranks
    tiktoken_file = "\n".join(f"{base64.b64encode(t).decode()} {i}" for t, i in data.items())
    enc = load_upload(KINDS[2], [tiktoken_file.encode()], name="mine", special_tokens=specials)
    assert enc.encode("a<|end|>", allowed_special="all") == [64, 50257]
    for bad in ("[]", '{"x": "1"}', '{"x": -1}', "{not json", "[" * 50_000):
        with pytest.raises(ValueError, match="JSON object of text -> integer id"):
            parse_special_tokens(bad)


SESSION_LIMIT_SCRIPT = """
import streamlit as st
import bbpe_core
from playground.ui.session import add_user_encoding
enc = bbpe_core.get_encoding("gpt2")
for k in range(4):
    try:
        st.text(add_user_encoding(enc, f"fp{k}"))
    except ValueError as e:
        st.code(str(e))
"""


def test_a_session_keeps_at_most_three_tokenizers():
    at = AppTest.from_string(SESSION_LIMIT_SCRIPT, default_timeout=30)
    at.run()
    assert [t.value for t in at.text] == ["gpt2 (2)", "gpt2 (3)", "gpt2 (4)"]
    assert "already keeps 3 tokenizers" in at.code[0].value and not at.exception


def test_chat_mode_draws_at_most_the_page_cap_and_counts_everything():
    at = new_app()
    at.run()
    at.radio(key="pg_mode").set_value("Chat").run()
    live(at, chat_keys(at)[1], "word " * 5000).run()
    assert not at.exception
    tokens = int(next(m.value for m in at.metric if m.label == "Tokens in the prompt")
                 .replace(",", ""))
    assert tokens > 5000
    view = next(h.proto.body for h in at.get("html") if "bbpe-tv" in h.proto.body)
    assert view.count('class="tok') == 3000 and "Showing the first 3,000 of" in view


PAGES = ["views/playground.py", "views/compare_lab.py", "views/lessons.py", "views/train.py",
         "views/trace.py", "views/byte_map.py", "views/vocabulary.py", "views/upload.py"]
EVIL = "**pwn** <img src=x onerror=alert(1)> $x^2$ :rocket: \u202eevil \ud800"


@pytest.mark.parametrize("state", [
    {"e": EVIL, "m": "Text", "t": "hi"},
    {"e": "gpt2", "m": "Text", "t": EVIL},
    {"e": "gpt2", "m": EVIL, "t": "x"},
])
def test_every_page_opened_with_a_crafted_link_shows_no_exception_and_no_user_markdown(state):
    at = new_app()
    at.query_params["s"] = _link(state)
    at.run()
    for page in PAGES:
        at.switch_page(page).run()
        assert not at.exception, page
        rendered = [m.value for m in [*at.markdown, *at.warning, *at.error, *at.info,
                                      *at.caption, *at.success]]
        assert not any("pwn" in value for value in rendered), page
