"""Compare lab: its numbers come from the shipped files and equal tiktoken's counts."""

from __future__ import annotations

import ast
import csv
import io
import json
import tomllib
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
import yaml
from apptest import lab_tab, live, new_app

import bbpe_core
from oracles import ENCODING_NAMES, tiktoken_encoding
from playground.lab.code import (
    INDENTS,
    MAX_CODE_CHARS,
    SAMPLE_CODE,
    indent_unit,
    indentation_rows,
    line_token_counts,
    number_pieces,
    number_rows,
    reindent,
)
from playground.lab.formats import RECORDS, format_rows, parse_records, render_formats
from playground.lab.languages import UDHR_DIR, headline, language_rows, load_udhr, tax_table
from playground.lab.numbers import (
    MERGED,
    NUMBER_EXAMPLES,
    PER_DIGIT,
    THREES,
    digit_rule,
    example_rows,
    pieces_cell,
    rule_sentence,
)
from playground.selector.labels import COMPARE_DEFAULT

ROOT = Path(__file__).resolve().parent.parent
ENCS = {n: bbpe_core.get_encoding(n) for n in ENCODING_NAMES}
REQUIRED = {"English", "Chinese (simplified)", "Chinese (traditional)", "Japanese", "Korean",
            "Russian", "Arabic", "Hebrew", "Hindi", "Bengali", "Tamil", "Thai", "Vietnamese",
            "Greek", "Spanish", "German", "French", "Swahili", "Amharic", "Georgian",
            "Armenian", "Burmese", "Khmer", "Yoruba"}


def test_udhr_files_are_checked_and_complete():
    samples = load_udhr()
    assert REQUIRED <= {s.language for s in samples} and len(samples) >= 24
    assert all(len(s.text) > 2000 for s in samples)


def test_udhr_tampering_is_detected(tmp_path, monkeypatch):
    for f in UDHR_DIR.iterdir():
        (tmp_path / f.name).write_bytes(f.read_bytes())
    (tmp_path / "eng.txt").write_text("changed", encoding="utf-8")
    monkeypatch.setattr("playground.lab.languages.UDHR_DIR", tmp_path)
    with pytest.raises(ValueError, match="eng.txt does not match its sha256"):
        load_udhr()


def test_language_counts_equal_tiktoken_on_the_files():
    rows = language_rows(ENCS, load_udhr())
    index = json.loads((UDHR_DIR / "index.json").read_text(encoding="utf-8"))
    for item in index:
        text = (UDHR_DIR / item["file"]).read_text(encoding="utf-8")
        for name in ENCODING_NAMES:
            row = next(r for r in rows
                       if r["language"] == item["language"] and r["encoding"] == name)
            assert row["tokens"] == len(tiktoken_encoding(name).encode_ordinary(text))
            assert row["characters"] == len(text) and row["bytes"] == len(text.encode())
    english = [r for r in rows if r["language"] == "English"]
    assert all(r["token tax"] == 1.0 for r in english)
    burmese = {r["encoding"]: r["token tax"] for r in rows if r["language"] == "Burmese"}
    assert burmese["gpt2"] > burmese["o200k_base"] > 1


def test_your_own_text_is_compared_per_character_and_never_replaces_the_baseline():
    from playground.lab.languages import Sample

    udhr = load_udhr()
    english = next(s for s in udhr if s.code == "eng")
    paragraph = english.text[:600]
    samples = udhr + [Sample("user0", "English", "yours", paragraph)]
    rows = [r for r in language_rows({"gpt2": ENCS["gpt2"]}, samples)]
    declaration, mine = [r for r in rows if r["language"] == "English"]
    assert declaration["token tax"] == 1.0 and declaration["characters"] == len(english.text)
    assert 0.8 < mine["token tax"] < 1.25  # an English paragraph costs about what English does
    chinese = next(r for r in rows if r["language"] == "Chinese (simplified)")
    assert chinese["token tax"] == round(chinese["tokens"] / declaration["tokens"], 2)


