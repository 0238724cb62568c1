"""Hostile vocabulary files: every loader raises only ``VocabFileError`` (a ValueError) naming
the file and the field, stays within a memory budget on the largest input its caps allow, and
never loads a file whose ids or pieces would give wrong results.

Each case below failed on the main branch before this change (another exception, memory over
1 GB, or a file that loaded and then gave wrong ids); the fuzzed shapes guard every field of
every JSON format against the next one. Memory cases run in a fresh interpreter under an
address-space limit and a timeout (``limits.run_limited``).
"""

from __future__ import annotations

import base64
import copy
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from limits import run_limited
from test_hostile import JSON_VALUES, _doc
from test_sentencepiece_model import TINY, _model
from zoo_oracles import _ref

import bbpe_core
from bbpe_core import VocabFileError
from bbpe_core.formats.js_tiktoken import load_js_tiktoken
from bbpe_core.formats.sentencepiece import load_sentencepiece_model
from bbpe_core.formats.sentencepiece_model import MAX_PIECES, read_sentencepiece_model
from bbpe_core.formats.tekken import load_tekken
from bbpe_core.validate import MAX_TOKEN_ID
from playground.upload.files import KINDS, load_upload


# ---- small valid files of each JSON format ------------------------------------------------
def _template(token: str, token_id: int) -> dict:
    return {"type": "TemplateProcessing",
            "single": [{"SpecialToken": {"id": token, "type_id": 0}},
                       {"Sequence": {"id": "A", "type_id": 0}}],
            "pair": [], "special_tokens": {token: {"id": token, "ids": [token_id],
                                                    "tokens": [token]}}}


def _byte_level_doc() -> dict:
    """A byte-level tokenizer.json with a post-processor Sequence and a non-special token."""
    doc = _doc()
    doc["post_processor"] = {"type": "Sequence", "processors": [
        {"type": "ByteLevel"}, _template("<|endoftext|>", 258)]}
    doc["added_tokens"].append({"id": 259, "content": "<x>", "special": False})
    doc["model"]["vocab"]["<x>"] = 259
    return doc


def _byte_fallback_doc() -> dict:
    """A SentencePiece-style tokenizer.json (byte fallback, unk, Prepend/Replace, Strip)."""
    vocab = {"<unk>": 0, "<s>": 1, "</s>": 2} | {f"<0x{b:02X}>": 3 + b for b in range(256)}
    for piece in ["▁", "a", "b", "ab", "▁ab"]:
        vocab[piece] = len(vocab)
    return {
        "added_tokens": [{"id": i, "content": t, "special": True}
                         for i, t in enumerate(["<unk>", "<s>", "</s>"])],
        "normalizer": {"type": "Sequence", "normalizers": [
            {"type": "Prepend", "prepend": "▁"},
            {"type": "Replace", "pattern": {"String": " "}, "content": "▁"}]},
        "pre_tokenizer": None,
        "post_processor": _template("<s>", 1),
        "decoder": {"type": "Sequence", "decoders": [
            {"type": "Replace", "pattern": {"String": "▁"}, "content": " "},
            {"type": "ByteFallback"}, {"type": "Fuse"},
            {"type": "Strip", "content": " ", "start": 1, "stop": 0}]},
        "model": {"type": "BPE", "dropout": None, "unk_token": "<unk>", "fuse_unk": True,
                  "byte_fallback": True, "ignore_merges": False, "vocab": vocab,
                  "merges": ["a b", ["▁", "ab"]]},
    }


def _b64(token: bytes) -> str:
    return base64.b64encode(token).decode()


def _tekken_doc() -> dict:
    tokens = [bytes([b]) for b in range(256)] + [b"ab"]
    return {"config": {"pattern": bbpe_core.GPT2_PATTERN, "default_vocab_size": 260,
                       "default_num_special_tokens": 3, "version": "v3"},
            "vocab": [{"rank": k, "token_bytes": _b64(t), "token_str": None}
                      for k, t in enumerate(tokens)],
            "special_tokens": [{"rank": k, "token_str": t, "is_control": True}
                               for k, t in enumerate(["<unk>", "<s>", "</s>"])]}


