"""Hostile normalizers from a file: a precompiled map is checked once when it is loaded (no
cycle, keys of at most ``MAX_KEY_BYTES``, replacements of at most ``MAX_REPLACEMENT_CHARS``),
a normalized text is at most ``MAX_GROWTH`` times its input, and user-defined pieces are
found by one pattern in time linear in the text.

Each attack failed on the main branch before this change (a loop of minutes, MemoryError, or
seconds per 2,000 characters); memory and time cases run in a fresh interpreter under
``limits.run_limited``. The hostile maps are built here (``_charsmap``).
"""

from __future__ import annotations

import json
import struct

import pytest
from limits import run_limited
from test_sentencepiece_model import _model

from bbpe_core import VocabFileError
from bbpe_core.formats.sentencepiece import load_sentencepiece_model
from bbpe_core.normalizers.growth import MAX_REPLACEMENT_CHARS, NormalizedTooLongError
from bbpe_core.normalizers.precompiled import CharsMap, HFPrecompiled
from bbpe_core.normalizers.sentencepiece import SentencePieceNormalizer

PIECES = [("<unk>", 0.0, 2), ("\u2581", -1.0, 1), ("a", -2.0, 1), ("b", -2.0, 1)]


def _charsmap(depth: int, replacement: bytes = b"b", *, cycle: bool = False) -> bytes:
    """A Darts-clone precompiled map whose keys are 'a' * 1 ... 'a' * depth, each mapped to
    ``replacement``; with ``cycle`` the last 'a' leads back to the root (every run of 'a'
    is then a key)."""
    size = 512 * (depth + 2)
    units = [0] * size
    bases = [512 * (k + 1) for k in range(depth + 1)]
    units[0] = bases[0] << 10  # the root's base
    for k in range(depth):
        pos = bases[k] ^ 0x61
        target = bases[0] if cycle and k == depth - 1 else bases[k + 1]
        units[pos] = ((pos ^ target) << 10) | 0x100 | 0x61  # label 'a', has a value
        units[target] = 0x80000000  # the value: offset 0 of the blob
    data = struct.pack(f"<{size}I", *units)
    return struct.pack("<I", len(data)) + data + replacement + b"\0"


def _run(code: str, timeout: float = 60.0) -> str:
    done = run_limited("import sys\nsys.path.insert(0, 'tests')\n" + code, timeout=timeout)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


def test_the_map_builder_gives_a_map_that_walks():
    charsmap = CharsMap(_charsmap(3))
    assert charsmap.longest_match("aaaaa", 0) == (3, "b")
    assert SentencePieceNormalizer(charsmap).normalize("aaaa") == "\u2581bb"


@pytest.mark.parametrize("data, message", [
    (_charsmap(1, cycle=True), "leads back to a node above"),
    (_charsmap(3, cycle=True), "leads back to a node above"),
    (_charsmap(40), "a key is longer than 32 bytes"),
    (_charsmap(2, b"x" * (MAX_REPLACEMENT_CHARS + 1)), "a replacement is longer than 64"),
    (_charsmap(2, b"x\0" * 600_000), "the most read is 1,048,576"),
], ids=["cycle-1", "cycle-3", "key-40-bytes", "replacement-65", "2-mb-map"])
def test_a_map_that_loops_nests_too_deep_or_writes_too_much_is_refused_at_load(data, message):
    with pytest.raises(VocabFileError, match=message):
        load_sentencepiece_model(_model(PIECES, model_type=1, byte_fallback=False,
                                        charsmap=data), name="m.model")


def test_a_map_leading_back_to_its_root_does_not_loop_on_5000_characters():
    """On main: loaded, then over 100 s to normalize 5,000 'a' (each walk ran to the end)."""
    out = _run(
        "from test_hostile_normalizers import PIECES, _charsmap, _model\n"
        "from bbpe_core.formats.sentencepiece import load_sentencepiece_model\n"
        "data = _model(PIECES, model_type=1, byte_fallback=False,\n"
        "              charsmap=_charsmap(1, cycle=True))\n"
        "try:\n"
        "    print(load_sentencepiece_model(data, name='m.model').encode('a' * 5_000)[:3])\n"
        "except ValueError as e:\n"
        "    print(e)\n", timeout=30)
    assert "leads back to a node above (a cycle)" in out, out


