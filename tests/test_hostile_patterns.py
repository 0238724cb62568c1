"""Patterns from users (issue 31): one gate before compiling (``pattern_guard``), one time
budget per call for all their scans (``pattern_deadline``), and the shipped split patterns
read with the reference engines' Unicode version, whatever the ``regex`` package knows.

Every hostile case runs in a fresh interpreter under an address-space limit and a timeout
(``limits.run_limited``): a case that took the process down, or hung, fails its test rather
than the test run.
"""

from __future__ import annotations

import json
import time

import pytest
import regex
from hypothesis import given, settings
from hypothesis import strategies as st
from limits import ROOT, run_limited
from zoo_oracles import oracle_and_ours

import bbpe_core
from bbpe_core.formats.hf_json import load_hf_tokenizer_json
from bbpe_core.pre_tokenizers import Split
from bbpe_core.pre_tokenizers.byte_level import to_gpt2_str
from bbpe_core.pre_tokenizers.patterns import check_pattern
from bbpe_core.pre_tokenizers.unicode_pin import PINNED_CLASSES

MAX_REPEAT_PRODUCT = 10_000
"""``pattern_guard.MAX_REPEAT_PRODUCT``: the largest product of nested repeat bounds."""
UNICODE_VERSION = "16.0.0"
"""The Unicode version of the reference engines' tables (tiktoken's, HF tokenizers')."""

BYTE_RANKS = {bytes([b]): b for b in range(256)}

ENTRY_POINTS = """
import json, sys
import bbpe_core
from bbpe_core.formats.hf_json import load_hf_tokenizer_json
from bbpe_core.pre_tokenizers import Split
from playground.inside.entries import vocab_entries
from playground.inside.vocabulary import search
pattern = sys.argv[1]
ranks = {bytes([b]): b for b in range(256)}
doc = {"model": {"type": "BPE", "merges": [], "vocab": {
           bbpe_core.pre_tokenizers.byte_level.to_gpt2_str(bytes([b])): b for b in range(256)}},
       "pre_tokenizer": {"type": "Sequence", "pretokenizers": [
           {"type": "Split", "pattern": {"Regex": pattern}, "behavior": "Isolated",
            "invert": False},
           {"type": "ByteLevel", "add_prefix_space": False, "use_regex": False}]}}
small = bbpe_core.Encoding("u", pat_str=bbpe_core.GPT2_PATTERN, mergeable_ranks=ranks,
                           special_tokens={})
for name, make in [
        ("Encoding", lambda: bbpe_core.Encoding("u", pat_str=pattern, mergeable_ranks=ranks,
                                                special_tokens={})),
        ("Split", lambda: Split(pattern)),
        ("tokenizer.json", lambda: load_hf_tokenizer_json(json.dumps(doc).encode())),
        ("train", lambda: bbpe_core.count_chunks(["abc"], pattern)),
        ("vocabulary search", lambda: search(vocab_entries(small), "regex", pattern))]:
    try:
        make()
        print(name, "accepted")
    except ValueError as e:
        print(name, "ValueError", str(e).replace(chr(10), " "))
"""
"""Build something from the pattern at each place a user's pattern is compiled: the API's
``Encoding(pat_str=...)`` (also a ``.tiktoken`` or Tekken upload's), a ``Split`` step, a
``tokenizer.json`` upload, training's chunk count (the Train page and the CLI), the
Vocabulary page's regex search. Prints one line per place."""

