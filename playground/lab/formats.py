"""Compare lab, formats: the same records as JSON, YAML, TOML, CSV, XML and a Python literal.

Every rendering comes from one data source through a well-kept library (json, PyYAML,
tomli-w, csv, xml.etree, pprint); nothing is a hand-written string. Users may paste
their own JSON.
"""

from __future__ import annotations

import csv
import io
import json
import pprint
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable, Mapping

import tomli_w
import yaml

from bbpe_core import Encoding
from bbpe_core.pre_tokenizers.byte_level import fix_surrogates

from .languages import counted

__all__ = ["RECORDS", "render_formats", "parse_records", "format_rows"]

RECORDS = [
    {"id": 1, "name": "Ada Lovelace", "born": 1815, "field": "mathematics", "active": False},
    {"id": 2, "name": "Grace Hopper", "born": 1906, "field": "computer science", "active": False},
    {"id": 3, "name": "Katherine Johnson", "born": 1918, "field": "orbital mechanics",
     "active": False},
    {"id": 4, "name": "Margaret Hamilton", "born": 1936, "field": "software engineering",
     "active": True},
]
"""The default data: four records of five fields."""


MAX_DEPTH = 20
"""Deepest nesting of pasted records (every renderer recurses over it)."""


def _depth(value: object) -> int:
    """How deeply lists and objects nest in ``value`` (0 for a scalar, 1 for ``[1]``); stops
    counting past ``MAX_DEPTH``.

    >>> _depth([[[]]]), _depth({"a": [1]})
    (3, 2)
    """
    level, frontier = 0, [value]
    while level <= MAX_DEPTH:
        containers = [item for item in frontier if isinstance(item, (list, dict))]
        if not containers:
            break
        level += 1
        frontier = [v for c in containers for v in (c.values() if isinstance(c, dict) else c)]
    return level


def parse_records(text: str) -> list[dict]:
    """Records from pasted JSON: a list of objects, or one object (a list of one).

    Lone surrogates (which JSON escapes such as ``\\ud800`` can spell, and no renderer
    or page can write) become U+FFFD, as in share links.

    Raises:
        ValueError: if it is not JSON, not objects, or nested deeper than ``MAX_DEPTH``.
    """
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as e:
        raise ValueError(f"not valid JSON: {e}") from e
    if "\\u" in text:  # only an escape can spell a lone surrogate
        data = json.loads(fix_surrogates(json.dumps(data, ensure_ascii=False)))
    data = [data] if isinstance(data, dict) else data
    if not isinstance(data, list) or not data or not all(isinstance(r, dict) for r in data):
        raise ValueError("expected a JSON object or a non-empty list of objects")
    if _depth(data) > MAX_DEPTH:
        raise ValueError(f"the records nest deeper than {MAX_DEPTH} levels")
    return data


_XML_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_.-]*")
"""Keys written as element names: ASCII XML names (XML 1.0, section 2.3); ElementTree checks
none, and reads ``{`` as the start of a namespace."""


def _xml(records: list[dict]) -> str:
    """The records as XML: an element per field, named by its key when the key is an XML
    name, else ``<field name="...">`` (so no key can make the XML invalid)."""
    root = ET.Element("records")
    for r in records:
        item = ET.SubElement(root, "record")
        for k, v in r.items():
            name = _XML_NAME.fullmatch(k) and not k.lower().startswith("xml")
            field = ET.SubElement(item, k) if name else ET.SubElement(item, "field", name=k)
            field.text = json.dumps(v) if isinstance(v, (dict, list)) else str(v)
    ET.indent(root)
    return ET.tostring(root, encoding="unicode")


def _csv(records: list[dict]) -> str:
    out = io.StringIO()
    fields = list(dict.fromkeys(k for r in records for k in r))
    writer = csv.DictWriter(out, fieldnames=fields, lineterminator="\n")
    writer.writeheader()
    writer.writerows({k: json.dumps(v) if isinstance(v, (dict, list)) else v for k, v in r.items()}
                     for r in records)
    return out.getvalue()


def render_formats(records: list[dict]) -> dict[str, str]:
    """Format name -> the records rendered in it.

    Raises:
        ValueError: if TOML cannot hold the data (e.g. nulls).
    """
    try:
        toml = tomli_w.dumps({"records": records})
    except (TypeError, ValueError) as e:
        toml = f"# TOML cannot hold this data: {e}"
    return {
        "JSON (indent 4)": json.dumps(records, indent=4, ensure_ascii=False),
        "JSON (indent 2)": json.dumps(records, indent=2, ensure_ascii=False),
        "JSON (minified)": json.dumps(records, separators=(",", ":"), ensure_ascii=False),
        "YAML": yaml.safe_dump(records, allow_unicode=True, sort_keys=False),
        "TOML": toml,
        "CSV": _csv(records),
        "XML": _xml(records),
        "Python literal": pprint.pformat(records, sort_dicts=False),
    }


def format_rows(encodings: Mapping[str, Encoding], rendered: dict[str, str],
                known: Callable[[str, str], tuple[int, int] | None] | None = None
                ) -> list[dict]:
    """One row per (format, encoding): tokens, characters, tokens relative to JSON (indent 4)
    in that encoding, and the characters the encoding cannot represent. ``known``: counts made
    ahead of time (see ``lab.languages.counted``)."""
    rows = []
    for name in encodings:
        counts = {f: counted(encodings, name, t, known) for f, t in rendered.items()}
        base = counts["JSON (indent 4)"][0]
        rows += [{"format": f, "encoding": name, "tokens": n, "characters": len(rendered[f]),
                  "vs JSON (indent 4)": round(n / base, 2), "characters lost": lost}
                 for f, (n, lost) in counts.items()]
    return rows
