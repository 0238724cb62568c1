"""Every encoding beyond OpenAI's three gives its reference library's ids: HF tokenizers on the
official tokenizer.json, tiktoken on the same ranks file, sentencepiece on the ``.model``,
mistral-common's Tekkenizer."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from samples import ADVERSARIAL, CORPORA, MULTILINGUAL, utf8_texts
from zoo_oracles import HF_FILES, ZOO_NAMES, oracle_and_ours

import bbpe_core
from bbpe_core.pre_tokenizers import BEHAVIORS, Sequence, Split

SPECIAL_TEXT = [
    "<think>why</think>\n<tool_call>{}</tool_call><|im_start|>user\nhi<|im_end|>",
    "<|begin_of_text|><|start_header_id|>user<|end_header_id|>\n\nhi<|eot_id|>",
    "<｜begin▁of▁sentence｜><｜User｜>hi<｜Assistant｜><think>\n",
    "<|start|>user<|message|>hi<|end|><|endoftext|>",
    "<s>[INST] hi [/INST]</s> <unk>",
    "[REFERENCE_DOC_1] text [TOOL_CALLS] [control_12]",
    "<bos><start_of_turn>user\nhi<end_of_turn>\n<start_of_turn>model\n<mask>",
    "<pad> <eos> [multimodal] <unused0> <2mass> [@BOS@]",
    "  indented\n\n\n\t\ttabs      spaces",
]


@pytest.fixture(scope="module", params=ZOO_NAMES)
def pair(request):
    return oracle_and_ours(request.param)


@pytest.mark.parametrize("text", MULTILINGUAL + ADVERSARIAL + SPECIAL_TEXT)
def test_multilingual_code_and_adversarial_text(pair, text):
    reference, ours = pair
    assert ours(text) == reference(text)


def test_the_held_out_corpora(pair):
    reference, ours = pair
    for file in ("en_python_docs.txt", "zh_tang_poems.txt"):
        text = (CORPORA / file).read_text(encoding="utf-8")[:60_000]
        assert ours(text) == reference(text), file


@settings(max_examples=60)
@given(text=utf8_texts)
def test_random_text(pair, text):
    reference, ours = pair
    assert ours(text) == reference(text)


@pytest.mark.parametrize("name", list(HF_FILES))
def test_the_official_tokenizer_json_loads_as_published_with_the_same_ids(name):
    from zoo_oracles import _ref, hf_oracle

    loaded = bbpe_core.load_hf_tokenizer_json(_ref(HF_FILES[name]), name=name)
    reference = hf_oracle(name)
    for text in MULTILINGUAL + SPECIAL_TEXT + ADVERSARIAL[:4]:
        assert loaded.encode(text, allowed_special="all") == reference(text)


def test_p50k_endoftext_sits_inside_the_rank_range():
    enc = bbpe_core.get_encoding("p50k_base")
    assert enc.eot_token == 50256 and max(enc.mergeable_ranks.values()) == 50280
    assert enc.decode([50255, 50256, 50257]).count("<|endoftext|>") == 1


def test_tekken_ids_are_shifted_by_the_control_tokens_which_never_match_text():
    enc = bbpe_core.get_encoding("mistral_tekken")
    assert min(enc.mergeable_ranks.values()) == 1000
    assert enc.decode_single_token_bytes(1) == b"<s>"
    assert 1 not in enc.encode_ordinary("<s>[INST]")


def test_qwen_think_is_matched_in_any_text_and_nfc_applies_to_the_rest():
    enc = bbpe_core.get_encoding("qwen3")
    think = enc.encode_single_token("<think>")
    assert enc.encode_ordinary("<think>") == [think]
    assert enc.encode_ordinary("e\u0301") == enc.encode_ordinary("\u00e9")
    with pytest.raises(ValueError, match="disallowed special token"):
        enc.encode("<|im_start|>")


def test_llama3_api_count_adds_begin_of_text_only_when_asked():
    enc = bbpe_core.get_encoding("llama3")
    ids = enc.encode("hello")
    assert enc.post_process(ids) == [128000, *ids]
    assert 128000 not in ids


def test_the_viewer_maps_normalized_tokens_back_to_the_typed_characters():
    enc = bbpe_core.get_encoding("claude_legacy")
    text = "ﬁne ① ok"
    spans = enc.encode_detailed(text)
    assert [t.id for t in spans] == enc.encode(text)
    assert all(0 <= t.start < t.end <= len(text) for t in spans)
    assert {text[t.start:t.end] for t in spans} >= {"ﬁne", " ok"}


def test_every_model_name_tiktoken_knows_maps_to_the_same_encoding():
    import tiktoken.model

    tables = {**tiktoken.model.MODEL_TO_ENCODING}
    for model, name in tables.items():
        ours = bbpe_core.encoding_name_for_model(model)
        assert ours == {"r50k_base": "gpt2"}.get(name, name), model
    for prefix, name in tiktoken.model.MODEL_PREFIX_TO_ENCODING.items():
        assert bbpe_core.encoding_name_for_model(prefix + "2099-01-01") == name, prefix


@pytest.mark.parametrize("model, name", [
    ("meta-llama/Llama-3.1-8B-Instruct", "llama3"), ("Qwen/Qwen3-8B", "qwen3"),
    ("deepseek-ai/DeepSeek-R1", "deepseek_v3"), ("openai/gpt-oss-20b", "o200k_harmony"),
    ("mistralai/Mistral-Nemo-Instruct-2407", "mistral_tekken"), ("GPT-4O", "o200k_base"),
    ("EleutherAI/gpt-neo-1.3B", "gpt2"), ("EleutherAI/gpt-neo-125m", "gpt2"),
])
def test_hf_ids_map_to_their_encoding(model, name):
    assert bbpe_core.encoding_for_model(model) is bbpe_core.get_encoding(name)


def test_an_unknown_model_raises_key_error_naming_close_matches():
    with pytest.raises(KeyError, match="close matches: .*gpt-4o"):
        bbpe_core.encoding_for_model("gpt4o")


def test_the_catalogue_lists_every_encoding_once_with_source_and_licence():
    catalogue = bbpe_core.encoding_catalogue()
    assert sorted(i.name for i in catalogue) == sorted(bbpe_core.list_encoding_names())
    assert all(i.source and i.licence for i in catalogue)
    # t5 and umt5 are the tokenizer.json files as HF tokenizers runs them; the models' names
    # resolve to t5_transformers and umt5_transformers (transformers' T5Tokenizer)
    assert all(i.models for i in catalogue if i.name not in ("t5", "umt5"))
    assert {"t5_transformers", "umt5_transformers"} <= {i.name for i in catalogue if i.models}
    llama = [i for i in catalogue if i.licence.startswith(("Llama 3", "Llama 4"))]
    assert llama and all(i.notice.startswith("Built with Llama") for i in llama)
    llama2 = next(i for i in catalogue if i.name == "llama2")  # its licence's own notice line
    assert llama2.notice.startswith("Llama 2 is licensed under the LLAMA 2 Community License")


def test_a_damaged_data_file_is_named(monkeypatch):
    from bbpe_core.encodings import data, registry
    from bbpe_core.source import VocabFileError

    entry = dict(data.manifest()["claude.json.gz"], sha256="0" * 64)
    monkeypatch.setitem(data.manifest(), "claude.json.gz", entry)
    with pytest.raises(VocabFileError, match="claude.json.gz: sha256 is .* expected 0000"):
        registry.build_encoding("claude_legacy")
    with pytest.raises(VocabFileError, match="not in MANIFEST.json"):
        data.data_file("nothing.gz")


@pytest.mark.parametrize("doc, message", [
    ({"config": {"pattern": "a"}}, "default_num_special_tokens must be a int"),
    ({"config": {"pattern": "a", "default_num_special_tokens": 1, "default_vocab_size": 9},
      "vocab": []}, "config sizes"),
    ({"config": {"pattern": "a", "default_num_special_tokens": 1, "default_vocab_size": 3},
      "vocab": [{"rank": 0, "token_bytes": "!!"}, {}]}, "bad base64"),
    ([], "expected a JSON object"),
])
def test_a_malformed_tekken_file_is_a_vocab_file_error(doc, message):
    import json

    from bbpe_core.formats.tekken import load_tekken
    from bbpe_core.source import VocabFileError

    with pytest.raises(VocabFileError, match=message):
        load_tekken(json.dumps(doc).encode(), name="t.json")


@pytest.mark.parametrize("doc, message", [
    ({"pat_str": "a", "bpe_ranks": "! x IQ==", "special_tokens": {}}, "no integer offset"),
    ({"pat_str": "a", "bpe_ranks": 3, "special_tokens": {}}, "bpe_ranks must be a str"),
    ({"pat_str": "a", "bpe_ranks": "! 0 I", "special_tokens": {}}, "bad base64"),
])
def test_a_malformed_js_tiktoken_file_is_a_vocab_file_error(doc, message):
    import json

    from bbpe_core.formats.js_tiktoken import load_js_tiktoken
    from bbpe_core.source import VocabFileError

    with pytest.raises(VocabFileError, match=message):
        load_js_tiktoken(json.dumps(doc).encode(), name="c.json")


@settings(max_examples=200)
@given(text=utf8_texts, behaviors=st.lists(st.sampled_from(BEHAVIORS), min_size=1, max_size=3),
       invert=st.booleans())
def test_split_chunks_and_spans_agree_for_every_behaviour(text, behaviors, invert):
    patterns = [r"\p{N}{1,3}", r"[一-龥぀-ゟ]+", r" ?\p{L}+|\s+(?!\S)|\s+"]
    stage = Sequence([Split(p, b, invert=invert) for p, b in zip(patterns, behaviors)])
    spans = stage.split(text)
    assert stage.chunks(text) == [text[a:b] for a, b in spans]
    assert all(a < b for a, b in spans) and spans == sorted(spans)
    if stage.tiles:
        assert "".join(stage.chunks(text)) == text


@settings(max_examples=200)
@given(text=st.text(alphabet="ab1 \n\u4e00\u00e9", max_size=30),
       pattern=st.sampled_from([r"a+(?=b)|b", r"(a)b|\d", r"(?i)A+", r"\s+(?!\S)|\s+", r"b*(?=a)a",
                                r"\p{L}+", r"1{1,3}", r"a*(?=b)"]))
def test_isolated_split_chunks_agree_with_its_spans(text, pattern):
    """The C-speed split of ``Split.chunks`` gives the pieces the reference fold gives, and
    so do its fallbacks (groups of the pattern's own; a match of the empty string, which
    is skipped, never a loss of the text after it)."""
    stage = Split(pattern)
    assert stage.chunks(text) == [text[a:b] for a, b in stage.split(text)]


@settings(max_examples=200)
@given(text=utf8_texts, behaviors=st.lists(st.sampled_from(BEHAVIORS), min_size=1, max_size=3),
       invert=st.booleans())
def test_split_behaviours_match_hf_tokenizers(text, behaviors, invert):
    from tokenizers import Regex, pre_tokenizers

    patterns = [r"\p{N}{1,3}", r"[一-龥぀-ゟ]+", r" ?\p{L}+|\s+(?!\S)|\s+"]
    snake = {b: "".join("_" + c.lower() if c.isupper() else c for c in b)[1:] for b in BEHAVIORS}
    hf = pre_tokenizers.Sequence([
        pre_tokenizers.Split(Regex(p), behavior=snake[b], invert=invert)
        for p, b in zip(patterns, behaviors)])
    ours = Sequence([Split(p, b, invert=invert) for p, b in zip(patterns, behaviors)])
    assert ours.chunks(text) == [piece for piece, _ in hf.pre_tokenize_str(text)]
