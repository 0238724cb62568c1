"""Plain-Python tests of the playground's logic: decode, chat, compare, share, export, uploads."""

from __future__ import annotations

import csv
import io
import json

import pytest

import bbpe_core
from playground.chat.prompt import (
    CHAT_MODELS,
    Message,
    build_prompt,
    chat_encoding,
    tokens_per_message,
)
from playground.compare import compare, differing_ends
from playground.decode import decode_ids
from playground.export import tokens_csv, tokens_json
from playground.share.links import MAX_SHARE_CHARS, decode_state, encode_state
from playground.upload.files import KINDS, load_upload


# ---- decode -----------------------------------------------------------------------
def test_decode_valid():
    report = decode_ids(bbpe_core.get_encoding("gpt2"), "[31373, 995]")
    assert report.pieces == [("hello world", True)] and report.valid_utf8
    assert report.recovered_chars == 11


def test_decode_cut_character_in_hex():
    report = decode_ids(bbpe_core.get_encoding("gpt2"), "31373 220 19526")
    assert report.pieces == [("hello ", True), ("e4 bd", False)]
    assert (report.recovered_chars, report.invalid_bytes) == (6, 2)


@pytest.mark.parametrize(
    "typed, message",
    [
        ("1, two, 3", "item 2 ('two') is not a token id"),
        ("5 100256", "item 2 (100256) is not a token of cl100k_base: an unassigned id"),
        ("100261", "item 1 (100261) is not a token of cl100k_base: an unassigned id"),
        ("0 999999", "item 2 (999999) is not a token of cl100k_base: out of range"),
        ("-4", "item 1 ('-4') is not a token id"),
    ],
)
def test_decode_names_bad_items(typed, message):
    report = decode_ids(bbpe_core.get_encoding("cl100k_base"), typed)
    assert len(report.problems) == 1 and report.problems[0].startswith(message)


def test_decode_names_every_bad_item_and_decodes_the_rest():
    enc = bbpe_core.get_encoding("cl100k_base")
    report = decode_ids(enc, "15339 x 100256 1917 999999 -1 0")
    assert [p.split(" (")[0] for p in report.problems] == ["item 2", "item 3", "item 5", "item 6"]
    assert report.ids == [15339, 1917, 0] and report.text == enc.decode([15339, 1917, 0])
    assert report.text == "hello world!"


def test_decoded_text_is_plain():
    enc = bbpe_core.get_encoding("gpt2")
    ids = enc.encode("a  b\n\tc\r\n")
    report = decode_ids(enc, " ".join(map(str, ids)))
    assert report.text == "a  b\n\tc\r\n" and not report.problems
    assert decode_ids(enc, "31373 220 19526").text == "hello \ufffd"


# ---- chat -------------------------------------------------------------------------
def test_chat_templates_as_tiktokenizer():
    msgs = [Message("system", "Be brief."), Message("user", "Hi")]
    gpt35, _ = build_prompt(msgs, "gpt-3.5-turbo")
    assert gpt35 == ("<|im_start|>system\nBe brief.<|im_end|>\n<|im_start|>user\nHi<|im_end|>\n"
                     "<|im_start|>assistant\n")
    gpt4o, ranges = build_prompt(msgs, "gpt-4o")
    assert gpt4o.endswith("<|im_end|><|im_start|>assistant<|im_sep|>")
    assert gpt4o[ranges[1][0]:ranges[1][1]] == "<|im_start|>user<|im_sep|>Hi<|im_end|>"


def test_chat_encoding_ids():
    enc = chat_encoding("gpt-4o")
    prompt, ranges = build_prompt([Message("user", "Hi")], "gpt-4o")
    spans = enc.encode_detailed(prompt, allowed_special="all")
    ids = [s.id for s in spans]
    assert ids[0] == 200264 and ids[-1] == 200266 and 200265 in ids
    assert enc.n_vocab == 200267
    counts = tokens_per_message(spans, ranges)
    # <|im_start|> user <|im_sep|> Hi <|im_end|>
    assert sum(counts) == len(spans) and counts[0] == 5
    assert set(CHAT_MODELS) == {"gpt-3.5-turbo", "gpt-4", "gpt-4o"}