HOSTILE = [
    ("(?:a{1000}){1000}", "repeats 1,000,000 times"),  # ~950 MB on main
    ("(?:(?:a{1000}){1000}){1000}", "repeats 1,000,000 times"),  # 24 GB on main
    ("x\\\\{1000000000}", "repeats 1,000,000,000 times"),  # an escaped backslash, then a repeat
    ("(?x)a{1 000000000}", "repeats 1,000,000,000 times"),  # verbose mode ignores the space
    ("(?x)a{1000#\n000000}", "repeats 1,000,000,000 times"),  # ... and the comment
    ("(?x)a{ , 2000000000 }", "repeats 2,000,000,000 times"),  # {,n}, spaced
    ("a{1000000000}?", "repeats 1,000,000,000 times"),  # lazy
    ("(?i)[{]a{100000}+", "repeats 100,000 times"),  # possessive, after a literal {
    ("a{1000000000}", "repeats 1,000,000,000 times"),  # 1.1 GB in the vocabulary search
    ("a{10000}" * 11, "unrolls to more than 100,000 parts"),
    ("(" * 1200 + "a" + ")" * 1200, "nests groups too deep"),  # RecursionError on main
    ("(" * 40 + "a" + ")" * 40, "nests groups 21 deep"),
    ("a" * 6000, "6,000 characters"),
    ("(a)(?1){5000}", "group calls and recursion"),
    ("(?:abc){e<=1}", "fuzzy matching"),
]


@pytest.mark.parametrize("pattern, message", HOSTILE)
def test_a_pattern_that_compiling_cannot_afford_is_a_value_error_everywhere(pattern, message):
    done = run_limited(ENTRY_POINTS, memory_bytes=768 << 20, timeout=120, args=(pattern,))
    assert done.returncode == 0, done.stderr[-2000:]
    lines = done.stdout.splitlines()
    assert len(lines) == 5, done.stdout
    for line in lines:
        assert "ValueError" in line and message in line, line


WORST_ACCEPTED = [
    "a{10000}", "(?:a{100}){100}", "(?:(?:a{10}){10}){100}", "(?:(a)|(b)|(c)){6000}",
    "(?:(?=(a))){10000}", "(?:(a)(b)(c)(d)(e)){3000}", "((((((((a)))))))){2000}",
    "(?:[ab](?=c)(?<=d)){5000}", "(?:(?>a|b)){8000}", "(?:(a)(?(1)b|c)){4000}",
]
"""Patterns at the caps (10,000 copies of the costliest nodes: capturing groups,
look-arounds, conditionals)."""


def test_the_worst_accepted_patterns_compile_within_a_fixed_budget():
    code = ("import sys\nfrom bbpe_core.pre_tokenizers.patterns import compile_pattern\n"
            "from bbpe_core.pre_tokenizers import Split\n"
            "for pattern in sys.argv[1:]:\n"
            "    compile_pattern(pattern); Split(pattern, 'Removed')\n"
            "    compile_pattern.cache_clear()\n"
            "print('ok')\n")
    done = run_limited(code, memory_bytes=320 << 20, timeout=120, args=tuple(WORST_ACCEPTED))
    assert done.stdout.strip() == "ok", done.stderr[-2000:]


def test_running_out_of_memory_while_compiling_is_the_documented_value_error():
    """Where the process has less memory left than an accepted pattern needs (8 MB here),
    the MemoryError becomes the ValueError the API documents."""
    code = ("import resource, sys\nfrom bbpe_core.pre_tokenizers.patterns import compile_pattern\n"
            "size = int(open('/proc/self/status').read().split('VmSize:')[1].split()[0]) << 10\n"
            "resource.setrlimit(resource.RLIMIT_AS, (size + (8 << 20),) * 2)\n"
            "try:\n    compile_pattern(sys.argv[1])\n"
            "except ValueError as e:\n    print(e)\n")
    done = run_limited(code, timeout=60, args=("(?:(a)|(b)|(c)){6000}",))
    assert done.stdout.strip() == "the pattern is too large to compile", done.stderr[-2000:]


def test_each_cap_accepts_its_limit_and_refuses_one_more():
    check_pattern("a{10000}")
    check_pattern("(?:a{100}){100}")
    check_pattern("(" * 20 + "a" + ")" * 20)
    check_pattern("a" * 5000)
    check_pattern("a{5000}b{5000}")  # 2 x 10,000 parts: the size cap is 100,000
    for pattern, message in [("a{10001}", "10,001 times"), ("(?:a{100}){101}", "10,100 times"),
                             ("(" * 21 + "a" + ")" * 21, "21 deep"),
                             ("a" * 5001, "5,001 characters")]:
        with pytest.raises(ValueError, match=message):
            check_pattern(pattern)