def test_formats_come_from_libraries_and_parse_back():
    out = render_formats(RECORDS)
    for key in ("JSON (indent 4)", "JSON (indent 2)", "JSON (minified)"):
        assert json.loads(out[key]) == RECORDS
    assert yaml.safe_load(out["YAML"]) == RECORDS
    assert tomllib.loads(out["TOML"]) == {"records": RECORDS}
    assert ast.literal_eval(out["Python literal"]) == RECORDS
    rows = list(csv.DictReader(io.StringIO(out["CSV"])))
    assert [r["name"] for r in rows] == [r["name"] for r in RECORDS]
    assert ([e.findtext("born") for e in ET.fromstring(out["XML"])]
            == [str(r["born"]) for r in RECORDS])


def test_format_counts_equal_tiktoken():
    rendered = render_formats(RECORDS)
    for row in format_rows(ENCS, rendered):
        assert row["tokens"] == len(
            tiktoken_encoding(row["encoding"]).encode_ordinary(rendered[row["format"]]))
    yaml_vs_json = {r["encoding"]: r["vs JSON (indent 4)"] for r in format_rows(ENCS, rendered)
                    if r["format"] == "YAML"}
    assert all(v < 1 for v in yaml_vs_json.values())


@pytest.mark.parametrize("bad", ["{", "[1, 2]", "[]", '"text"'])
def test_parse_records_refuses(bad):
    with pytest.raises(ValueError):
        parse_records(bad)


def test_indentation_lab():
    assert reindent(SAMPLE_CODE, "    ") == SAMPLE_CODE
    rows = {(r["indent"], r["encoding"]): r for r in indentation_rows(ENCS)}
    for style, unit in INDENTS.items():
        code = reindent(SAMPLE_CODE, unit)
        for name in ENCODING_NAMES:
            assert rows[(style, name)]["tokens"] == len(
                tiktoken_encoding(name).encode_ordinary(code))
    gpt2 = [rows[(s, "gpt2")]["tokens"] for s in ("2 spaces", "4 spaces", "8 spaces")]
    assert gpt2[0] < gpt2[1] < gpt2[2]  # one token per space of indentation
    cl = {rows[(s, "cl100k_base")]["tokens"] for s in ("2 spaces", "4 spaces", "8 spaces")}
    assert len(cl) == 1
    counts = line_token_counts(ENCS["gpt2"], SAMPLE_CODE)
    assert sum(counts) == rows[("4 spaces", "gpt2")]["tokens"]
    assert len(counts) == len(SAMPLE_CODE.splitlines())


def test_numbers_lab():
    rows = number_rows(ENCS, 9)
    cl = {r["digits"]: r for r in rows if r["encoding"] == "cl100k_base"}
    assert cl[9]["integer split"] == "314 | 159 | 265" and cl[7]["integer tokens"] == 3
    assert len(ENCS["gpt2"].encode("998")) == 1 and len(ENCS["gpt2"].encode("9988")) == 2
    for r in rows:
        pi = "31415926535897932384626433832795"[: r["digits"]]
        assert r["integer tokens"] == len(tiktoken_encoding(r["encoding"]).encode_ordinary(pi))


