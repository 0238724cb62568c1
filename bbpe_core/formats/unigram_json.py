"""Writing a tokenizer.json for a Unigram encoding: the exact score text and the stages of
an encoding read from a tokenizer.json (T5, umT5: the ``hf`` flavour).

Scores: HF tokenizers reads a JSON number with serde_json's default parser, which is not
always correctly rounded (``hf_unigram.serde_float``); ``hf_number`` writes, for each score,
a decimal text that parser reads back as exactly that float, so the Viterbi pass's ties
break in HF as in the encoding (repr is not enough: 60,741 of Jurassic-2's 262,144
scores would come back one unit in the last place off). Where no decimal text reads back
exactly (serde's grids are coarser than a float's near some values), ``repr`` is written.

Stages of an ``hf``-flavour Unigram encoding (``hf_unigram.load_hf_unigram``'s inverse):
the normalizer's steps (``Precompiled`` with the map in base64, ``Replace`` with a
``String`` or a ``Regex``, ``Prepend``, a Unicode form), the trailing ``Replace(" ", "▁")``
and ``Prepend("▁")`` unless present that a ``Metaspace`` pre-tokenizer stands for, written
back as that ``Metaspace`` (``split`` when the encoder cuts before each ``▁``), the decoder
(``Replace``, ``ByteFallback``, ``Fuse``, ``Strip``), the ``TemplateProcessing``
post-processor and the added tokens. Any other step is refused by name.
"""

from __future__ import annotations

import base64
import json
import math
import sys
from array import array

from ..decoders import Strip
from ..encoding import Encoding
from ..models.unigram.model import UnigramEncoder
from ..normalizers import Normalizer
from ..normalizers.precompiled import CharsMap, HFPrecompiled
from ..normalizers.replace import SPACE_MARK, Prepend, RegexReplace, Replace
from ..pre_tokenizers import MarkSplit
from ..processors import TemplateProcessing
from .hf_unigram import WHITESPACE_SPLIT, is_whitespace_split, serde_float

__all__ = ["charsmap_bytes", "dumps_tokenizer_json", "hf_number", "hf_unigram_tokenizer_json"]

_POW10 = [10.0 ** k for k in range(23)]
_VOCAB_MARK = "\0vocab\0"