def _js_tiktoken_doc() -> dict:
    tokens = [_b64(bytes([b])) for b in range(256)] + [_b64(b"ab")]
    return {"pat_str": bbpe_core.GPT2_PATTERN, "special_tokens": {"<|endoftext|>": 257},
            "bpe_ranks": "! 0 " + " ".join(tokens[:100]) + "\n! 100 " + " ".join(tokens[100:])}


def _hf(doc: dict) -> bbpe_core.Encoding:
    return bbpe_core.load_hf_tokenizer_json(json.dumps(doc).encode(), name="evil.json")


FORMATS = {
    "byte-level tokenizer.json": (_byte_level_doc, _hf),
    "byte-fallback tokenizer.json": (_byte_fallback_doc, _hf),
    "tekken": (_tekken_doc, lambda d: load_tekken(json.dumps(d).encode(), name="t.json")),
    "js-tiktoken": (_js_tiktoken_doc,
                    lambda d: load_js_tiktoken(json.dumps(d).encode(), name="c.json")),
}


def _paths(value: object, prefix: tuple = ()) -> list[tuple]:
    """Every field's path in a document (the first 3 items of each list, 12 keys of each
    object: enough to reach every kind of field)."""
    found = [prefix]
    if isinstance(value, dict):
        for key in list(value)[:12]:
            found += _paths(value[key], (*prefix, key))
    elif isinstance(value, list):
        for k in range(min(3, len(value))):
            found += _paths(value[k], (*prefix, k))
    return found


def _replaced(doc: dict, path: tuple, value: object) -> dict:
    doc = copy.deepcopy(doc)
    if not path:
        return value
    target = doc
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return doc


def _nested(depth: int, key: str) -> dict:
    """``{"type": "Sequence", key: [...]}`` nested ``depth`` deep."""
    value: dict = {"type": "NFC"}
    for _ in range(depth):
        value = {"type": "Sequence", key: [value]}
    return value


HOSTILE_VALUES = JSON_VALUES | st.sampled_from([
    10**30, -1, 1.5, True, "", "\ud800", [[1, 2]], {"type": "Sequence"},
    _nested(220, "processors"), _nested(220, "normalizers"), _nested(220, "pretokenizers"),
    _nested(220, "decoders"), json.loads("[" * 500 + "]" * 500)])


def _use(enc: bbpe_core.Encoding) -> None:
    for text in ("ab a é", "<s>x", "<|endoftext|>"):
        ids = enc.encode(text, allowed_special="all")
        enc.decode(ids)
        enc.post_process(ids)
        enc.encode_ordinary(text)


@pytest.mark.parametrize("fmt", FORMATS)
@settings(max_examples=250, deadline=None)
@given(data=st.data())
def test_any_value_in_any_field_of_any_json_format_loads_or_is_a_value_error(fmt, data):
    make, load = FORMATS[fmt]
    doc = make()
    path = data.draw(st.sampled_from(_paths(doc)), label="field")
    value = data.draw(HOSTILE_VALUES, label="value")
    try:
        enc = load(_replaced(doc, path, value))
    except ValueError:  # VocabFileError is one
        return
    _use(enc)


def test_the_fuzzed_documents_load_as_they_are():
    for make, load in FORMATS.values():
        _use(load(make()))


# ---- exceptions that escaped --------------------------------------------------------------
@pytest.mark.parametrize("field, value, message", [
    ("unk_token", ["<unk>"], "unk_token must be a string"),
    ("unk_token", {"a": 1}, "unk_token must be a string"),
    ("fuse_unk", "yes", "fuse_unk a boolean"),
])
def test_a_byte_fallback_model_field_of_the_wrong_type_is_named(field, value, message):
    doc = _byte_fallback_doc()
    doc["model"][field] = value
    with pytest.raises(VocabFileError, match=message):
        _hf(doc)


@pytest.mark.parametrize("change", [
    lambda t: t["single"].__setitem__(0, {"SpecialToken": "<s>"}),
    lambda t: t["single"].__setitem__(0, {"SpecialToken": None}),
    lambda t: t["special_tokens"].__setitem__("<s>", "<s>"),
    lambda t: t["special_tokens"].__setitem__("<s>", None),
    lambda t: t["special_tokens"]["<s>"].__setitem__("ids", [True]),
])
@pytest.mark.parametrize("make", [_byte_level_doc, _byte_fallback_doc])
def test_a_template_with_a_bare_string_or_null_is_a_vocab_file_error(make, change):
    doc = make()
    template = doc["post_processor"]
    if template["type"] == "Sequence":
        template = template["processors"][1]
    template["single"][0]["SpecialToken"]["id"] = "<s>"
    template["special_tokens"] = {"<s>": {"id": "<s>", "ids": [1], "tokens": ["<s>"]}}
    change(template)
    with pytest.raises(VocabFileError, match="template item"):
        _hf(doc)


