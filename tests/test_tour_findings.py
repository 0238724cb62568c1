"""Issue 33, a new user's tour: each finding as an AppTest (or a plain check) that failed on the
main branch of the day the tour was taken and passes now."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from apptest import lab_tab, live, new_app

import bbpe_core

ROOT = Path(__file__).resolve().parent.parent


def test_2_no_pages_directory_competes_with_st_navigation():
    # Streamlit lists every script of a `pages/` folder beside the main script by itself (its
    # first multipage mechanism); opened by a direct link before st.navigation has run once,
    # the sidebar showed those file names for the whole session. The pages live in
    # playground/views/.
    assert not (ROOT / "pages").exists()
    router = (ROOT / "playground" / "app.py").read_text(encoding="utf-8")
    assert '"pages/' not in router
    for line in router.splitlines():
        if 'st.Page("' in line:  # a script's page (the /playground alias is a function)
            path = line.split('st.Page("', 1)[1].split('"', 1)[0]
            assert path.startswith("views/") and (ROOT / "playground" / path).is_file(), path


def _page(path: str, encoding: str | None = None, lab: str | None = None):
    """The app switched to ``path``, with ``encoding`` chosen and the Compare lab's tab ``lab``
    open (``apptest.lab_tab``), each if given."""
    at = new_app()
    at.session_state["al_training"] = True  # the Algorithms page's training section, open
    at.session_state["vo_charts"] = True  # the Vocabulary page's charts, open
    at.run()
    if encoding:
        at.selectbox(key="encoding").select(encoding).run()
    at.switch_page(path)
    if lab:
        lab_tab(at, lab)
    at.run()
    assert not at.exception
    return at


def test_1_merge_trace_of_a_sentencepiece_encoding_steps_back_and_shows_its_pieces_once():
    at = _page("views/trace.py", "llama2")
    live(at, "tr_text", "hello").run()
    assert "pieces ['▁hello']" in at.code[0].value
    at.slider[0].set_value(at.slider[0].value - 1).run()
    assert not at.exception
    assert "score" in at.dataframe[0].value.columns
    live(at, "tr_text", "a  b").run()
    enc = bbpe_core.get_encoding("llama2")
    assert f"pieces {[enc.vocab.pieces[i] for i in enc.encode('a  b')]!r}" in at.code[0].value


@pytest.mark.parametrize("sidebar", ["gpt2", "llama3", "llama2"])
def test_4_every_lesson_asks_for_and_answers_with_the_sidebars_encoding(sidebar):
    from playground.lessons.questions import LESSONS

    at = _page("views/lessons.py", sidebar)
    rule = [c.value for c in at.caption if "sidebar's encoding" in c.value]
    assert len(rule) == 1 and sidebar in rule[0]
    for lesson in LESSONS:
        assert at.number_input(key=f"guess_{lesson.key}").label == (
            f"Predict: how many {sidebar} tokens is the example?")
    at.number_input(key="guess_python").set_value(1).run()
    at.button(key="reveal_python").click().run()
    code = next(x for x in LESSONS if x.key == "python").example
    actual = len(bbpe_core.get_encoding(sidebar).encode(code, disallowed_special=()))
    assert f"It is {actual} tokens" in at.info[0].value


def test_5_train_at_the_smallest_size_with_the_default_special_token_and_use_it_at_once():
    at = _page("views/train.py")
    slider = at.slider(key="tr_vocab")
    assert at.text_input(key="tr_specials").value == "<|endoftext|>"
    slider.set_value(slider.min).run()
    at.button[0].click().run()
    assert not at.exception and not at.error and "merges in" in at.success[0].value
    labels = [p.proto.text for p in at.get("progress")]
    assert labels and not any("Counting chunks" in t for t in labels), labels
    next(b for b in at.button if b.label == "Use this tokenizer").click().run()
    name = at.code[-1].value
    assert name.startswith("trained-") and name in at.selectbox(key="encoding").options


def test_7_formats_with_the_json_field_cleared_compares_the_sample_records():
    at = _page("views/compare_lab.py", lab="Formats")
    before = [t.value.to_dict("records") for t in at.dataframe]
    assert before
    live(at, "lab_json", "   ").run()
    assert not at.exception and not at.error
    assert [t.value.to_dict("records") for t in at.dataframe] == before
    assert any("sample records" in c.value for c in at.caption)


@pytest.mark.parametrize("show_whitespace", [False, True])
def test_9_a_newline_breaks_the_line_of_chips_after_its_chip(show_whitespace):
    from playground.render.tokens import token_view_html

    enc = bbpe_core.get_encoding("gpt2")
    text = "def f(a, b):\n    return a\n\nx"
    view = token_view_html(text, enc.encode_detailed(text), show_whitespace=show_whitespace)
    body = view.split('<div class="bbpe-view">', 1)[1].split("</div>", 1)[0]
    chips = re.split(r'(?=<span class="tok)', body)[1:]  # each chip, then what follows it
    assert "\n" not in body  # no chip wraps inside itself
    breaks = [(chip.count("↵"), len(re.findall(r"<br>", chip))) for chip in chips]
    assert all(marks == lines for marks, lines in breaks)
    assert sum(marks for marks, _ in breaks) == text.count("\n")
    assert all(chip.endswith("</span>" + "<br>" * n) for chip, (n, _) in zip(chips, breaks))


@pytest.mark.parametrize("name, shown", [
    ("gpt2", "Counted with <b>OpenAI · GPT-2 / GPT-3 → gpt2</b>"),
    ("claude_legacy", "Counted with <b>Anthropic · Claude 1 / 2 (legacy, not Claude 3 or later) "
                      "→ claude_legacy</b>"),
])
def test_10_the_playground_names_the_model_and_encoding_above_the_counts(name, shown):
    at = new_app()
    at.run()
    at.selectbox(key="encoding").select(name).run()
    bodies = [h.proto.body for h in at.get("html")]
    line = next(k for k, b in enumerate(bodies) if shown in b)
    assert any("bbpe-view" in b for b in bodies[line + 1:])  # above the chips
    at.radio(key="pg_mode").set_value("Decode").run()
    assert any(shown in h.proto.body for h in at.get("html"))


def _toggle_labels(at) -> list[str]:
    return [t.label for t in at.toggle]


def test_13_counts_and_hints_speak_of_the_chosen_encoding_in_good_english():
    at = new_app()
    at.run()
    api = [t for t in at.toggle if t.label.startswith("Count as the API does")]
    assert len(api) == 1 and api[0].disabled  # drawn for gpt2 too: no jump when it appears
    assert at.radio(key="pg_special").label == "Special tokens in the text (e.g. <|endoftext|>)"
    at.selectbox(key="encoding").select("bert_base_uncased").run()
    assert ("Count as the API does (+2 tokens the model's API adds, e.g. its BOS)"
            in _toggle_labels(at))
    at.selectbox(key="encoding").select("llama3").run()
    assert ("Count as the API does (+1 token the model's API adds, e.g. its BOS)"
            in _toggle_labels(at))
    assert at.radio(key="pg_special").label == "Special tokens in the text (e.g. <|eot_id|>)"
    at.session_state["kept__pg_text"] = ""
    at.radio(key="pg_mode").set_value("Compare").run()
    assert not at.exception and not at.get("plotly_chart")  # no bars, no -1..1 axis


def test_13_a_lesson_says_1_token():
    at = _page("views/lessons.py")
    live(at, "lesson_spelling", "hello").run()
    at.button(key="reveal_spelling").click().run()
    bodies = [h.proto.body for h in at.get("html")]
    assert any("<b>gpt2</b>: 1 token</p>" in b for b in bodies)
    assert not any(": 1 tokens</p>" in b for b in bodies)


def test_13_train_wording():
    at = _page("views/train.py")
    at.slider(key="tr_vocab").set_value(512).run()
    at.button[0].click().run()
    captions = " ".join(c.value for c in at.caption)
    assert "byte-level BPE encodes any text" in captions and "never can't" not in captions


def test_13_the_labs_table_lists_languages_in_the_charts_order():
    import html

    at = _page("views/compare_lab.py", lab="Tables")
    chart = next(h.proto.body for h in at.get("html") if 'class="bbpe-bars"' in h.proto.body)
    names = [html.unescape(n) for n in re.findall(r'<span class="label">(.*?)</span>', chart)]
    assert list(at.dataframe[0].value["language"]) == names and len(names) > 20


def _search(at, query: str):
    at.text_input(key="find_model").input(query).run()
    assert not at.exception
    return at.selectbox(key="encoding")


@pytest.mark.parametrize("query, best", [("o3", "o200k_base"), ("bert", "bert_base_uncased"),
                                         ("Gemini", "gemma3"), ("Whisper", "whisper_v3"),
                                         ("Qwen", "qwen3"), ("deepseek r1", "deepseek_v3"),
                                         ("Phi-4", "phi4"), ("phi 3", "phi3")])
def test_3_sidebar_search_finds_by_word_and_chooses_the_best_match(query, best):
    at = new_app()
    at.run()
    box = _search(at, query)
    assert box.value == best and box.options[0] == box.format_func(best)
    assert "Tokens" in [m.label for m in at.metric]


@pytest.mark.parametrize("query, said", [("Grok", "Grok"), ("Command R", "Command"),
                                         ("Kimi K2", "code of its own"),
                                         ("GLM-4.5", "open the model's own GGUF")])
def test_3_a_model_we_do_not_ship_is_said_plainly(query, said):
    at = new_app()
    at.run()
    box = _search(at, query)
    shown = [t.value for t in at.sidebar.text]
    assert any(t.startswith("Not shipped") and said in t for t in shown), shown
    assert box.value == "gpt2" and len(box.options) == 1  # nothing unrelated listed


def test_3_the_labs_encodings_box_and_the_selector_match_by_substring_not_fuzzily():
    from streamlit.proto.SelectWidgetFilterMode_pb2 import SelectWidgetFilterMode

    at = _page("views/compare_lab.py")
    box = at.multiselect(key="lab_names")
    for widget in (box, at.selectbox(key="encoding")):
        assert widget.proto.filter_mode == SelectWidgetFilterMode.FILTER_MODE_CONTAINS
    # what "bert" + Enter can add under substring matching: BERT and the BERT-based
    # nomic_bert_moe only (fuzzy matching also offered Mistral 7B v0.3)
    assert [o for o in box.options if "bert" in o.lower()] == [
        "Google · BERT / MiniLM → bert_base_uncased",
        "Nomic AI · nomic-embed-text-v2-moe (Unigram) → nomic_bert_moe"]


LIVE_INPUTS = {
    ("views/playground.py", "Text"): ["pg_text"],
    ("views/playground.py", "Decode"): ["decode_ids"],
    ("views/playground.py", "Chat"): ["chat_content_1", "chat_content_2"],
    ("views/lessons.py", None): ["lesson_spelling", "lesson_python"],
    ("views/algorithms.py", None): ["al_text", "al_sample"],
    ("views/compare_lab.py", "Languages"): ["lab_user_text"],  # a mode here: the lab's tab
    ("views/compare_lab.py", "Formats"): ["lab_json"],
    ("views/compare_lab.py", "Indentation"): ["lab_code"],
    ("views/trace.py", None): ["tr_text"],
    ("views/vocabulary.py", None): ["vo_query"],
}


@pytest.mark.parametrize("path, mode", LIVE_INPUTS)
def test_8_text_inputs_that_drive_counts_follow_typing(path, mode):
    """Each is the live text area (a component that sends the text as it is typed), not
    st.text_area or st.text_input, which wait for Ctrl+Enter or Enter; and what it sends is
    what the page counts."""
    lab = path == "views/compare_lab.py"
    at = _page(path, lab=mode if lab else None)
    if mode and not lab:
        at.radio(key="pg_mode").set_value(mode).run()
    live_keys = {e.key for e in at.get("bidi_component")
                 if e.proto.component_name == "bbpe_live_text"}
    plain = {t.key for t in at.text_area} | {t.key for t in at.text_input}
    for key in LIVE_INPUTS[path, mode]:
        assert key in live_keys and key not in plain, key


def test_8_chat_merge_trace_and_vocabulary_count_what_is_typed():
    at = new_app()
    at.run()
    at.radio(key="pg_mode").set_value("Chat").run()
    before = int(at.metric[0].value.replace(",", ""))
    live(at, "chat_content_2", "Hello! How many tokens is this? More words here.").run()
    added = len(bbpe_core.get_encoding("o200k_base").encode(" More words here."))  # gpt-4o's
    assert int(at.metric[0].value.replace(",", "")) == before + added
    at.switch_page("views/trace.py").run()
    live(at, "tr_text", "lower").run()
    assert "ids: `[21037]`" in at.markdown[0].value
    live(at, "tr_text", "x" * 201).run()
    assert "The text has 201 characters; the limit is 200." in at.error[0].value
    at.switch_page("views/vocabulary.py").run()
    live(at, "vo_query", "SolidGoldMagikarp").run()
    assert list(at.dataframe[0].value["id"]) == [43453]


def test_12_vocabulary_names_id_0_as_its_table_does_and_the_log_axis_ticks_powers_of_ten():
    import json

    at = _page("views/vocabulary.py", "deepseek_v3")
    first = bbpe_core.get_encoding("deepseek_v3").decode([0])
    assert any(f"(id 0 is {first!r})" in m.value for m in at.markdown), first
    logs = [json.loads(c.proto.spec)["layout"]["yaxis"] for c in at.get("plotly_chart")]
    logs = [y for y in logs if y.get("type") == "log"]
    assert logs and all(y.get("dtick") == 1 for y in logs)


def test_14_the_count_shows_the_context_window_and_the_price_or_says_there_is_none():
    from playground.pricing import data_note

    at = new_app()
    at.run()
    at.selectbox(key="encoding").select("o200k_base").run()
    live(at, "pg_text", "hello world").run()  # 2 tokens
    bars = [p.proto.text for p in at.get("progress")]
    assert bars == ["2 of the 128,000 tokens of gpt-4o's context window (0.0%)"]
    priced = [c.value for c in at.caption if c.value.startswith("Priced as gpt-4o")]
    assert len(priced) == 1 and "as input USD 0.000005 " in priced[0]  # 2 × 2.5 / 1e6
    assert "as output USD 0.00002 " in priced[0] and "as cached input USD 0.0000025 " in priced[0]
    assert data_note() in priced[0] and "genai-prices 0." in data_note()
    at.selectbox(key="encoding").select("llama3").run()
    assert not at.get("progress") and any(c.value.startswith("No price") for c in at.caption)


def test_14_compare_mode_prices_each_encoding_or_says_no_price():
    at = new_app()
    at.run()
    live(at, "pg_text", "hello world")
    at.radio(key="pg_mode").set_value("Compare").run()
    at.multiselect(key="cmp_names").set_value(["o200k_base", "llama3"]).run()
    rows = {r["encoding"]: r for r in at.dataframe[0].value.to_dict("records")}
    assert (rows["o200k_base"]["priced as"] == "gpt-4o"
            and rows["o200k_base"]["as input"] == "USD 0.000005")
    assert rows["o200k_base"]["context window used"] == "0.0% of 128,000"
    assert rows["llama3"]["priced as"] == "no price"


def test_14_the_lab_prices_each_language_and_format_for_the_chosen_models():
    from playground.lab.formats import RECORDS, render_formats
    from playground.lab.languages import load_udhr
    from playground.pricing import data_note
    from playground.selector.labels import COMPARE_DEFAULT

    at = _page("views/compare_lab.py", lab="Tables")
    english = next(s.text for s in load_udhr() if s.code == "eng")
    yaml = render_formats(RECORDS)["YAML"]
    tables = [t.value.to_dict("records") for t in at.dataframe]
    notes = [c.value for c in at.caption if c.value.startswith("What each")]
    lab_tab(at, "Formats").run()
    tables += [t.value.to_dict("records") for t in at.dataframe]
    notes += [c.value for c in at.caption if c.value.startswith("What each")]
    languages = next(t for t in tables if "o200k_base (gpt-4o)" in t[0] and "language" in t[0])
    formats = next(t for t in tables if "o200k_base (gpt-4o)" in t[0] and "format" in t[0])
    o200k, tekken = bbpe_core.get_encoding("o200k_base"), bbpe_core.get_encoding("mistral_tekken")
    row = next(r for r in languages if r["language"] == "English")
    assert row["o200k_base (gpt-4o)"] == (
        f"USD {len(o200k.encode_ordinary(english)) * 2.5 / 1e6:.10f}".rstrip("0"))
    assert row["llama3"] == "no price" and row["qwen3"] == "no price"  # never a guess
    assert len(languages) == len(load_udhr()) and len(languages[0]) == len(COMPARE_DEFAULT) + 1
    row = next(r for r in formats if r["format"] == "YAML")
    assert row["mistral_tekken (mistral-nemo)"] == (
        f"USD {len(tekken.encode_ordinary(yaml)) * 0.15 / 1e6:.10f}".rstrip("0"))
    assert len(notes) == 2 and all(data_note() in n and "No price for `llama3`, `qwen3`" in n
                                   for n in notes), notes
    assert ("gpt-4o (OpenAI, for `o200k_base`): USD 2.50 as input, USD 10.00 as output, "
            "USD 1.25 as cached input per million tokens") in notes[0]
    assert ("mistral-nemo (Mistral, for `mistral_tekken`): USD 0.15 as input, USD 0.15 as output "
            "per") in notes[0]