def hf_number(x: float) -> str:
    """A JSON number text HF tokenizers' parser (``serde_float``) reads as exactly ``x``.

    serde divides the digits, read as an integer and converted to a float, by a power of
    ten; so the candidates are, for 15 to 18 decimal places, the integers nearest
    ``|x| * 10**places`` and their float neighbours.

    Raises:
        ValueError: for NaN or an infinity (JSON has no such number).
    """
    if not math.isfinite(x):
        raise ValueError(f"a score of {x} cannot be written in JSON")
    text = repr(x)
    if serde_float(text) == x:
        return text
    sign = "-" if x < 0 else ""
    num, den = abs(x).as_integer_ratio()
    for places in (15, 16, 17, 18):
        centre = float((2 * num * 10 ** places + den) // (2 * den))
        below, above = math.nextafter(centre, 0.0), math.nextafter(centre, math.inf)
        for m in (centre, below, above, math.nextafter(below, 0.0),
                  math.nextafter(above, math.inf)):
            if m >= 2.0 ** 64 or m / _POW10[places] != abs(x):
                continue
            digits = str(int(m)).rjust(places + 1, "0")
            candidate = f"{sign}{digits[:-places]}.{digits[-places:]}"
            if serde_float(candidate) == x:
                return candidate
    return text


def charsmap_bytes(charsmap: CharsMap | None) -> bytes:
    """The ``precompiled_charsmap`` bytes ``CharsMap`` was read from (header, trie, blob)."""
    if charsmap is None:
        return b""
    units = array("I", charsmap.units)
    if sys.byteorder != "little":
        units.byteswap()
    trie = units.tobytes()
    return len(trie).to_bytes(4, "little") + trie + charsmap.blob


def dumps_tokenizer_json(doc: dict) -> str:
    """``doc`` as JSON text; a ``Unigram`` model's scores written with ``hf_number``."""
    model = doc.get("model", {})
    if model.get("type") != "Unigram":
        return json.dumps(doc, ensure_ascii=False)
    vocab = model["vocab"]
    text = json.dumps({**doc, "model": {**model, "vocab": _VOCAB_MARK}}, ensure_ascii=False)
    entries = ",".join(f"[{json.dumps(piece, ensure_ascii=False)},{hf_number(score)}]"
                       for piece, score in vocab)
    return text.replace(json.dumps(_VOCAB_MARK), f"[{entries}]", 1)


def _normalizer_json(step: object, name: str) -> dict:
    if isinstance(step, HFPrecompiled):
        return {"type": "Precompiled", "precompiled_charsmap":
                base64.b64encode(charsmap_bytes(step.charsmap)).decode("ascii")}
    if isinstance(step, Replace):
        return {"type": "Replace", "pattern": {"String": step.pattern}, "content": step.content}
    if isinstance(step, RegexReplace):
        return {"type": "Replace", "pattern": {"Regex": step.pattern}, "content": step.content}
    if isinstance(step, Prepend) and not step.unless_present:
        return {"type": "Prepend", "prepend": step.prepend}
    if isinstance(step, Normalizer):
        return {"type": step.form}
    raise ValueError(f"{name}: the normalizer step {step!r} is not written in a tokenizer.json")


def _metaspace(steps: list, split: object, name: str) -> tuple[list, dict | None]:
    """The steps left and the ``Metaspace`` pre-tokenizer the trailing ones stand for (with
    the whitespace split before it, ``hf_unigram.WHITESPACE_SPLIT``, if they stand for it)."""
    scheme = None
    if isinstance(split, MarkSplit) and split.mark == SPACE_MARK and is_whitespace_split(steps):
        return steps[:-3], WHITESPACE_SPLIT
    if (len(steps) >= 2 and _is_space_mark(steps[-2]) and isinstance(steps[-1], Prepend)
            and steps[-1].unless_present and steps[-1].prepend == SPACE_MARK):
        steps, scheme = steps[:-2], "always"
    elif split is not None and steps and _is_space_mark(steps[-1]):
        steps, scheme = steps[:-1], "never"
    if split is not None and (scheme is None or not isinstance(split, MarkSplit)
                              or split.mark != SPACE_MARK):
        raise ValueError(f"{name}: its pre-tokenizer {split!r} is not written in a "
                         "tokenizer.json")
    if scheme is None:
        return steps, None
    return steps, {"type": "Metaspace", "replacement": SPACE_MARK, "prepend_scheme": scheme,
                   "split": split is not None}


def _is_space_mark(step: object) -> bool:
    return isinstance(step, Replace) and (step.pattern, step.content) == (" ", SPACE_MARK)


def _post_processor(post: TemplateProcessing | None, enc: Encoding) -> dict | None:
    if post is None or not (post.prefix or post.suffix):
        return None
    tokens = {i: enc.vocab.token_str(i) for i in (*post.prefix, *post.suffix)}

    def items(ids: tuple[int, ...]) -> list[dict]:
        return [{"SpecialToken": {"id": tokens[i], "type_id": 0}} for i in ids]

    single = [*items(post.prefix), {"Sequence": {"id": "A", "type_id": 0}}, *items(post.suffix)]
    pair = single + [*items(post.prefix), {"Sequence": {"id": "B", "type_id": 0}},
                     *items(post.suffix)]
    return {"type": "TemplateProcessing", "single": single, "pair": pair,
            "special_tokens": {t: {"id": t, "ids": [i], "tokens": [t]}
                               for i, t in tokens.items()}}


def hf_unigram_tokenizer_json(enc: Encoding) -> dict:
    """The tokenizer.json document of a Unigram encoding of the ``hf`` flavour (read from a
    tokenizer.json, or extended from one): HF tokenizers gives ``enc.encode(text,
    allowed_special="all")``'s ids.

    Args:
        enc: the encoding; its model a ``UnigramEncoder`` with ``flavour == "hf"``.

    Returns:
        The JSON object (write it with ``dumps_tokenizer_json``).

    Raises:
        ValueError: for another model, or a stage not written (named).
    """
    encoder = getattr(enc.encoder, "inner", enc.encoder)  # the model behind UnknownAs
    if not isinstance(encoder, UnigramEncoder) or encoder.flavour != "hf":
        raise ValueError(f"{enc.name}: not a Unigram encoding read from a tokenizer.json")
    if enc.vocab.max_token_value >= len(encoder.pieces):  # nomic_bert_moe's padding
        raise ValueError(f"{enc.name}: ids from {len(encoder.pieces):,} are not pieces of its "
                         "model; a tokenizer.json would give them to new pieces")
    norm = enc.normalizer
    steps = [] if norm is None else list(getattr(norm, "steps", [norm]))
    steps, metaspace = _metaspace(steps, encoder.pre_tokenizer, enc.name)
    normalizers = [_normalizer_json(step, enc.name) for step in steps]
    strip = enc.decoder
    if strip is not None and not isinstance(strip, Strip):
        raise ValueError(f"{enc.name}: the decoder {strip!r} is not written in a tokenizer.json")
    decoders = [{"type": "Replace", "pattern": {"String": SPACE_MARK}, "content": " "},
                {"type": "ByteFallback"}, {"type": "Fuse"}]
    if strip is not None:
        decoders.append({"type": "Strip", "content": strip.content, "start": strip.start,
                         "stop": strip.stop})
    table = enc.vocab
    added = sorted([(i, t, True) for t, i in table.special_tokens.items()]
                   + [(i, t, False) for t, i in table.added_tokens.items()])
    return {
        "version": "1.0", "truncation": None, "padding": None,
        "added_tokens": [{"id": i, "content": t, "single_word": False, "lstrip": False,
                          "rstrip": False, "normalized": False, "special": special}
                         for i, t, special in added],
        "normalizer": {"type": "Sequence", "normalizers": normalizers} if normalizers else None,
        "pre_tokenizer": metaspace,
        "post_processor": _post_processor(enc.post_processor, enc),
        "decoder": {"type": "Sequence", "decoders": decoders},
        "model": {"type": "Unigram", "unk_id": enc.encoder.unk_id,
                  "byte_fallback": encoder.byte_fallback,
                  "vocab": [[p, s] for p, s in zip(encoder.pieces, encoder.scores)]},
    }
