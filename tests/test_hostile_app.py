"""Hostile input to the app (issue 31's app part): share links of a few hundred bytes, pastes,
uploads and edits that hung a page, raised an exception or took the shared server past 1 GB.

Each case failed on the main branch before the caps of ``playground/caps.py``, the session's
memory budget and the linear algorithms: page logic runs under AppTest, memory cases in a
fresh interpreter under an address-space limit and a timeout (``limits.run_limited``).
"""

from __future__ import annotations

import base64
import json
import time
import tomllib
import zlib
from pathlib import Path

import pytest
from apptest import lab_tab, live, new_app
from hypothesis import given, settings
from hypothesis import strategies as st
from limits import run_limited

import bbpe_core
from bbpe_core import list_encoding_names
from playground.caps import (
    MAX_ALGORITHM_CHARS,
    MAX_CHAT_MESSAGES,
    MAX_COMPARE_BYTES,
    MAX_COMPARE_ENCODINGS,
    MAX_LAB_CHARS,
    MAX_LESSON_CHARS,
    MAX_SAMPLE_CHARS,
    MAX_TRAIN_BYTES,
    MEMORY_PER_FILE_BYTE,
    SESSION_MEMORY_MB,
)
from playground.chat.prompt import Message, build_prompt, chat_encoding, tokens_per_message
from playground.chat.templates import TEMPLATE_MODELS, prompt_ranges, render_chat_prompt
from playground.share.links import decode_state

ROOT = Path(__file__).resolve().parent.parent
MODES = {"Text", "Chat", "Decode", "Compare"}


def _link(state: object) -> str:
    raw = json.dumps(state, ensure_ascii=True).encode()
    return base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode().rstrip("=")


def _opened(state: dict, timeout: float = 60):
    """The app opened with a link of ``state``; fails if it runs longer than ``timeout``."""
    at = new_app(timeout)
    at.query_params["s"] = _link(state)
    at.run()
    assert not at.exception, [e.message for e in at.exception]
    return at


def _said(at) -> list[str]:
    return [e.value for e in [*at.error, *at.warning, *at.code]]


# ---- share links that hung a page ---------------------------------------------------------
def test_a_link_of_60000_ids_decodes_at_once():
    ids = " ".join(["50256"] * 60_000)  # <|endoftext|> 60,000 times: 780,000 characters
    assert len(_link({"e": "gpt2", "m": "Decode", "t": ids})) < 1000
    started = time.perf_counter()
    at = _opened({"e": "gpt2", "m": "Decode", "t": ids}, timeout=20)
    assert time.perf_counter() - started < 20
    assert next(m.value for m in at.metric if m.label == "Ids") == "60,000"


@pytest.mark.parametrize("model", ["Qwen 3", "gpt-4o"])
def test_a_link_of_1000_messages_is_refused_before_rendering(model):
    messages = [["user", "hi"]] * 1000
    value = _link({"e": "gpt2", "m": "Chat", "t": "", "o": {"chat_model": model,
                                                             "messages": messages}})
    assert len(value) < 400
    at = new_app(20)
    at.query_params["s"] = value
    at.run()
    assert "This link could not be opened." in [w.value for w in at.warning]
    assert any(f"1,000 messages; the limit is {MAX_CHAT_MESSAGES}" in c.value for c in at.code)


def test_a_compare_link_of_every_encoding_and_half_a_million_characters_is_refused():
    state = {"e": "gpt2", "m": "Compare", "t": "a" * 500_000,
             "o": {"compare": list_encoding_names()}}
    at = new_app(20)
    at.query_params["s"] = _link(state)
    at.run()
    assert not at.exception
    assert "This link could not be opened." in [w.value for w in at.warning]