# ---- compare ----------------------------------------------------------------------
def test_compare_and_differing_boundaries():
    encs = {n: bbpe_core.get_encoding(n) for n in ("gpt2", "cl100k_base")}
    results = compare(encs, "    return x", "as special tokens", 100)
    assert [r.n_tokens for r in results] == [5, 3]
    marks = differing_ends(results)
    assert marks["gpt2"] == frozenset({1, 2}) and marks["cl100k_base"] == frozenset()


# ---- share ------------------------------------------------------------------------
def test_share_round_trip_and_bounds():
    value = encode_state("o200k_base", "Decode", "1 2 3")
    assert decode_state(value, {"o200k_base"}, {"Decode"})["text"] == "1 2 3"
    with pytest.raises(ValueError, match="too long for a link"):
        encode_state("gpt2", "Text",
                     "".join(chr(0x4E00 + (i * 7919) % 20000) for i in range(20000)))
    for bad in ("!!notbase64", "eJzLSM3JAQAGLAJW", "x" * (MAX_SHARE_CHARS + 1)):
        with pytest.raises(ValueError):
            decode_state(bad, {"gpt2"}, {"Text"})
    with pytest.raises(ValueError, match="does not have"):
        decode_state(encode_state("evil", "Text", "x"), {"gpt2"}, {"Text"})


# ---- export -----------------------------------------------------------------------
def test_exports():
    spans = bbpe_core.get_encoding("gpt2").encode_detailed('a "b",\n你')
    rows = list(csv.DictReader(io.StringIO(tokens_csv(spans))))
    assert [int(r["id"]) for r in rows] == [s.id for s in spans]
    assert rows[1]["token"] == 'Ġ"' and rows[-1]["bytes_hex"] == spans[-1].token_bytes.hex()
    data = json.loads(tokens_json(spans))
    assert data[0] == {"id": 64, "token": "a", "bytes_hex": "61", "start": 0, "end": 1,
                       "special": False}


# ---- uploads ----------------------------------------------------------------------
@pytest.fixture(scope="module")
def gpt2_files(tmp_path_factory):
    d = tmp_path_factory.mktemp("up")
    enc = bbpe_core.get_encoding("gpt2")
    bbpe_core.save_hf_tokenizer_json(enc, d / "tokenizer.json")
    bbpe_core.save_gpt2_files(enc, d)
    bbpe_core.save_tiktoken_bpe(enc.mergeable_ranks, d / "r50k.tiktoken")
    return {p.name: p.read_bytes() for p in d.iterdir()}


def test_uploads_of_each_kind(gpt2_files):
    text = "Hello world, 你好 123"
    expected = bbpe_core.get_encoding("gpt2").encode(text)
    files = {KINDS[0]: [gpt2_files["tokenizer.json"]],
             KINDS[1]: [gpt2_files["vocab.json"], gpt2_files["merges.txt"]],
             KINDS[2]: [gpt2_files["r50k.tiktoken"]]}
    for kind, data in files.items():
        assert load_upload(kind, data, name="mine").encode(text) == expected


def test_upload_refusals(gpt2_files):
    doc = json.loads(gpt2_files["tokenizer.json"])
    doc["normalizer"] = {"type": "Lowercase"}
    with pytest.raises(ValueError, match="normalizer .*Lowercase"):
        load_upload(KINDS[0], [json.dumps(doc).encode()], name="x")
    doc["normalizer"] = None
    doc["pre_tokenizer"]["pretokenizers"][0]["pattern"]["Regex"] = "(a|aa)+$"
    enc = load_upload(KINDS[0], [json.dumps(doc).encode()], name="redos")
    with pytest.raises(bbpe_core.PatternTimeoutError):
        enc.encode("a" * 40 + "b")
    with pytest.raises(ValueError, match="single bytes have no token"):
        load_upload(KINDS[2], [b"YQ== 0\n"], name="tiny")
    with pytest.raises(ValueError, match="does not compile"):
        load_upload(KINDS[2], [gpt2_files["r50k.tiktoken"]], name="p", pattern="(")