@pytest.mark.parametrize("make", [_byte_level_doc, _byte_fallback_doc])
def test_a_post_processor_sequence_440_deep_is_refused_by_name(make):
    doc = make()
    doc["post_processor"] = _nested(440, "processors")
    with pytest.raises(VocabFileError, match="post_processor Sequence inside a Sequence"):
        _hf(doc)


@pytest.mark.parametrize("field, nested", [
    ("pre_tokenizer", "pretokenizers"), ("decoder", "decoders")])
def test_a_deeply_nested_section_is_named_in_a_short_message(field, nested):
    doc = _byte_fallback_doc()
    doc[field] = _nested(400, nested)
    with pytest.raises(VocabFileError) as caught:
        _hf(doc)
    assert len(str(caught.value)) < 250 and "Sequence" in str(caught.value)


@pytest.mark.parametrize("ranks, message", [
    ([0, "1", 2], "rank must be the integers 0 to 2"),
    ([0, None, 2], "rank must be the integers 0 to 2"),
    ([0, 1.0, 2], "rank must be the integers 0 to 2"),
    ([0, 5, 2], "rank must be the integers 0 to 2"),
])
def test_tekken_special_ranks_of_mixed_types_are_a_vocab_file_error(ranks, message):
    doc = _tekken_doc()
    for entry, rank in zip(doc["special_tokens"], ranks):
        entry["rank"] = rank
    with pytest.raises(VocabFileError, match=message):
        load_tekken(json.dumps(doc).encode(), name="t.json")


