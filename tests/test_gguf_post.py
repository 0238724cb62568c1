"""BOS / EOS a GGUF's tokenizer adds around a text (``Encoding.post_process``), as llama.cpp adds
them with ``add_special`` (``llama_vocab::impl::load`` and ``tokenize``, ``src/llama-vocab.cpp``):
the kind's defaults (SPM: BOS; UGM, T5's kind: EOS and no BOS; BPE: neither) overridden by
``tokenizer.ggml.add_bos_token`` / ``add_eos_token``. A T5 GGUF then gives HF's T5
tokenizer.json ids, whose post-processor is ``$A </s>``."""

from __future__ import annotations

import base64
import json
from pathlib import Path

import pytest
from zoo_oracles import llama_cpp_vocab

import bbpe_core

REFS = Path(__file__).resolve().parent / ".refs"
TEXTS = ["Hello world", "translate English to German: That is good.", "two  spaces",
         "Ünïcödé ｆｕｌｌ ① 你好", ""]
"""Texts without a trailing space: HF's T5 tokenizer.json keeps a final ``▁`` that
sentencepiece's ``remove_extra_whitespaces`` (and llama.cpp) drops, a difference of the
normalizer, not of the post-processor."""


def _t5_gguf(path: Path, *, add_keys: bool) -> None:
    """T5's tokenizer written as llama.cpp's converter writes a ``t5`` vocabulary (tokens,
    scores, types, the precompiled charsmap, space-prefix and whitespace flags, special ids);
    the add_bos / add_eos keys only with ``add_keys`` (then False / True, T5's)."""
    from gguf import GGUFWriter, TokenType

    doc = json.loads((REFS / "t5.tokenizer.json").read_text(encoding="utf-8"))
    special = {t["id"] for t in doc["added_tokens"] if t["special"]}
    vocab = doc["model"]["vocab"]
    charsmap = next(n["precompiled_charsmap"] for n in doc["normalizer"]["normalizers"]
                    if n["type"] == "Precompiled")
    writer = GGUFWriter(str(path), "t5")
    writer.add_tokenizer_model("t5")
    writer.add_tokenizer_pre("default")
    writer.add_token_list([p for p, _ in vocab])
    writer.add_token_scores([s for _, s in vocab])
    writer.add_token_types([TokenType.UNKNOWN if i == doc["model"]["unk_id"] else
                            TokenType.CONTROL if i in special else TokenType.NORMAL
                            for i in range(len(vocab))])
    writer.add_add_space_prefix(True)
    writer.add_remove_extra_whitespaces(True)
    writer.add_precompiled_charsmap(base64.b64decode(charsmap))
    writer.add_eos_token_id(1)
    writer.add_unk_token_id(2)
    writer.add_pad_token_id(0)
    if add_keys:
        writer.add_add_bos_token(False)
        writer.add_add_eos_token(True)
    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.close()


@pytest.mark.parametrize("add_keys", [True, False])
def test_a_t5_gguf_appends_eos_as_hf_t5_does(tmp_path, add_keys):
    if not (REFS / "t5.tokenizer.json").exists():
        pytest.skip("tests/.refs/t5.tokenizer.json missing: run python3 "
                    "scripts/fetch_vocabularies.py --no-ship --references tests/.refs")
    from tokenizers import Tokenizer

    path = tmp_path / "t5.gguf"
    _t5_gguf(path, add_keys=add_keys)
    enc, hf = bbpe_core.load_gguf(path), Tokenizer.from_file(str(REFS / "t5.tokenizer.json"))
    for text in TEXTS:
        assert enc.post_process(enc.encode_ordinary(text)) == hf.encode(text).ids, text
    assert enc.post_process([]) == [1]


@pytest.mark.parametrize(("stem", "expected"), [
    ("nomic-bert-moe", [0, 7, 8, 2]),  # t5 kind, XLM-R's <s> ... </s>: both keys true
    ("llama-spm", [1, 7, 8]),          # llama: BOS
    ("phi-3", [1, 7, 8]),
    ("baichuan", [1, 7, 8]),           # no keys: SPM's default, BOS
    ("gemma-4", [2, 7, 8]),            # gemma4: add_bos_token true
    ("gpt-2", [7, 8]),                 # BPE without keys: nothing
])
def test_gguf_post_processors_follow_llama_cpp(stem, expected):
    assert bbpe_core.load_gguf(llama_cpp_vocab(stem)).post_process([7, 8]) == expected


def test_the_shipped_gemma4_adds_bos():
    assert bbpe_core.get_encoding("gemma4").post_process([7]) == [2, 7]
