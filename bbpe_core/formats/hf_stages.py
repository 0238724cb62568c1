"""Read the pipeline sections of a HF ``tokenizer.json``: normalizer, pre-tokenizer,
post-processor and added tokens, for byte-level BPE files.

What we reproduce exactly is accepted; anything else is refused with a ``VocabFileError``
that names the component, never ignored. Field names follow HF tokenizers' serialization
(``tokenizers/src/normalizers``, ``pre_tokenizers``, ``processors``,
``tokenizer/added_vocabulary.rs``).
"""

from __future__ import annotations

import json

import regex

from ..normalizers import Normalizer
from ..pre_tokenizers import BEHAVIORS, PreTokenizer, Sequence, Split
from ..pre_tokenizers.patterns import GPT2_PATTERN
from ..processors import TemplateProcessing
from ..source import VocabFileError

__all__ = ["added_tokens", "normalizer", "post_processor", "pre_tokenizer", "refuse", "shown",
           "split_step"]


def refuse(name: str, what: str) -> VocabFileError:
    """The error for a component this engine does not reproduce exactly (``what`` names it)."""
    return VocabFileError(f"{name}: {what} is not supported (a file loads only when every "
                          "part of it is reproduced exactly)")


def shown(spec: object) -> str:
    """A section of a file as JSON for a message: at most 120 characters, read at most 3
    levels and 4 items deep, so a huge or deeply nested section costs nothing to show; a lone
    surrogate is written as its escape, so the message is valid UTF-8."""
    text = json.dumps(_cut(spec, 3), ensure_ascii=False)[:120]
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


def _cut(value: object, depth: int) -> object:
    if isinstance(value, dict):
        items = list(value.items())[:4]
        return {str(k): _cut(v, depth - 1) for k, v in items} if depth else "{...}"
    if isinstance(value, list):
        return [_cut(v, depth - 1) for v in value[:4]] if depth else "[...]"
    return value[:60] if isinstance(value, str) else value


def _object(spec: object, name: str, field: str) -> dict:
    if not isinstance(spec, dict):
        raise VocabFileError(f"{name}: {field} must be a JSON object, not {shown(spec)}")
    return spec


def normalizer(spec: object, name: str) -> Normalizer | None:
    """The normalizer section: none, an empty ``Sequence``, ``NFC``, ``NFKC`` (``NFD``,
    ``NFKD``), or a ``Sequence`` of one of them.

    Raises:
        VocabFileError: for any other normalizer, or a section of the wrong type.
    """
    if spec is None:
        return None
    spec = _object(spec, name, "normalizer")
    if spec.get("type") == "Sequence":
        steps = spec.get("normalizers")
        if not isinstance(steps, list) or len(steps) > 1:
            raise refuse(name, f"normalizer {shown(spec)}")
        return normalizer(steps[0], name) if steps else None
    if spec.get("type") in ("NFC", "NFKC", "NFD", "NFKD"):
        return Normalizer(spec["type"])
    raise refuse(name, f"normalizer {shown(spec)}")


def split_step(step: dict, name: str, timeout: float | None) -> Split:
    """One ``Split`` pre-tokenizer step (any behaviour, ``Regex`` or ``String`` pattern).

    Raises:
        VocabFileError: for a malformed step or one we do not reproduce.
    """
    pattern = step.get("pattern")
    if isinstance(pattern, dict) and isinstance(pattern.get("Regex"), str):
        source = pattern["Regex"]
    elif isinstance(pattern, dict) and isinstance(pattern.get("String"), str):
        source = regex.escape(pattern["String"])
    else:
        raise VocabFileError(f"{name}: Split pattern must be {{'Regex' | 'String': str}}")
    behavior = step.get("behavior")
    if behavior not in BEHAVIORS or not isinstance(step.get("invert", False), bool):
        raise refuse(name, f"pre_tokenizer step {shown(step)}")
    try:
        return Split(source, behavior, invert=step.get("invert", False), timeout=timeout)
    except ValueError as e:
        raise VocabFileError(f"{name}: {e}") from e