# ---- memory: refused before the objects are built -----------------------------------------
def _limited(code: str) -> str:
    """Run ``code`` in a fresh Python under 1 GiB of address space and 120 s; its stdout."""
    done = run_limited("import bbpe_core, gzip, json\n" + code, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


@pytest.mark.parametrize("item, message", [
    (b"[],", "more than 1,000,000 JSON arrays and objects"),
    (b"{},", "more than 1,000,000 JSON arrays and objects"),
    (b'"ab",', "more than 3,000,000 JSON values"),
])
def test_a_gzip_that_inflates_to_64_mb_of_tiny_values_is_refused_before_parsing(item, message):
    code = (f"body = {item!r} * ((64 * 2**20 - 2) // {len(item)})\n"
            "data = gzip.compress(b'[' + body[:-1] + b']', 9)\n"
            "assert len(data) < 25 * 2**20\n"
            "from playground.upload.files import load_upload\n"
            "for load in (lambda: bbpe_core.load_hf_tokenizer_json(data),\n"
            "             lambda: load_upload('tokenizer.json', [data], name='bomb.json'),\n"
            "             lambda: bbpe_core.load_gpt2_files(data, b'')):\n"
            "    try:\n        load()\n    except ValueError as e:\n        print(e)\n")
    out = _limited(code)
    assert out.count(message) == 3, out


def _pieces_model_code(count: int) -> str:
    """Code that builds a BPE ``.model`` of ``count`` distinct NORMAL pieces (plus <unk>)."""
    return ("import struct\n"
            "def field(n, v):\n"
            "    return bytes([n << 3 | 2, len(v)]) + v if len(v) < 128 else None\n"
            f"parts = [field(1, field(1, b'<unk>') + bytes([3 << 3, 2]))]\n"
            f"parts += [field(1, field(1, b'%x' % k)) for k in range({count})]\n"
            "parts.append(field(2, bytes([3 << 3, 2])))\n"
            "data = b''.join(parts)\n"
            "del parts\n")


def test_a_model_of_1_7_million_pieces_is_refused_within_the_memory_budget():
    code = _pieces_model_code(1_700_000) + (
        "from bbpe_core.formats.sentencepiece import load_sentencepiece_model\n"
        "try:\n    load_sentencepiece_model(data, name='huge.model')\n"
        "except ValueError as e:\n    print(e)\n")
    assert f"more than {MAX_PIECES:,} pieces" in _limited(code)


def test_the_largest_real_models_are_under_the_piece_cap():
    assert len(read_sentencepiece_model(_ref("jurassic2.model")).pieces) == 262_144 <= MAX_PIECES
    assert MAX_PIECES >= 256_300  # umT5's


def test_tekken_asking_for_a_billion_special_tokens_is_refused_before_naming_them():
    doc = _tekken_doc()
    doc["config"].update(default_num_special_tokens=10**9, default_vocab_size=10**9 + 257)
    code = (f"from bbpe_core.formats.tekken import load_tekken\n"
            f"try:\n    load_tekken({json.dumps(doc).encode()!r}, name='t.json')\n"
            "except ValueError as e:\n    print(e)\n")
    assert "default_num_special_tokens must be 0 to 32,768" in _limited(code)


# ---- wrong results --------------------------------------------------------------------------
@pytest.mark.parametrize("make", [_byte_level_doc, _byte_fallback_doc])
@pytest.mark.parametrize("ids", [[-1], [10**30], [999_999]])
def test_template_ids_must_be_tokens_of_the_vocabulary(make, ids):
    doc = make()
    template = doc["post_processor"]
    template = template["processors"][1] if template["type"] == "Sequence" else template
    next(iter(template["special_tokens"].values()))["ids"] = ids
    with pytest.raises(VocabFileError, match=f"post-processor id {ids[0]} is not a token"):
        _hf(doc)


@pytest.mark.parametrize("piece_id", [10**100, MAX_TOKEN_ID + 1])
def test_byte_fallback_ids_beyond_the_documented_bound_are_refused(piece_id):
    doc = _byte_fallback_doc()
    doc["model"]["vocab"]["▁ab"] = piece_id
    with pytest.raises(VocabFileError, match=f"id {piece_id} is not an int in 0..{MAX_TOKEN_ID}"):
        _hf(doc)


def test_the_largest_documented_id_is_accepted():
    doc = _byte_fallback_doc()
    doc["model"]["vocab"]["▁ab"] = MAX_TOKEN_ID
    assert _hf(doc).encode("ab") == [MAX_TOKEN_ID]


@pytest.mark.parametrize("pieces, message", [
    ([*TINY, ("", 0.0, 3)], "piece 265 is empty"),
    ([*TINY, ("a\0b", -9.0, 1)], "piece 265 is empty, holds NUL"),
    ([*TINY, ("x" * 8000, -9.0, 1)], "8,000 bytes or more"),
    ([*TINY, ("<unk2>", 0.0, 2)], "2 UNKNOWN pieces"),
    (TINY[1:], "0 UNKNOWN pieces"),
    ([p for p in TINY if p[0] != "<0x41>"], "255 of the 256 BYTE pieces"),
])
def test_pieces_sentencepiece_refuses_to_load_are_refused(pieces, message):
    with pytest.raises(VocabFileError, match=message):
        load_sentencepiece_model(_model(pieces), name="tiny")


def test_a_control_piece_that_is_empty_never_breaks_encoding():
    try:
        enc = load_sentencepiece_model(_model([*TINY, ("", 0.0, 3)]), name="tiny")
    except VocabFileError:
        return
    assert enc.encode("ab") == load_sentencepiece_model(_model(TINY)).encode("ab")


@pytest.mark.parametrize("piece", ["<0x+1>", "<0xe4>", "<0x 1>", "<0x٣1>"])
def test_only_0xhh_in_uppercase_is_a_byte_piece(piece):
    pieces = [p if p[0] != "<0x41>" else (piece, 0.0, 6) for p in TINY]
    with pytest.raises(VocabFileError, match="is not <0xHH>"):
        load_sentencepiece_model(_model(pieces), name="tiny")
    doc = _byte_fallback_doc()
    doc["model"]["vocab"][piece] = doc["model"]["vocab"].pop("<0x41>")
    with pytest.raises(VocabFileError, match="not a byte piece as <0xHH>"):
        _hf(doc)


def test_js_tiktoken_refuses_a_token_listed_twice():
    doc = _js_tiktoken_doc()
    doc["bpe_ranks"] += " " + _b64(b"ab")
    with pytest.raises(VocabFileError, match=r"token b'ab' is listed twice \(ranks 256 and 257\)"):
        load_js_tiktoken(json.dumps(doc).encode(), name="c.json")


@pytest.mark.parametrize("rank", ["٣٠٠", "3_00", "+300", "３００"])
def test_ranks_and_offsets_are_ascii_digits_only(rank):
    lines = [f"{_b64(bytes([b]))} {b}" for b in range(256)]
    data = "\n".join([*lines, f"{_b64(b'ab')} {rank}"]).encode()
    with pytest.raises(VocabFileError, match="not a non-negative integer in ASCII digits"):
        bbpe_core.load_tiktoken_bpe(data, name="r.tiktoken")
    with pytest.raises(VocabFileError, match="not a non-negative integer in ASCII digits"):
        load_upload(KINDS[2], [data], name="r.tiktoken")
    doc = _js_tiktoken_doc()
    doc["bpe_ranks"] = doc["bpe_ranks"].replace("! 100 ", f"! {rank} ")
    with pytest.raises(VocabFileError, match="no integer offset"):
        load_js_tiktoken(json.dumps(doc).encode(), name="c.json")


@pytest.mark.parametrize("names, twice", [
    (["<unk>", "<s>", "<s>"], "<s>"),
    (["<unk>", "<s>", "<SPECIAL_5>"], None),
    (["<unk>", "<s>", "<SPECIAL_3>"], "<SPECIAL_3>"),
])
def test_tekken_special_tokens_with_the_same_text_are_refused(names, twice):
    doc = _tekken_doc()
    doc["config"].update(default_num_special_tokens=5, default_vocab_size=262)
    for entry, text in zip(doc["special_tokens"], names):
        entry["token_str"] = text
    data = json.dumps(doc).encode()
    if twice is None:
        enc = load_tekken(data, name="t.json")
        assert enc.encode("<SPECIAL_5>", allowed_special="all") == [2]
        return
    with pytest.raises(VocabFileError, match=f"special token '{twice}' is listed twice"):
        load_tekken(data, name="t.json")


@pytest.mark.parametrize("field", ["normalizer", "added_tokens", "vocab"])
def test_a_lone_surrogate_escape_is_refused_as_hf_tokenizers_json_reader_does(field):
    doc = _byte_fallback_doc()
    if field == "normalizer":
        doc["normalizer"]["normalizers"][1]["content"] = "\ud800"
    elif field == "added_tokens":
        doc["added_tokens"].append({"id": 300, "content": "x\udc00", "special": False})
    else:
        doc["model"]["vocab"]["\ud800b"] = 300
    data = json.dumps(doc).encode()  # ensure_ascii: the lone half is written "\ud800"
    with pytest.raises(VocabFileError, match="lone surrogate escape"):
        bbpe_core.load_hf_tokenizer_json(data, name="evil.json")
    _hf(_byte_fallback_doc() | {"added_tokens": [
        *_byte_fallback_doc()["added_tokens"],
        {"id": 300, "content": "\U0001f600", "special": True}]})


def test_too_many_tokens_matched_whole_are_refused_before_compiling_their_pattern():
    from bbpe_core.validate import MAX_WHOLE_TOKEN_CHARS, MAX_WHOLE_TOKENS

    doc = _byte_level_doc()
    doc["added_tokens"] += [{"id": 300 + k, "content": f"<t{k}>", "special": True}
                            for k in range(MAX_WHOLE_TOKENS)]
    with pytest.raises(VocabFileError, match=f"more than {MAX_WHOLE_TOKENS:,}"):
        _hf(doc)
    doc = _byte_level_doc()
    doc["added_tokens"] += [{"id": 300 + k, "content": f"<{k}{'x' * 2000}>", "special": True}
                            for k in range(270)]
    with pytest.raises(VocabFileError, match=f"more than {MAX_WHOLE_TOKEN_CHARS:,}"):
        _hf(doc)
    user_defined = [(f"[{k}]", 0.0, 4) for k in range(MAX_WHOLE_TOKENS)]
    with pytest.raises(VocabFileError, match=f"more than {MAX_WHOLE_TOKENS:,}"):
        load_sentencepiece_model(_model([*TINY, *user_defined]), name="tiny")
    doc = _tekken_doc()
    doc["config"].update(default_num_special_tokens=MAX_WHOLE_TOKENS + 1,
                         default_vocab_size=MAX_WHOLE_TOKENS + 258)
    with pytest.raises(VocabFileError, match=f"must be 0 to {MAX_WHOLE_TOKENS:,}"):
        load_tekken(json.dumps(doc).encode(), name="t.json")


def test_a_packed_file_declaring_a_5000_digit_count_is_a_vocab_file_error():
    from bbpe_core.formats.packed_bpe import load_packed_bpe
    from bbpe_core.formats.packed_char_bpe import load_packed_char_bpe
    from bbpe_core.formats.packed_unigram import load_packed_unigram

    with pytest.raises(VocabFileError, match="not a packed BPE file"):
        load_packed_bpe(b"bbpe-packed-bpe 1 " + b"9" * 5000 + b" 1\n{}\n", name="p.packed")
    with pytest.raises(VocabFileError, match="not a packed Unigram file"):
        load_packed_unigram(b"bbpe-packed-unigram 1 " + b"9" * 5000 + b"\n{}\n", name="p.packed")
    with pytest.raises(VocabFileError, match="not a packed SentencePiece-style BPE file"):
        load_packed_char_bpe(b"bbpe-packed-char-bpe 1 1 " + b"9" * 5000 + b"\n{}\n",
                             name="p.packed")


def test_a_packed_unigram_file_at_the_piece_cap_loads_within_the_memory_budget():
    """As many one-character pieces as the cap allows load under 1 GiB; one more is refused
    from the first line, before any array is read."""
    code = (
        "from array import array\n"
        "from bbpe_core.formats.packed_unigram import load_packed_unigram\n"
        "from bbpe_core.validate import MAX_VOCAB_ENTRIES as n\n"
        "line = json.dumps({'model': {'type': 'Unigram', 'unk_id': 0}}).encode()\n"
        "body = array('H', [1]).tobytes() * n + bytes(8 * n) + b'a' * n\n"
        "for count in (n, n + 1):\n"
        "    try:\n"
        "        enc = load_packed_unigram(b'bbpe-packed-unigram 1 %d\\n' % count + line\n"
        "                                  + b'\\n' + body, name='p.packed')\n"
        "        print('loaded', enc.n_vocab)\n"
        "    except ValueError as e:\n"
        "        print(e)\n")
    from bbpe_core.validate import MAX_VOCAB_ENTRIES

    out = _limited(code)
    assert (f"loaded {MAX_VOCAB_ENTRIES}" in out
            and f"p.packed: more than {MAX_VOCAB_ENTRIES:,} pieces" in out), out


def test_a_packed_char_bpe_file_at_the_piece_and_merge_caps_loads_within_the_memory_budget():
    """As many pieces (1,024 characters and pairs of them) and merges (each pair's, listed
    twice) as the caps allow load under 1 GiB; one piece more is refused from the first line,
    before any array is read."""
    code = (
        "from array import array\n"
        "from bbpe_core.formats.packed_char_bpe import load_packed_char_bpe\n"
        "from bbpe_core.validate import MAX_MERGES as m, MAX_VOCAB_ENTRIES as n\n"
        "chars = [chr(0x4E00 + k) for k in range(1024)]\n"
        "pairs = [(a, b) for a in chars for b in chars][:n - 1024]\n"
        "pieces = chars + [a + b for a, b in pairs]\n"
        "at = {p: k for k, p in enumerate(pieces)}\n"
        "merges = array('I', [at[p] for pair in pairs for p in pair]) * 2\n"
        "decoder = {'type': 'Sequence', 'decoders': [{'type': 'Replace', 'pattern': "
        "{'String': '\u2581'}, 'content': ' '}, {'type': 'ByteFallback'}, {'type': 'Fuse'}]}\n"
        "line = json.dumps({'model': {'type': 'BPE', 'byte_fallback': True},"
        " 'decoder': decoder}).encode()\n"
        "body = (array('H', map(len, pieces)).tobytes() + array('I', range(n)).tobytes()\n"
        "        + merges[:2 * m].tobytes() + ''.join(pieces).encode())\n"
        "del at\n"
        "for count in (n, n + 1):\n"
        "    try:\n"
        "        head = b'bbpe-packed-char-bpe 1 %d %d\\n' % (count, min(m, len(merges) // 2))\n"
        "        enc = load_packed_char_bpe(head + line + b'\\n' + body, name='p.packed')\n"
        "        print('loaded', enc.n_vocab, len(enc.encoder.merges))\n"
        "    except ValueError as e:\n"
        "        print(e)\n")
    from bbpe_core.validate import MAX_MERGES, MAX_VOCAB_ENTRIES

    out = _limited(code)
    assert (f"loaded {MAX_VOCAB_ENTRIES} {2 * (MAX_VOCAB_ENTRIES - 1024)}" in out
            and f"p.packed: more than {MAX_VOCAB_ENTRIES:,} pieces" in out), out
    assert 2 * (MAX_VOCAB_ENTRIES - 1024) <= MAX_MERGES


@pytest.mark.parametrize("change, message", [
    (lambda d: d["model"].__setitem__("ignore_merges", "no"), "ignore_merges must be true or"),
    (lambda d: d["added_tokens"][0].__setitem__("special", "no"), r"added_tokens\[0\]: special"),
    (lambda d: d["added_tokens"][0].__setitem__("lstrip", 0), r"added_tokens\[0\]: special"),
    (lambda d: d["pre_tokenizer"]["pretokenizers"][-1].__setitem__("use_regex", "false"),
     "use_regex must be true or false"),
])
def test_a_flag_that_is_not_a_boolean_is_named(change, message):
    doc = _byte_level_doc()
    change(doc)
    with pytest.raises(VocabFileError, match=message):
        _hf(doc)


def test_a_byte_fallback_file_of_1_4_million_pieces_is_refused_within_the_memory_budget():
    code = ("import sys\nsys.path.insert(0, 'tests')\n"
            "from test_hostile_loaders import _byte_fallback_doc\n"
            "doc = _byte_fallback_doc()\n"
            "doc['model']['vocab'].update({f'{k:x}': 300 + k for k in range(1_400_000)})\n"
            "data = gzip.compress(json.dumps(doc).encode())\n"
            "del doc\n"
            "try:\n    bbpe_core.load_hf_tokenizer_json(data, name='big.json')\n"
            "except ValueError as e:\n    print(e)\n")
    assert "model.vocab has more than 524,288 entries" in _limited(code)


def test_a_tiktoken_file_of_more_lines_than_the_cap_is_refused_before_decoding():
    from bbpe_core.validate import MAX_VOCAB_ENTRIES

    line = f"{_b64(b'a')} 0\n".encode()
    with pytest.raises(VocabFileError, match=f"more than {MAX_VOCAB_ENTRIES:,} lines"):
        bbpe_core.load_tiktoken_bpe(line * (MAX_VOCAB_ENTRIES + 1), name="big.tiktoken")


@pytest.mark.parametrize("error", [RecursionError, MemoryError])
def test_the_upload_handler_turns_an_escaped_recursion_or_memory_error_into_a_message(
        monkeypatch, error):
    def fails(*args, **kwargs):
        raise error()

    monkeypatch.setattr("playground.upload.files.load_hf_tokenizer_json", fails)
    with pytest.raises(ValueError, match="nests too deeply or needs too much memory"):
        load_upload(KINDS[0], [b"{}"], name="x.json")


def test_32768_user_defined_pieces_are_matched_as_a_trie_longest_first():
    """A .model may hold up to ``MAX_WHOLE_TOKENS`` user-defined pieces: they are matched as a
    trie (one alternative per piece took 25 s on 10,000 characters, so 200,000 characters hit
    the timeout), longest first, as the alternation matched them."""
    code = """
import random, regex
from bbpe_core.models.bpe.char_bpe import CharBPEEncoder
random.seed(1)
pieces = {"".join(random.choice("abcdef") for _ in range(random.randint(2, 12)))
          for _ in range(32_768)}
enc = CharBPEEncoder({c: i for i, c in enumerate("abcdef ")}, lambda a, b: None,
                     user_defined=pieces)
text = "".join(random.choice("abcdef ") for _ in range(200_000))
got = enc._symbols(text)
alternation = "|".join(map(regex.escape, sorted(pieces, key=lambda p: (-len(p), p))))
head = text[:500]
assert enc._symbols(head) == regex.findall(f"(?:{alternation})|.", head, flags=regex.DOTALL)
assert "".join(got) == text
"""
    done = run_limited(code, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
