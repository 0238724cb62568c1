"""GGUF files for tests, written with the `gguf` package (llama.cpp's own writer) from a
shipped byte-level encoding: the keys llama.cpp's convert_hf_to_gguf.py writes for GPT-2
(tokenizer.ggml.model "gpt2", pre "gpt-2", tokens in GPT-2's byte-to-unicode form, token
types, merges as "a b" strings), a one-line chat template and no tensors."""

from __future__ import annotations

from pathlib import Path

from gguf import GGUFWriter, TokenType

import bbpe_core
from bbpe_core.models.bpe.recover import recover_merges
from bbpe_core.pre_tokenizers.byte_level import to_gpt2_str

PRE = {"gpt2": "gpt-2"}
CHAT_TEMPLATE = "{% for m in messages %}{{ m['content'] }}\n{% endfor %}"


def write_gguf(path: Path, name: str = "gpt2") -> int:
    """Write encoding ``name``'s tokenizer as a GGUF file at ``path``; its size in bytes."""
    enc = bbpe_core.get_encoding(name)
    ranks = enc.mergeable_ranks
    tokens = [to_gpt2_str(t) for t, _ in sorted(ranks.items(), key=lambda kv: kv[1])]
    types = [TokenType.NORMAL] * len(tokens)
    for text, i in sorted(enc.special_tokens.items(), key=lambda kv: kv[1]):
        assert i == len(tokens)
        tokens.append(text)
        types.append(TokenType.CONTROL)
    writer = GGUFWriter(str(path), "gpt2")
    writer.add_tokenizer_model("gpt2")
    writer.add_tokenizer_pre(PRE[name])
    writer.add_token_list(tokens)
    writer.add_token_types(types)
    writer.add_token_merges([f"{to_gpt2_str(a)} {to_gpt2_str(b)}"
                             for a, b in recover_merges(ranks)])
    writer.add_bos_token_id(enc.eot_token)
    writer.add_eos_token_id(enc.eot_token)
    writer.add_chat_template(CHAT_TEMPLATE)
    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.close()
    return path.stat().st_size