@st.composite
def nested_repeats(draw):
    """A pattern of repeats nested in one another, each bound spelled in one of the forms
    the ``regex`` package reads, with literal braces around them; and the product of the
    bounds the compiler unrolls (``{m,n}``: n; ``{m,}``: m)."""
    verbose = draw(st.booleans())
    space = " " if verbose else ""
    pattern = draw(st.sampled_from(["a", "\\\\", "[{}]", "\\{", "\\d"]))
    product = 1
    for _ in range(draw(st.integers(1, 4))):
        bound = draw(st.integers(1, 300))
        low = draw(st.integers(0, bound))
        form = draw(st.sampled_from(["{n}", "{m,n}", "{,n}", "{n,}"]))
        count = form.replace("m", str(low)).replace("n", str(bound))
        if verbose:
            count = count.replace(",", " , ").replace("{", "{ ")
        suffix = draw(st.sampled_from(["", "?", "+"]))
        pattern = f"(?:{pattern}){space}{count}{suffix}"
        product *= bound
    literals = st.sampled_from(["", "\\{99999}", "[{]99999}", "x\\{9,9}", "\\\\"])
    pattern = draw(literals) + pattern + draw(literals)  # braces no repeat follows
    return ("(?x)" if verbose else "") + pattern, product


@settings(max_examples=300, deadline=None)
@given(case=nested_repeats())
def test_the_gate_reads_repeat_bounds_as_the_compiler_does(case):
    pattern, product = case
    if product > MAX_REPEAT_PRODUCT:
        with pytest.raises(ValueError, match=r"repeats [\d,]+ times"):
            check_pattern(pattern)
    else:
        check_pattern(pattern)
        regex.compile(pattern)


def test_a_vocabulary_search_that_does_not_compile_is_a_message():
    from playground.inside.vocabulary import search

    for query, message in [("(", "not a valid regex"), ("(" * 1200, "not a valid regex"),
                           ("a{1000000000}", "repeats 1,000,000,000 times")]:
        with pytest.raises(ValueError, match=message):
            search([], "regex", query)


# ---- one time budget per call -----------------------------------------------------------

def _byte_fallback_doc(pattern: str) -> dict:
    """A tokenizer.json of BPE with byte fallback (Gemma's kind) splitting with ``pattern``."""
    vocab = {"<unk>": 0, **{f"<0x{b:02X}>": b + 1 for b in range(256)}, "a": 257, "!": 258}
    return {"model": {"type": "BPE", "byte_fallback": True, "vocab": vocab, "merges": [],
                      "unk_token": "<unk>"},
            "pre_tokenizer": {"type": "Split", "pattern": {"Regex": pattern},
                              "behavior": "Isolated", "invert": False},
            "decoder": {"type": "Sequence", "decoders": [
                {"type": "Replace", "pattern": {"String": "\u2581"}, "content": " "},
                {"type": "ByteFallback"}, {"type": "Fuse"}]}}


def test_a_byte_fallback_files_split_runs_under_the_time_limit():
    """No end on main (53 s for 40 a's; 60 here): the byte-fallback loader dropped the
    pattern's timeout. The budget is CPU time: a loaded machine takes longer to refuse."""
    code = ("import json, sys\nimport bbpe_core\n"
            "from bbpe_core.formats.hf_json import load_hf_tokenizer_json\n"
            "enc = load_hf_tokenizer_json(sys.argv[1].encode(), name='evil')\n"
            "try:\n    enc.encode('a' * 60 + '!')\n"
            "except bbpe_core.PatternTimeoutError as e:\n    print(e)\n")
    done = run_limited(code, timeout=120, args=(json.dumps(_byte_fallback_doc("(?:a|aa)+$")),))
    assert "took longer than 2 s" in done.stdout, done.stderr[-2000:]


