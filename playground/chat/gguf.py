"""The chat template a GGUF model file carries, and the special tokens it is rendered with.

llama.cpp's converter (``convert_hf_to_gguf.py``, ``gguf.SpecialVocab``) writes the model's
``chat_template`` from its tokenizer_config.json as ``tokenizer.chat_template`` (named
variants, such as Command R's ``tool_use`` and ``rag``, as ``tokenizer.chat_template.NAME``;
the default one is used here) and the special tokens' ids as ``tokenizer.ggml.*_token_id``.
transformers renders a template with the tokenizer's named special tokens as text
(``special_tokens_map``: ``bos_token``, ``eos_token``, ``unk_token``, ``sep_token``,
``pad_token``, ``cls_token``, ``mask_token``); the same names are given here, each the text of
the token with the file's id. The template is written by the model's author: it is rendered
only by ``chat.sandbox``.
"""

from __future__ import annotations

from dataclasses import dataclass

from bbpe_core import Encoding, VocabFileError
from bbpe_core.formats.gguf_header import read_gguf_typed

__all__ = ["FileChatTemplate", "file_chat_template"]

_TOKEN_KEYS = {"bos_token": "bos", "eos_token": "eos", "unk_token": "unknown",
               "sep_token": "seperator", "pad_token": "padding", "cls_token": "cls",
               "mask_token": "mask"}  # transformers' name -> llama.cpp's (its spelling)
_INTS = ("uint8", "int8", "uint16", "int16", "uint32", "int32", "uint64", "int64")


@dataclass(frozen=True)
class FileChatTemplate:
    """A model file's chat template.

    Attributes:
        template (str): the Jinja text, as the file has it (untrusted).
        variables (tuple[tuple[str, str], ...]): ``(name, text)`` of the named special tokens.
    """

    template: str
    variables: tuple[tuple[str, str], ...]


def _token_text(enc: Encoding, token: int) -> str:
    for table in (enc.special_tokens, enc.added_tokens):
        text = next((t for t, i in table.items() if i == token), None)
        if text is not None:
            return text
    return enc.decode_single_token_bytes(token).decode("utf-8", errors="replace")


def file_chat_template(data: bytes, enc: Encoding, name: str) -> FileChatTemplate | None:
    """The chat template of a GGUF file (or its header), or None if it has none.

    Args:
        data (bytes): the file or the header the browser sent (``gguf_header``).
        enc (Encoding): the tokenizer ``load_gguf`` built from ``data``.
        name (str): the file's name, for messages.

    Returns:
        FileChatTemplate | None: the template and its special tokens' texts (a token id of
        the wrong type or outside the vocabulary is left out, as ``load_gguf`` checks ids).

    Raises:
        VocabFileError: (a ValueError) if the header is damaged or the template is not a
            string.
    """
    keys = ("tokenizer.chat_template", *(f"tokenizer.ggml.{k}_token_id"
                                         for k in _TOKEN_KEYS.values()))
    meta = read_gguf_typed(data, name=name, keep=keys)
    if "tokenizer.chat_template" not in meta:
        return None
    kind, template = meta["tokenizer.chat_template"]
    if kind != "string":
        raise VocabFileError(f"{name}: tokenizer.chat_template is a {kind}, not a string")
    variables = []
    for hf_name, key in _TOKEN_KEYS.items():
        kind, token = meta.get(f"tokenizer.ggml.{key}_token_id", (None, None))
        if kind in _INTS and 0 <= token < enc.n_vocab:
            try:
                variables.append((hf_name, _token_text(enc, token)))
            except (KeyError, ValueError):  # an id with no token (a hole in the vocabulary)
                continue
    return FileChatTemplate(template, tuple(variables))