def pre_tokenizer(
    spec: object, name: str, timeout: float | None
) -> tuple[str, bool, PreTokenizer | None]:
    """The pre-tokenizer section: ``ByteLevel`` (GPT-2's pattern), or ``Split`` steps
    followed by ``ByteLevel(use_regex=false)``.

    Returns:
        ``(pat_str, add_prefix_space, stage)``: one ``Split(Isolated)`` is returned as its
        pattern (``pat_str``, stage None: tiktoken's path); several steps, or other
        behaviours, as a ``Sequence`` stage, with the last step's pattern as ``pat_str``
        (shown to users, not used to split).

    Raises:
        VocabFileError: for any other pre-tokenizer.
    """
    spec = _object(spec, name, "pre_tokenizer")
    steps = spec.get("pretokenizers") if spec.get("type") == "Sequence" else [spec]
    if not isinstance(steps, list) or not steps:
        raise refuse(name, f"pre_tokenizer {shown(spec)}")
    byte_level = _object(steps[-1], name, "pre_tokenizer step")
    if byte_level.get("type") != "ByteLevel":
        raise refuse(name, f"pre_tokenizer {shown(spec)} (it must end with ByteLevel)")
    prefix = byte_level.get("add_prefix_space", False)
    if not isinstance(prefix, bool):
        raise VocabFileError(f"{name}: ByteLevel add_prefix_space must be true or false")
    if not isinstance(byte_level.get("use_regex", True), bool):
        raise VocabFileError(f"{name}: ByteLevel use_regex must be true or false")
    if len(steps) == 1:
        if not byte_level.get("use_regex", True):
            raise refuse(name, "ByteLevel pre-tokenizer with use_regex=false and no Split")
        return GPT2_PATTERN, prefix, None
    if byte_level.get("use_regex", True) or prefix:
        raise refuse(name, f"ByteLevel step {shown(byte_level)} after Split")
    splits = []
    for step in steps[:-1]:
        step = _object(step, name, "pre_tokenizer step")
        if step.get("type") != "Split":
            raise refuse(name, f"pre_tokenizer step {shown(step)}")
        splits.append(split_step(step, name, timeout))
    if len(splits) == 1 and splits[0].behavior == "Isolated" and not splits[0].invert:
        return splits[0].pattern, False, None
    return splits[-1].pattern, False, Sequence(splits)


def post_processor(spec: object, name: str) -> TemplateProcessing | None:
    """The post-processor section: none, ``ByteLevel`` (nothing to add to ids), a
    ``TemplateProcessing`` (its ``single`` template), or a ``Sequence`` of those.

    Raises:
        VocabFileError: for another processor, a ``Sequence`` inside a ``Sequence``, or a
            template naming an unknown token (``Encoding`` checks that its ids are tokens).
    """
    if spec is None:
        return None
    spec = _object(spec, name, "post_processor")
    kind = spec.get("type")
    if kind == "ByteLevel":
        return None
    if kind == "Sequence" and isinstance(spec.get("processors"), list):
        steps = [_object(s, name, "post_processor step") for s in spec["processors"]]
        if any(s.get("type") == "Sequence" for s in steps):
            raise refuse(name, "a post_processor Sequence inside a Sequence")
        found = [p for p in (post_processor(s, name) for s in steps) if p]
        if len(found) > 1:
            raise refuse(name, "more than one TemplateProcessing")
        return found[0] if found else None
    if kind != "TemplateProcessing":
        raise refuse(name, f"post_processor {shown(spec)}")
    return _template(spec, name)


def _template(spec: dict, name: str) -> TemplateProcessing:
    single, specials = spec.get("single"), spec.get("special_tokens")
    if not isinstance(single, list) or not isinstance(specials, dict):
        raise VocabFileError(f"{name}: TemplateProcessing needs a single list and special_tokens")
    before: list[int] = []
    after: list[int] = []
    side = before
    for item in single:
        if isinstance(item, dict) and "Sequence" in item:
            side = after
            continue
        special = item.get("SpecialToken") if isinstance(item, dict) else None
        token = special.get("id") if isinstance(special, dict) else None
        entry = specials.get(token) if isinstance(token, str) else None
        ids = entry.get("ids") if isinstance(entry, dict) else None
        if not isinstance(ids, list) or any(type(i) is not int for i in ids):
            raise VocabFileError(f"{name}: template item {shown(item)} names no known ids")
        side.extend(ids)
    return TemplateProcessing(tuple(before), tuple(after))


_ADDED_FLAGS = ("special", "lstrip", "rstrip", "single_word")


def added_tokens(raw: object, name: str) -> tuple[dict[str, int], dict[str, int]]:
    """The ``added_tokens`` list as ``(special, non_special)`` text -> id tables.

    Raises:
        VocabFileError: for a malformed entry, or one with lstrip / rstrip / single_word.
    """
    if raw is None:
        return {}, {}
    if not isinstance(raw, list):
        raise VocabFileError(f"{name}: added_tokens must be a list")
    special: dict[str, int] = {}
    plain: dict[str, int] = {}
    for k, tok in enumerate(raw):
        tok = _object(tok, name, f"added_tokens[{k}]")
        content, tid = tok.get("content"), tok.get("id")
        if not isinstance(content, str) or not content:
            raise VocabFileError(f"{name}: added_tokens[{k}].content must be a non-empty string")
        if not isinstance(tid, int) or isinstance(tid, bool):
            raise VocabFileError(f"{name}: added_tokens[{k}].id must be an integer")
        if not all(isinstance(tok.get(flag, False), bool) for flag in _ADDED_FLAGS):
            raise VocabFileError(f"{name}: added_tokens[{k}]: {', '.join(_ADDED_FLAGS)} must "
                                 "be true or false")
        if any(tok.get(flag) for flag in ("lstrip", "rstrip", "single_word")):
            raise refuse(name, f"added token {content!r} with lstrip/rstrip/single_word")
        (special if tok.get("special", True) else plain)[content] = tid
    return special, plain