def test_compare_lab_page():
    at = new_app()
    at.run()
    at.switch_page("views/compare_lab.py").run()
    assert not at.exception and not at.dataframe  # the table expander runs when opened
    assert [bool(t.children) for t in at.tabs] == [True, False, False, False]  # the open one
    lab_tab(at, "Tables").run()
    languages = at.dataframe[0].value  # language x encoding
    assert list(languages.columns) == ["language", "script", *COMPARE_DEFAULT]
    assert len(languages) >= 24 and set(languages["language"]) >= REQUIRED
    rows = language_rows({n: ENCS.get(n) or bbpe_core.get_encoding(n) for n in COMPARE_DEFAULT},
                         load_udhr())
    assert sorted(languages.to_dict("records"), key=lambda r: r["language"]) == sorted(
        tax_table(rows), key=lambda r: r["language"])  # in the chart's order (test_tour_findings)
    bodies = [h.proto.body for h in at.get("html")]
    assert 'class="bbpe-bars"' in bodies[0]  # the chart, then the headline under it
    assert headline(rows, "Chinese (simplified)") in bodies[1]
    _no_none(at)
    lab_tab(live(at, "lab_json", "{not json"), "Formats").run()
    assert "not valid JSON" in at.code[-1].value and not at.exception
    assert [bool(t.children) for t in at.tabs] == [False, True, False, False]
    lab_tab(at, "Tables")
    at.multiselect(key="lab_names").set_value([]).run()  # the sidebar's encoding stays
    assert not at.exception
    assert list(at.dataframe[0].value.columns) == ["language", "script", "gpt2"]


def _no_none(at) -> None:
    for table in at.dataframe:
        frame = table.value
        assert not frame.isna().any().any(), frame
        assert not frame.map(lambda v: v is None or v == "None").any().any(), frame


def test_headline_names_each_encoding_and_the_cheapest():
    rows = language_rows({n: ENCS[n] for n in ("gpt2", "o200k_base")}, load_udhr())
    line = headline(rows, "Chinese (simplified)")
    zh = {r["encoding"]: r for r in rows if r["language"] == "Chinese (simplified)"}
    en = {r["encoding"]: r for r in rows if r["language"] == "English"}
    for name in ("gpt2", "o200k_base"):
        assert zh[name]["token tax"] == round(zh[name]["tokens"] / en[name]["tokens"], 2)
    assert line.startswith(f"The same text costs {zh['gpt2']['token tax']}× English in gpt2, "
                           f"{zh['o200k_base']['token tax']}× in o200k_base; ")
    assert line.endswith(f"cheapest for Chinese (simplified): o200k_base "
                         f"({zh['o200k_base']['tokens']:,} tokens).")
    assert zh["o200k_base"]["tokens"] < zh["gpt2"]["tokens"]
    with pytest.raises(KeyError):
        headline(rows, "Klingon")


def test_tax_table_is_language_by_encoding():
    rows = language_rows(ENCS, load_udhr())
    table = tax_table(rows)
    assert len(table) == len(load_udhr())
    for row in table:
        for name in ENCODING_NAMES:
            (src,) = [r for r in rows if r["language"] == row["language"] and r["encoding"] == name]
            assert row[name] == src["token tax"]


def test_indentation_lab_takes_your_own_code():
    two = "def f(x):\n  if x:\n    return x\n  return 0\n"
    assert indent_unit(two) == 2 and indent_unit(two.replace("  ", "\t")) == 4
    assert reindent(two, "    ") == two.replace("  ", "    ")
    assert reindent(reindent(two, "\t"), "  ") == two
    rows = {(r["indent"], r["encoding"]): r["tokens"] for r in indentation_rows(ENCS, two)}
    for style, unit in INDENTS.items():
        assert rows[(style, "gpt2")] == len(
            tiktoken_encoding("gpt2").encode_ordinary(reindent(two, unit)))
    with pytest.raises(ValueError, match="at most"):
        indentation_rows(ENCS, "x" * (MAX_CODE_CHARS + 1))
    at = new_app()
    at.run()
    at.switch_page("views/compare_lab.py")
    lab_tab(live(at, "lab_code", two), "Indentation").run()
    assert not at.exception
    shown = [t for t in at.dataframe if "indent" in t.value.columns][0].value
    assert list(shown["tokens"]) == [r["tokens"] for r in indentation_rows(
        {n: bbpe_core.get_encoding(n) for n in COMPARE_DEFAULT}, two)]
    live(at, "lab_code", "x" * (MAX_CODE_CHARS + 1)).run()  # past the browser's maxlength
    assert not at.exception and any(f"{MAX_CODE_CHARS + 1:,} characters" in e.value
                                    for e in at.error)
    _no_none(at)