@pytest.mark.parametrize("state, message", [
    ({"e": "gpt2", "m": "Decode", "t": "1 " * 420_000}, "The link's id list has"),
    ({"e": "gpt2", "m": "Compare", "t": "x", "o": {"compare": list_encoding_names()[:7]}},
     "The link's list of compared encodings has 7"),
    ({"e": "gpt2", "m": "Chat", "t": "", "o": {"messages": [["user", "x"]] * 101}},
     "The link's chat has 101 messages"),
    ({"e": "gpt2", "m": "Chat", "t": "", "o": {"messages": [["user", "x" * 60_000]] * 2}},
     "The link's chat has 120,008 characters"),
])
def test_a_link_carrying_more_than_a_page_accepts_is_a_value_error(state, message):
    with pytest.raises(ValueError, match=message):
        decode_state(_link(state), set(list_encoding_names()), MODES)


def test_the_heaviest_allowed_links_open_in_seconds():
    chat = [["user" if k % 2 == 0 else "assistant", "word " * 190]
            for k in range(MAX_CHAT_MESSAGES)]
    names = ["gpt2", "cl100k_base", "o200k_base", "llama3", "qwen3", "deepseek_v3"]
    text = "\U0001F600" * (MAX_COMPARE_BYTES // len(names) // 4)
    for state in ({"e": "gpt2", "m": "Chat", "t": "", "o": {"chat_model": "Qwen 3",
                                                          "messages": chat}},
                  {"e": "gpt2", "m": "Compare", "t": text, "o": {"compare": names}}):
        started = time.perf_counter()
        at = _opened(state, timeout=60)
        assert not at.warning and not at.error, _said(at)
        assert time.perf_counter() - started < 60


def test_chatml_tokens_are_matched_to_8000_messages_in_one_pass():
    code = (
        "from playground.chat.prompt import (Message, build_prompt, chat_encoding,\n"
        "                                    tokens_per_message)\n"
        "msgs = [Message('user', 'hi')] * 8000\n"
        "prompt, ranges = build_prompt(msgs, 'gpt-4o')\n"
        "spans = chat_encoding('gpt-4o').encode_detailed(prompt, allowed_special='all')\n"
        "counts = tokens_per_message(spans, ranges)\n"
        "assert counts[:2] == [5, 5] and sum(counts) == len(spans)\n"
        "print('OK')\n")
    done = run_limited(code, timeout=30)
    assert done.returncode == 0 and "OK" in done.stdout, done.stderr[-2000:]


def test_chatml_counts_per_message_as_before():
    msgs = [Message("system", "Be brief."), Message("user", "Hi there"), Message("tool", "")]
    prompt, ranges = build_prompt(msgs, "gpt-3.5-turbo")
    spans = chat_encoding("gpt-3.5-turbo").encode_detailed(prompt, allowed_special="all")
    scan = [0] * (len(ranges) + 1)  # the definition: the range a token starts in
    for s in spans:
        scan[next((i for i, (a, b) in enumerate(ranges) if a <= s.start < b), len(ranges))] += 1
    assert tokens_per_message(spans, ranges) == scan


CHAT = [{"role": "system", "content": "Be brief."}, {"role": "user", "content": "Hi there"},
        {"role": "assistant", "content": "Hello!\n\nHow are you?"},
        {"role": "user", "content": "2+2?"}]


@pytest.mark.parametrize("model", ["Llama 3.x", "DeepSeek V3 / R1"])
def test_template_counts_per_message_are_what_each_message_adds(model):
    """Not gpt-oss's: its template ends the last assistant turn with <|return|> and an earlier
    one with <|end|> (the harmony format's rule), so a turn's part of the whole prompt is not
    what adding it adds, as for Qwen 3 and Mistral below."""
    enc = bbpe_core.get_encoding(TEMPLATE_MODELS[model][0])

    def count(text: str) -> int:
        return len(enc.encode(text, allowed_special="all"))

    sizes = [0] + [count(render_chat_prompt(model, CHAT[:k], add_generation_prompt=False))
                   for k in range(1, len(CHAT) + 1)]
    added = [b - a for a, b in zip(sizes, sizes[1:])]
    prompt, ranges = prompt_ranges(model, CHAT)
    counts = tokens_per_message(enc.encode_detailed(prompt, allowed_special="all"), ranges)
    assert counts[:-1] == added and counts[-1] == count(prompt) - sizes[-1]


@pytest.mark.parametrize("model, parts", [
    ("Qwen 3", ["<|im_start|>system\nBe brief.<|im_end|>\n",
                "<|im_start|>user\nHi there<|im_end|>\n",
                "<|im_start|>assistant\nHello!\n\nHow are you?<|im_end|>\n",
                "<|im_start|>user\n2+2?<|im_end|>\n"]),
    ("Mistral NeMo", ["<s>", "[INST]Hi there[/INST]", "Hello!\n\nHow are you?</s>",
                      "[INST]Be brief.\n\n2+2?[/INST]"]),
])
def test_template_parts_follow_the_whole_prompt_where_earlier_turns_are_rewritten(model, parts):
    prompt, ranges = prompt_ranges(model, CHAT)
    assert [prompt[a:b] for a, b in ranges] == parts


# ---- exceptions -----------------------------------------------------------------------------
@pytest.mark.parametrize("pasted", ['[{"{x": 1}]', '[{"a": "\\ud800"}]', '[{"\\udfff": 1}]',
                                    '[{"a b": 1, "xml": 2, "1x": 3}]'])
def test_compare_lab_formats_of_any_records_raise_nothing(pasted):
    at = new_app()
    at.run()
    at.switch_page("views/compare_lab.py")
    lab_tab(live(at, "lab_json", pasted), "Formats").run()
    assert not at.exception, [e.message for e in at.exception]
    for name in ("XML", "Python literal"):
        at.selectbox(key="lab_fmt_show").set_value(name).run()
        assert not at.exception, [e.message for e in at.exception]


def test_the_deployed_app_shows_users_no_exception_details():
    config = tomllib.loads((ROOT / "playground" / ".streamlit" / "config.toml").read_text(
        encoding="utf-8"))
    assert config["client"]["showErrorDetails"] == "none"
    # the settings beside the served script, read as `streamlit run playground/serve.py` reads
    # them (streamlit.web.cli._main_run sets the script's path, then loads the config)
    code = ("from streamlit import config\n"
            "config._main_script_path = 'playground/serve.py'\n"
            "config.get_config_options(force_reparse=True)\n"
            "from streamlit.testing.v1 import AppTest\n"
            "at = AppTest.from_string('raise KeyError(\"/srv/secret/path.py\")')\n"
            "at.run()\n"
            "e = at.exception[0]\n"
            "print('REDACTED' if 'secret' not in e.message and not e.stack_trace else 'SHOWN')\n")
    done = run_limited(code, timeout=60)
    assert "REDACTED" in done.stdout, done.stdout + done.stderr[-2000:]


def test_our_tests_still_see_exceptions_in_full():
    new_app()
    from streamlit.testing.v1 import AppTest

    at = AppTest.from_string('raise KeyError("/srv/secret/path.py")')
    at.run()
    assert "secret" in at.exception[0].message and at.exception[0].stack_trace


# ---- memory over 1 GB from allowed inputs ----------------------------------------------------
def _pasted_within_1_gb(text: str, verdict: str, app_timeout: float, timeout: float) -> None:
    """Paste into the playground of a fresh app in a child interpreter limited to 1 GiB of
    address space (``limits.run_limited``) and check what it printed.

    Args:
        text: a Python expression of the child (``MAX_TEXT_BYTES`` imported) giving the text
            put in the live text area ``pg_text``.
        verdict: the child's ``print`` arguments after the app's run, read from ``at`` (its
            AppTest); they must print ``OK``.
        app_timeout: seconds AppTest allows the run in the child.
        timeout: seconds before the child is killed (``subprocess.TimeoutExpired``).
    """
    code = ("import sys; sys.path.insert(0, 'tests')\n"
            "from apptest import new_app\n"
            "from playground.caps import MAX_TEXT_BYTES\n"
            f"at = new_app({app_timeout})\n"
            f"at.session_state['kept__pg_text'] = {text}\n"
            "at.run()\n"
            f"print({verdict})\n")
    done = run_limited(code, memory_bytes=1 << 30, timeout=timeout)
    assert "OK" in done.stdout, done.stdout + done.stderr[-2000:]


def test_a_6_mb_paste_is_refused_before_it_is_encoded():
    _pasted_within_1_gb(
        "'\\u200d' * 2_000_000",
        "'OK' if not at.exception and any('6,000,000 UTF-8 bytes' in e.value for e in at.error) "
        "else ('EXC', [e.message for e in at.exception], [e.value for e in at.error])",
        app_timeout=60, timeout=90)


def test_encode_detailed_of_one_long_chunk_builds_no_more_than_it_returns():
    code = ("import bbpe_core\n"
            "spans = bbpe_core.get_encoding('gpt2').encode_detailed('a' * 2_000_000, "
            "max_tokens=3000)\n"
            "assert len(spans) == 3000 and spans[-1].end < 100_000, spans[-1]\n"
            "print('OK')\n")
    done = run_limited(code, memory_bytes=400 << 20, timeout=20)
    assert "OK" in done.stdout, done.stderr[-2000:]


@settings(max_examples=40, deadline=None)
@given(text=st.text(alphabet=st.sampled_from("ab \n\u200d\U0001F600é你<|endoftext|>"),
                    max_size=60),
       cut=st.integers(min_value=0, max_value=40),
       name=st.sampled_from(["gpt2", "llama2", "mistral_tekken", "bert_base_uncased"]))
def test_encode_detailed_cut_short_is_the_first_tokens_of_the_whole(text, cut, name):
    enc = bbpe_core.get_encoding(name)
    whole = enc.encode_detailed(text, disallowed_special=())
    assert enc.encode_detailed(text, disallowed_special=(), max_tokens=cut) == whole[:cut]


def test_a_long_text_in_compare_mode_on_many_encodings_is_refused():
    at = new_app()
    at.session_state["kept__pg_mode"] = "Compare"
    at.session_state["kept__cmp_names"] = ["gpt2", "cl100k_base", "o200k_base", "llama3"]
    at.session_state["kept__pg_text"] = "a" * 300_000
    at.run()
    assert not at.exception
    assert any(f"Compare mode encodes at most {MAX_COMPARE_BYTES:,}" in e.value for e in at.error)
    assert at.multiselect(key="cmp_names").proto.max_selections == MAX_COMPARE_ENCODINGS


def test_a_corpus_over_the_train_cap_is_refused_before_training():
    at = new_app()
    at.run()
    at.switch_page("views/train.py").run()
    at.radio(key="tr_source").set_value("upload").run()
    at.file_uploader(key="tr_upload").upload("big.txt", b"a" * (MAX_TRAIN_BYTES + 1), "text/plain")
    at.run()
    assert not at.exception
    assert any(f"The corpus has {MAX_TRAIN_BYTES + 1:,} bytes" in e.value for e in at.error)
    assert not [b for b in at.button if b.label == "Train"]  # the page stopped before it


def test_a_second_training_starts_without_the_first_result():
    at = new_app()
    at.run()
    at.switch_page("views/train.py").run()
    at.radio(key="tr_source").set_value("paste").run()
    at.text_area(key="tr_paste").input("low lower lowest " * 50).run()
    at.slider(key="tr_vocab").set_value(256 + 64).run()
    next(b for b in at.button if b.label == "Train").click().run()
    first = at.session_state["tr_result"]["enc"]
    at.selectbox(key="tr_pattern").set_value("custom").run()
    at.text_input(key="tr_custom").input("(").run()  # a pattern that does not compile
    next(b for b in at.button if b.label == "Train").click().run()
    assert not at.exception
    assert "tr_result" not in at.session_state or at.session_state["tr_result"]["enc"] is not first


def test_an_edited_lesson_example_is_capped_and_draws_at_most_the_page_cap():
    at = new_app()
    at.session_state["kept__lesson_spelling"] = "x" * 1_000_000  # past the widget's max_chars
    at.run()
    at.switch_page("views/lessons.py").run()
    assert not at.exception
    assert any(f"The example has 1,000,000 characters; the limit is {MAX_LESSON_CHARS:,}" in e.value
               for e in at.error)
    live(at, "lesson_spelling", "\U0001F600 " * (MAX_LESSON_CHARS // 2)).run()
    next(b for b in at.button if b.key == "reveal_spelling").click().run()
    assert not at.exception
    views = [h.proto.body for h in at.get("html") if "bbpe-tv" in h.proto.body]
    assert views and all(v.count('class="tok') <= 3000 for v in views)
    assert any("Showing the first 3,000 of" in v for v in views)


@pytest.mark.parametrize("key, tab", [("kept__lab_json", "Formats"),
                                      ("kept__lab_user_text", "Languages")])
def test_compare_lab_inputs_are_capped(key, tab):
    at = new_app()
    at.session_state[key] = " " * (MAX_LAB_CHARS + 1)  # past the widget's max_chars
    at.run()
    at.switch_page("views/compare_lab.py")
    lab_tab(at, tab).run()
    assert not at.exception
    assert any(f"has {MAX_LAB_CHARS + 1:,} characters" in said for said in _said(at))


def test_a_sessions_tokenizers_stay_within_its_memory_budget():
    small = bbpe_core.Encoding("small", pat_str=bbpe_core.GPT2_PATTERN,
                               mergeable_ranks={bytes([b]): b for b in range(256)},
                               special_tokens={})
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "t.json"
        bbpe_core.save_hf_tokenizer_json(small, path)
        # JSON whitespace: cheap to parse, but the budget counts a file by its size
        padded = path.read_bytes() + b" " * (SESSION_MEMORY_MB * 2**20 // MEMORY_PER_FILE_BYTE // 2)
    at = new_app()
    at.run()
    at.switch_page("views/upload.py").run()
    assert any(f"may hold {SESSION_MEMORY_MB:,} MB in all" in c.value for c in at.caption)
    for _ in range(2):
        at.file_uploader(key="up_file_tokenizer.json").set_value(("t.json", padded,
                                                                  "application/json"))
        at.run()
        next(b for b in at.button if b.label == "Add tokenizer").click().run()
        assert not at.exception
    assert len(at.session_state["user_encodings"]) == 1
    assert any(f"may hold {SESSION_MEMORY_MB:,} MB in all" in c.value for c in at.code)


def test_decode_mode_refuses_more_ids_than_its_cap_before_decoding():
    at = new_app()
    at.session_state["kept__pg_mode"] = "Decode"
    at.session_state["kept__decode_ids"] = "0 " * 100_001
    at.run()
    assert not at.exception
    assert any("The list has 100,001 items; the limit is 100,000." in e.value for e in at.error)


@pytest.mark.parametrize("key, size, message", [
    ("kept__al_text", MAX_ALGORITHM_CHARS + 1, "The text has"),
    ("kept__al_sample", MAX_SAMPLE_CHARS + 1, "The sample has"),
])
def test_the_algorithms_pages_inputs_are_capped_past_the_widgets_max_chars(key, size, message):
    at = new_app()
    at.session_state[key] = "a" * size
    at.session_state["al_training"] = True  # the sample is in the training section
    at.run()
    at.switch_page("views/algorithms.py").run()
    assert not at.exception
    assert any(e.value.startswith(f"{message} {size:,} characters") for e in at.error)


def test_the_largest_allowed_paste_of_the_slowest_text_stays_within_1_gb():
    _pasted_within_1_gb(
        "'\\U0001F600' * (MAX_TEXT_BYTES // 4)",
        "'OK' if not at.exception and not at.error else 'NO', "
        "next(m.value for m in at.metric if m.label == 'Tokens')",
        app_timeout=120, timeout=150)


@pytest.mark.parametrize("pasted, message", [  # replaces test_hostile's nesting test
    ("[" * 100_000, "Your JSON has 100,000 characters; the limit is 20,000."),
    ("[" * MAX_LAB_CHARS, "not valid JSON"),
    (json.dumps({"a": json.loads("[" * 40 + "]" * 40)}), "deeper than 20 levels"),
])
def test_compare_lab_json_too_long_or_too_deep_is_a_message(pasted, message):
    at = new_app()
    at.session_state["kept__lab_json"] = pasted  # past the widget's max_chars too
    at.run()
    at.switch_page("views/compare_lab.py")
    lab_tab(at, "Formats").run()
    assert not at.exception
    assert any(message in said for said in _said(at))
