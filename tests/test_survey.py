"""The survey's table of systems on the Algorithms page: each row linked to a shipped
encoding, or saying it is absent and how to bring its file."""

from __future__ import annotations

from apptest import new_app

import bbpe_core
from playground.share import decode_state
from playground.survey import ABSENT, SURVEY, survey_rows


def test_every_system_of_the_survey_has_a_row_with_a_shipped_encoding_or_the_reason():
    rows = survey_rows()
    assert [(r.algorithm, r.system, r.model) for r in rows] == list(SURVEY)
    shipped = set(bbpe_core.list_encoding_names())
    for r in rows:
        assert (r.encoding in shipped and r.note == "") or (r.encoding is None and r.note == ABSENT)
    by_system = {r.system: r.encoding for r in rows}
    assert by_system["GPT-2"] == "gpt2" and by_system["BERT"] == "bert_base_uncased"


def test_the_algorithms_page_links_each_shipped_system_to_the_playground():
    at = new_app()
    at.run()
    at.switch_page("views/algorithms.py").run()
    assert not at.exception
    table = next(d.value for d in at.dataframe if "system" in d.value.columns)
    assert list(table["system"]) == [system for _, system, _ in SURVEY]
    names = set(bbpe_core.list_encoding_names())
    for link, encoding in zip(table["open"], table["encoding"]):
        if encoding == "not shipped":
            assert not isinstance(link, str)  # no link (pandas shows it as NaN)
        else:
            state = decode_state(link.removeprefix("/?s="), names, {"Text"})
            assert state["encoding"] == encoding