@pytest.mark.parametrize("name", bbpe_core.list_encoding_names())
def test_each_encodings_digit_rule_is_true_of_every_example(name):
    """The rule sentence shown for an encoding holds for every digit run the lab shows."""
    import re

    enc = bbpe_core.get_encoding(name)
    rule = digit_rule(enc)
    for text, _ in NUMBER_EXAMPLES + [("1234567", ""), ("9988", "")]:
        for run in re.findall(r"\d+", text):
            pieces = number_pieces(enc, run)
            if rule == PER_DIGIT:
                assert pieces == list(run)
            elif rule == THREES:
                assert pieces == [run[i:i + 3] for i in range(0, len(run), 3)]
    sentence = rule_sentence(name, enc)
    if rule == MERGED:
        assert (f"9988 is {len(number_pieces(enc, '9988'))} "
                f"({' | '.join(number_pieces(enc, '9988'))})") in sentence
    if rule == PER_DIGIT:
        assert "9988 is 4 tokens" in sentence
    if rule == THREES:
        assert "123 | 456 | 7" in sentence
    assert {"gpt2": MERGED, "cl100k_base": THREES, "o200k_base": THREES, "qwen3": PER_DIGIT,
            "mistral_tekken": PER_DIGIT, "llama3": THREES}.get(name, rule) == rule


def test_number_examples_differ_between_encodings_and_equal_tiktoken():
    rows = {r["example"]: r for r in example_rows(ENCS)}
    assert rows["998"]["gpt2"] == "(1) 998" and rows["9988"]["gpt2"] == "(2) 99|88"
    assert rows["9988"]["cl100k_base"] == "(2) 998|8"
    differ = [t for t, r in rows.items() if len({r[n] for n in ENCODING_NAMES}) > 1]
    assert {"9988", "1999", "2024", "4111111111111111"} <= set(differ)
    for text, row in rows.items():
        for name in ENCODING_NAMES:
            tk = tiktoken_encoding(name)
            pieces = [tk.decode_single_token_bytes(i).decode("utf-8", "replace")
                      for i in tk.encode_ordinary(text)]
            assert row[name] == pieces_cell(pieces)


def test_numbers_tab_shows_examples_and_rules_without_none():
    at = new_app()
    at.run()
    at.switch_page("views/compare_lab.py")
    lab_tab(at, "Numbers").run()
    shown = {n: bbpe_core.get_encoding(n) for n in COMPARE_DEFAULT}
    examples = [t for t in at.dataframe if "example" in t.value.columns][0].value
    assert examples.to_dict("records") == example_rows(shown)
    assert [t.value for t in at.main.text] == [rule_sentence(n, e) for n, e in shown.items()]
    _no_none(at)


def test_the_languages_and_formats_tabs_say_what_each_text_costs():
    """Issue 45: the Compare lab shows the cost as the Playground does: a price table per
    tab, each cell the input price of that text's tokens in that encoding's priced model."""
    from playground.ui.cost_view import price_table

    at = new_app()
    at.run()
    at.switch_page("views/compare_lab.py").run()
    lab_tab(at, "Tables").run()
    encs = {n: bbpe_core.get_encoding(n) for n in COMPARE_DEFAULT}
    rows = language_rows(encs, load_udhr())
    assert "**What it costs**" in [m.value for m in at.markdown]
    shown = at.dataframe[1].value.to_dict("records")
    assert sorted(shown, key=lambda r: r["language"]) == sorted(
        price_table(rows, "language", list(COMPARE_DEFAULT)), key=lambda r: r["language"])
    assert any(v.startswith("USD ") for r in shown for v in r.values())
    lab_tab(at, "Formats").run()
    assert not at.exception and "**What it costs**" in [m.value for m in at.markdown]
    expected = price_table(format_rows(encs, render_formats(RECORDS)), "format",
                           list(COMPARE_DEFAULT))
    assert at.dataframe[-1].value.to_dict("records") == expected
