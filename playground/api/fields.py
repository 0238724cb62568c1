"""The API's request fields, each checked before any work: its type (400, naming the field),
its size against the pages' caps (413), and an encoding's name (404 if not shipped)."""

from __future__ import annotations

from bbpe_core import Encoding, get_encoding, list_encoding_names
from bbpe_core.encodings.registry import ENCODING_ALIASES

from ..caps import check, utf8_size

__all__ = ["ApiError", "allowed_special", "encoding", "integer", "json_object", "object_list",
           "text", "text_list"]

MAX_NAME_CHARS = 100
"""Characters of a user's name (of an encoding or a model) quoted back in an error."""


class ApiError(Exception):
    """A request the API refuses: ``status`` (400, 404, 413) and a one-line message."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


def quoted(value: object) -> str:
    """A user's value quoted in a message, cut to ``MAX_NAME_CHARS``."""
    shown = repr(value)
    return shown if len(shown) <= MAX_NAME_CHARS else shown[:MAX_NAME_CHARS] + "…"


def json_object(body: object) -> dict:
    """The request body as a JSON object, else 400."""
    if not isinstance(body, dict):
        raise ApiError(400, "the request body must be a JSON object")
    return body


def _field(body: dict, key: str, kind: type, what: str, required: bool = True):
    if key not in body:
        if required:
            raise ApiError(400, f'"{key}" is missing: {what}')
        return None
    value = body[key]
    if not isinstance(value, kind) or isinstance(value, bool) and kind is not bool:
        raise ApiError(400, f'"{key}" must be {what}')
    return value


def text(body: dict, key: str, cap: int) -> str:
    """A str field of at most ``cap`` UTF-8 bytes (413 over it); a lone surrogate (JSON's
    ``"\\ud800"``, which no UTF-8 answer can carry) becomes U+FFFD, as ``Encoding.encode``
    reads it, one code point for one so offsets are kept."""
    value = _field(body, key, str, "a string")
    try:
        check(f'"{key}"', utf8_size(value), cap, "UTF-8 bytes")
    except ValueError as e:
        raise ApiError(413, str(e)) from None
    return value.encode("utf-16", "surrogatepass").decode("utf-16", "replace")


def integer(body: dict, key: str, default: int | None = None) -> int:
    """A whole-number field (``default`` if absent and one is given)."""
    value = _field(body, key, int, "a whole number", required=default is None)
    return default if value is None else value


def object_list(body: dict, key: str, cap: int, what: str) -> list | None:
    """A list field of at most ``cap`` items (413 over it), None if absent."""
    value = _field(body, key, list, f"a list of {what}", required=False)
    if value is not None:
        try:
            check(f'"{key}"', len(value), cap, "items")
        except ValueError as e:
            raise ApiError(413, str(e)) from None
    return value


def text_list(body: dict, key: str, cap: int) -> list[str]:
    """A required list of at least one string, at most ``cap`` of them."""
    value = object_list(body, key, cap, "strings")
    if not value or not all(isinstance(v, str) for v in value):
        raise ApiError(400, f'"{key}" must be a list of at least one string')
    return value


def encoding(body: dict, key: str = "encoding") -> Encoding:
    """The shipped encoding a field names (404 for any other name)."""
    name = _field(body, key, str, "the name of an encoding (GET /api/v1/encodings)")
    return encoding_named(name)


def encoding_named(name: str) -> Encoding:
    """The shipped encoding ``name`` (or its alias), else 404."""
    if name not in list_encoding_names() and name not in ENCODING_ALIASES:
        raise ApiError(404, f"unknown encoding {quoted(name)}; GET /api/v1/encodings lists them")
    return get_encoding(name)


def allowed_special(body: dict, enc: Encoding) -> str | frozenset[str]:
    """``"all"``, or a list of special-token texts of ``enc`` (400 naming one that is not);
    none when absent: special-token text in the text is then refused, as tiktoken's
    ``encode`` refuses it."""
    value = body.get("allowed_special", [])
    if value == "all":
        return "all"
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ApiError(400, '"allowed_special" must be "all" or a list of special-token texts')
    unknown = [v for v in value if v not in enc.special_tokens]
    if unknown:
        raise ApiError(400, f'"allowed_special" names {quoted(unknown[0])}, not a special '
                       f"token of {enc.name}")
    return frozenset(value)