@pytest.mark.parametrize("kind", ["model", "Precompiled", "Replace"])
def test_one_character_mapped_to_megabytes_is_refused_within_the_budget(kind):
    """A map sending 'a' to 3 MB (a .model, a tokenizer.json ``Precompiled``) or a
    ``Replace`` of 'a' by 1 MB loaded, and 1,000 'a' reached MemoryError on main."""
    out = _run(
        "import base64, json\n"
        "from test_hostile_normalizers import PIECES, _charsmap, _model, _unigram_json\n"
        "import bbpe_core\n"
        "from bbpe_core.formats.sentencepiece import load_sentencepiece_model\n"
        f"kind = {kind!r}\n"
        "big = _charsmap(1, b'x' * 3_000_000)\n"
        "try:\n"
        "    if kind == 'model':\n"
        "        enc = load_sentencepiece_model(_model(PIECES, model_type=1,\n"
        "            byte_fallback=False, charsmap=big), name='m.model')\n"
        "    else:\n"
        "        step = ({'type': 'Precompiled',\n"
        "                 'precompiled_charsmap': base64.b64encode(big).decode()}\n"
        "                if kind == 'Precompiled' else\n"
        "                {'type': 'Replace', 'pattern': {'String': 'a'},\n"
        "                 'content': 'x' * 1_000_000})\n"
        "        enc = bbpe_core.load_hf_tokenizer_json(_unigram_json(step), name='t.json')\n"
        "    print(len(enc.encode('a' * 1_000)))\n"
        "except ValueError as e:\n"
        "    print(type(e).__name__, e)\n")
    cap = {"Replace": "Replace content has 1,000,000 characters; the most a normalizer rule "
                      "may write is 64"}.get(kind, "the most read is 1,048,576")
    assert out.startswith("VocabFileError") and cap in out, out


def _unigram_json(normalizer: dict) -> bytes:
    """A tokenizer.json Unigram with ``normalizer``."""
    doc = {"normalizer": normalizer, "pre_tokenizer": None, "post_processor": None,
           "decoder": None, "added_tokens": [],
           "model": {"type": "Unigram", "unk_id": 0, "byte_fallback": False,
                     "vocab": [["<unk>", 0.0], ["a", -1.0], ["b", -1.0], ["x", -1.0]]}}
    return json.dumps(doc).encode()


def test_a_normalized_text_over_its_growth_cap_is_a_named_error():
    """Our own: replacements at the cap (64 characters for one) are allowed, but a text
    made only of them is refused by name before it is built."""
    charsmap = CharsMap(_charsmap(1, b"x" * MAX_REPLACEMENT_CHARS))
    for normalizer in (SentencePieceNormalizer(charsmap), HFPrecompiled(charsmap)):
        assert len(normalizer.normalize("ab")) in (MAX_REPLACEMENT_CHARS + 1,
                                                   MAX_REPLACEMENT_CHARS + 2)
        for text in ("a" * 1_000, "a" * 5_000 + "\u0301"):
            with pytest.raises(NormalizedTooLongError, match="at most 8 times the input"):
                normalizer.normalize(text)
            with pytest.raises(NormalizedTooLongError):
                normalizer.normalize_with_offsets(text)


def test_replace_steps_cannot_compound_past_the_cap():
    """Our own: ten ``Replace`` steps each 'a' -> 'aaaaaaaa' would make 8**10 times the
    text; the sequence stops at the step that passes the cap."""
    out = _run(
        "from bbpe_core.normalizers.replace import NormalizerSequence, Replace\n"
        "steps = NormalizerSequence([Replace('a', 'a' * 8)] * 10)\n"
        "for call in (steps.normalize, steps.normalize_with_offsets):\n"
        "    try:\n"
        "        call('a' * 100)\n"
        "    except ValueError as e:\n"
        "        print(type(e).__name__)\n"
        "print(steps.normalize('b'))\n")
    assert out.split() == ["NormalizedTooLongError", "NormalizedTooLongError", "b"], out
    with pytest.raises(VocabFileError, match="Replace content has 65 characters"):
        import bbpe_core

        bbpe_core.load_hf_tokenizer_json(_unigram_json(
            {"type": "Replace", "pattern": {"Regex": "a+"}, "content": "x" * 65}), name="t")


def test_32000_user_defined_pieces_are_found_in_linear_time():
    """On main each position that starts a user-defined piece tried every piece: 4 s per
    2,000 characters with 32,000 pieces. Here 200,000 characters, and the same result as
    trying them longest first on a part."""
    out = _run(
        "import random\n"
        "from bbpe_core.normalizers.sentencepiece import SentencePieceNormalizer\n"
        "random.seed(3)\n"
        "pieces = {''.join(random.choices('abcdef', k=random.randint(2, 12)))\n"
        "          for _ in range(32_000)}\n"
        "norm = SentencePieceNormalizer(None, user_defined=pieces)\n"
        "text = ''.join(random.choices('abcdef ', k=200_000))\n"
        "assert norm.normalize(text).replace('\\u2581', ' ').strip() == ' '.join(text.split())\n"
        "head = text[:800]\n"
        "spans = norm.normalize_with_offsets(head)[1]\n"
        "longest = sorted(pieces, key=len, reverse=True)\n"
        "pos, cuts = 0, []\n"
        "while pos < len(head):\n"
        "    size = next((len(p) for p in longest if head.startswith(p, pos)), 1)\n"
        "    cuts.append((pos, pos + size))\n"
        "    pos += size\n"
        "assert set(spans) - {(0, 0)} <= set(cuts), 'a user-defined piece was cut'\n"
        "print('ok')\n", timeout=90)
    assert out.strip() == "ok", out