def test_the_clis_count_of_a_hostile_file_ends_with_a_message(tmp_path):
    evil = tmp_path / "evil.json"
    evil.write_text(json.dumps(_byte_fallback_doc("(?:a|aa)+$")), encoding="utf-8")
    text = tmp_path / "text.txt"
    text.write_text("a" * 60 + "!\n", encoding="utf-8")
    code = "import runpy; runpy.run_module('bbpe_core', run_name='__main__')"
    done = run_limited(code, memory_bytes=4 << 30, timeout=180,
                       args=("count", "--encoding", str(evil), str(text)))
    assert "took longer than 2 s" in done.stdout + done.stderr
    assert done.returncode != 0


SLOW = "a" * 22 + "!"
"""A segment on which ``(?:a|aa)+$`` backtracks for a few hundredths of a second."""


def test_segments_between_added_tokens_share_one_budget():
    """Each segment's scan is far under the limit; on main, 200 of them took 200 times
    as long without a word."""
    enc = bbpe_core.Encoding("u", pat_str="(?:a|aa)+$", mergeable_ranks=BYTE_RANKS,
                             special_tokens={}, added_tokens={"<s>": 256}, pattern_timeout=1.0)
    assert enc.encode(SLOW) == list(SLOW.encode())
    with pytest.raises(bbpe_core.PatternTimeoutError):
        enc.encode((SLOW + "<s>") * 200)


def _byte_level_doc(patterns: list[str]) -> dict:
    """A byte-level tokenizer.json (256 single-byte tokens) splitting with ``patterns`` in turn."""
    vocab = {to_gpt2_str(bytes([b])): b for b in range(256)}
    steps = [{"type": "Split", "pattern": {"Regex": p}, "behavior": "Isolated", "invert": False}
             for p in patterns]
    return {"model": {"type": "BPE", "vocab": vocab, "merges": []},
            "pre_tokenizer": {"type": "Sequence", "pretokenizers": [
                *steps, {"type": "ByteLevel", "add_prefix_space": False, "use_regex": False}]}}


def test_the_steps_of_a_sequence_share_one_budget():
    """Each of 40 steps scans the text far under the limit; on main, they added up."""
    doc = _byte_level_doc([f"(?:a|aa)+${'x' * k}|b" for k in range(40)])
    enc = load_hf_tokenizer_json(json.dumps(doc).encode(), pattern_timeout=0.5)
    with pytest.raises(bbpe_core.PatternTimeoutError):
        enc.encode(SLOW * 2)
    with pytest.raises(bbpe_core.PatternTimeoutError):
        enc.encode_detailed(SLOW * 2)
    assert enc.pre_tokenizer.timeout == 0.5


def test_a_pattern_out_of_time_says_so_in_one_message_everywhere():
    from playground.inside.entries import vocab_entries
    from playground.inside.vocabulary import search

    attempts = [
        lambda: bbpe_core.Encoding("u", pat_str="(?:a|aa)+$", mergeable_ranks=BYTE_RANKS,
                                   special_tokens={}, pattern_timeout=0.2).encode("a" * 40 + "!"),
        lambda: Split("(?:a|aa)+$", timeout=0.2).chunks("a" * 40 + "!"),
        lambda: Split("(?:a|aa)+$", "Removed", timeout=0.2).chunks("a" * 40 + "!"),
        lambda: search([e for e in vocab_entries(bbpe_core.get_encoding("gpt2"))
                        if e.text and set(e.text) == {"-"}], "regex", "^(-|-)+!"),
    ]
    for attempt in attempts:
        with pytest.raises(bbpe_core.PatternTimeoutError) as raised:
            attempt()
        assert regex.fullmatch(r"the pattern took longer than [\d.]+ s on this text; it may "
                               r"backtrack catastrophically \(nested quantifiers such as "
                               r"\(a\|aa\)\+\)", str(raised.value)), str(raised.value)


def test_shipped_patterns_run_untimed():
    """The fast path never reads the clock: no shipped encoding's stage has a timeout."""
    for name in bbpe_core.list_encoding_names():
        assert bbpe_core.get_encoding(name).pre_tokenizer.timeout is None, name


