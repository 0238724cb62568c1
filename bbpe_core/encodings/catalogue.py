"""Which models use which encoding: the catalogue the app's selector shows, and
``encoding_name_for_model`` (tiktoken's function name) for model names and HF model ids, both
read from ``registry.SHIPPED`` (labels, families, model names and prefixes) and the manifest
(sources and licences).

>>> encoding_name_for_model("gpt-4o-mini")
'o200k_base'
>>> encoding_name_for_model("meta-llama/Llama-3.1-8B-Instruct")
'llama3'
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from functools import cache

from ..encoding import Encoding
from .registry import SHIPPED, get_encoding

__all__ = ["EncodingInfo", "encoding_catalogue", "encoding_for_model", "encoding_name_for_model"]


@dataclass(frozen=True)
class EncodingInfo:
    """One row of the selector.

    Attributes:
        name: the encoding's name (``get_encoding(name)``).
        label: the models as people name them, e.g. ``"GPT-4o / GPT-4.1 / GPT-5 / o1-o4"``.
        family: the vendor, e.g. ``"OpenAI"``.
        models: model names and HF ids that map to it (``encoding_name_for_model``).
        source: where the vocabulary file comes from (package, version).
        licence: its licence.
        notice: a line its licence requires where it is offered ("" if none).
    """

    name: str
    label: str
    family: str
    models: tuple[str, ...]
    source: str = ""
    licence: str = ""
    notice: str = ""


@cache
def encoding_catalogue() -> tuple[EncodingInfo, ...]:
    """Every shipped encoding with the models that use it, in ``registry.SHIPPED``'s order.

    >>> [info.name for info in encoding_catalogue()][:3]
    ['o200k_base', 'o200k_harmony', 'cl100k_base']
    """
    rows = []
    for name, shipped in SHIPPED.items():
        entry = shipped.manifest_entry
        origin = entry["origin"]
        source = f"{origin['package']} {origin['version']} ({origin['path']})"
        rows.append(EncodingInfo(name, shipped.label, shipped.family, shipped.models, source,
                                 entry["licence"], entry["notice"]))
    return tuple(rows)


@cache
def _model_table() -> dict[str, str]:
    return {model.lower(): name for name, shipped in SHIPPED.items() for model in shipped.models}


@cache
def _prefixes() -> list[tuple[str, str]]:
    """Every prefix and its encoding, the longest first. tiktoken tries its prefixes in
    its table's order, where a prefix comes before a shorter one it extends (``ft:gpt-4o``
    before ``ft:gpt-4``): the longest that matches is the one it takes."""
    pairs = [(prefix, name) for name, shipped in SHIPPED.items() for prefix in shipped.prefixes]
    return sorted(pairs, key=lambda pair: -len(pair[0]))


def encoding_name_for_model(model_name: str) -> str:
    """The name of the encoding a model uses (tiktoken's ``encoding_name_for_model``).

    Args:
        model_name: an OpenAI model name (``"gpt-4o-2024-08-06"``), or a HF model id or
            short name of another family (``"Qwen/Qwen3-8B"``, ``"llama-3.1"``); case does
            not matter.

    Raises:
        KeyError: for an unknown name; the message lists close matches.
    """
    if not isinstance(model_name, str):
        raise KeyError(f"model name must be a str, not {type(model_name).__name__}")
    key = model_name.strip().lower()
    table = _model_table()
    if key in table:
        return table[key]
    for prefix, name in _prefixes():
        if key.startswith(prefix):
            return name
    close = difflib.get_close_matches(key, list(table), n=4, cutoff=0.6)
    hint = f"; close matches: {', '.join(close)}" if close else ""
    raise KeyError(f"no encoding known for model {model_name!r}{hint}")


def encoding_for_model(model_name: str) -> Encoding:
    """The encoding a model uses (tiktoken's ``encoding_for_model``), loaded.

    Args:
        model_name: an OpenAI model name, or a HF model id or short name of another family
            (see ``encoding_name_for_model``).

    Raises:
        KeyError: for an unknown model name; the message lists close matches.

    >>> encoding_for_model("Qwen/Qwen3-8B").name
    'qwen3'
    """
    return get_encoding(encoding_name_for_model(model_name))