def test_a_budget_is_spent_only_scanning():
    """Merging between scans does not spend the budget: a text whose merges take longer
    than the budget, with a user's pattern that scans it quickly, encodes."""
    base = bbpe_core.get_encoding("gpt2")
    # a budget with room for the scans on a busy machine (they take about 0.05 s of CPU)
    enc = bbpe_core.Encoding("u", pat_str=r"\w+|\s+|[^\w\s]+", mergeable_ranks=base.mergeable_ranks,
                             special_tokens={}, added_tokens={"<s>": 50257}, pattern_timeout=0.5)
    text = " ".join(f"w{n}x{n * 7}" for n in range(40_000))  # distinct words: cold merges
    start = time.process_time()
    ids = enc.encode(text + "<s>" + text[::-1])
    assert time.process_time() - start > 0.5  # longer than the budget, yet no timeout
    assert enc.decode(ids) == text + "<s>" + text[::-1]


# ---- the Unicode version of the reference engines ----------------------------------------

def test_hf_tokenizers_reads_the_unicode_version_we_pin():
    """Probe the oracle (never the product): HF tokenizers' ``\\p{L}`` has letters new in
    Unicode 16.0 (Garay U+10D4A, Gurung Khema U+16100) and not those new in 17.0 (CJK
    Extension J U+323B0, Sidetic U+10940); ``\\p{S}`` lacks U+1F8D8 (new in 17.0)."""
    from tokenizers import Regex, pre_tokenizers

    def matches(prop: str, char: str) -> bool:
        split = pre_tokenizers.Split(Regex(rf"\p{{{prop}}}"), "removed")
        return split.pre_tokenize_str(char) == []

    from bbpe_core.pre_tokenizers import unicode_pin

    assert unicode_pin.UNICODE_VERSION == UNICODE_VERSION
    assert matches("L", "\U00010d4a") and matches("L", "\U00016100")
    assert not matches("L", "\U000323b0") and not matches("L", "\U00010940")
    assert matches("S", "\u2b95") and not matches("S", "\U0001f8d8")


def test_the_pin_is_unicodedata2s_16_0():
    """bbpe_core/pre_tokenizers/unicode_pin.py is what scripts/unicode_pin.py derives from
    unicodedata2."""
    import importlib.util

    pytest.importorskip("unicodedata2")
    spec = importlib.util.spec_from_file_location("unicode_pin_script",
                                                  ROOT / "scripts" / "unicode_pin.py")
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    assert script.differences() == PINNED_CLASSES


def _changed_characters() -> list[str]:
    """Every character whose general category differs between Unicode 16.0 (unicodedata2)
    and the ``regex`` package's tables (17.0)."""
    unicodedata2 = pytest.importorskip("unicodedata2")
    assert unicodedata2.unidata_version == UNICODE_VERSION
    out = []
    for code in range(0x110000):
        if 0xD800 <= code <= 0xDFFF:
            continue
        char = chr(code)
        if not regex.match(rf"\p{{gc={unicodedata2.category(char)}}}", char):
            out.append(char)
    return out


CONTEXTS = [" {}", "a{}b", "{}{}!", "1{}", "!{}", "\n{}x", "{} 9"]
"""How each changed character is placed: after a space (U+1F8D8 in DeepSeek's word step),
between letters, doubled, after a digit and a punctuation mark, at a line start, before a
digit."""

PATTERN_ENCODINGS = ["deepseek_v3", "deepseek_v4", "qwen3", "o200k_harmony", "claude_legacy",
                     "llama3", "mistral_tekken", "gemma3"]
"""The shipped encodings whose split patterns the reference runs with its regex engine
(HF tokenizers' Oniguruma; mistral-common's tiktoken for Tekken)."""


@pytest.mark.parametrize("name", PATTERN_ENCODINGS)
def test_characters_new_in_unicode_17_split_as_the_reference_splits_them(name):
    reference, ours = oracle_and_ours(name)
    changed = _changed_characters()
    assert len(changed) > 4000  # 17.0 added 4,803 characters and moved a few
    for context in CONTEXTS:
        text = "".join(context.replace("{}", char) for char in changed)
        assert ours(text) == reference(text), (name, context)
