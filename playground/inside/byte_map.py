"""The byte map page's content: GPT-2's 256-entry byte -> character table, and why.

Source: openai/gpt-2 ``src/encoder.py`` ``bytes_to_unicode`` (as transformers' GPT2Tokenizer
has it): the 188 printable Latin-1 bytes keep their own character; the 68 others (control
characters, space, DEL, C1 controls, no-break space, soft hyphen) would be
invisible or unsafe in vocab.json and merges.txt, so they move to 256 + n.
"""

from __future__ import annotations

from bbpe_core import Encoding, byte_encoder
from bbpe_core.models.base import BYTE_LEVEL_BPE, SENTENCEPIECE_BPE, UNIGRAM, WORDPIECE
from bbpe_core.pre_tokenizers.byte_level import from_gpt2_str, is_kept_byte, to_gpt2_str

from ..model_kind import model_kind
from ..render.base import esc, page_css

__all__ = ["byte_reason", "byte_grid_html", "text_to_gpt2", "gpt2_to_text", "kind_caption",
           "token_byte_rows"]

_KIND_CAPTIONS = {
    BYTE_LEVEL_BPE: "Byte-level BPE: every token is bytes, written with the table above.",
    SENTENCEPIECE_BPE + " with byte fallback":
        "SentencePiece BPE: tokens are pieces of characters with ▁ for a space; a character "
        "no piece covers is spelled by the <0xNN> pieces of its UTF-8 bytes (byte fallback, "
        "Kudo & Richardson 2018), one token per byte.",
    WORDPIECE:
        "WordPiece: tokens are pieces of the normalized (lowercased, accents stripped) text, "
        "## for a piece that continues a word; a word no pieces cover is [UNK], which has "
        "no bytes of the text: the word is lost.",
    UNIGRAM:
        "Unigram: tokens are pieces of characters with ▁ for a space; a character no piece "
        "covers is <unk> (unless the model has byte fallback), which stands for the text but "
        "holds none of its bytes: those characters are lost.",
    SENTENCEPIECE_BPE:
        "SentencePiece BPE without byte fallback: tokens are pieces of characters with ▁ for "
        "a space; a character no piece covers is <unk>, which holds none of its bytes: it is "
        "lost.",
}


def byte_reason(b: int) -> str:
    """Why byte ``b`` keeps its character or is shifted.

    >>> byte_reason(0x20)
    "space: invisible and a separator in merges.txt, so shifted to 'Ġ' (U+0120 = 256 + 32)"
    """
    ch = byte_encoder[b]
    if is_kept_byte(b):
        return f"printable Latin-1 character {ch!r}: kept as itself"
    kind = ("control character" if b < 0x20 else "space" if b == 0x20 else "DEL" if b == 0x7F
            else "C1 control character" if b < 0xA0 else "no-break space" if b == 0xA0
            else "soft hyphen")
    sep = ": invisible and a separator in merges.txt" if b == 0x20 else ": not printable"
    return f"{kind}{sep}, so shifted to {ch!r} (U+{ord(ch):04X} = 256 + {ord(ch) - 256})"


def byte_grid_html() -> str:
    """A 16 x 16 table: row = high nibble, column = low nibble; kept bytes and shifted ones
    in two colours, the reason on hover."""
    head = "".join(f"<th>_{c:X}</th>" for c in range(16))
    rows = []
    for hi in range(16):
        cells = []
        for lo in range(16):
            b = hi * 16 + lo
            cls = "kept" if is_kept_byte(b) else "shifted"
            cells.append(f'<td class="{cls}" title="{esc(f"0x{b:02X}: " + byte_reason(b))}">'
                         f'<span class="ch">{esc(byte_encoder[b])}</span>'
                         f'<span class="hx">{b:02X}</span></td>')
        rows.append(f"<tr><th>{hi:X}_</th>{''.join(cells)}</tr>")
    return (f'<style>{page_css()}</style><table class="bytemap"><tr><th></th>{head}</tr>'
            f'{"".join(rows)}</table>')


def text_to_gpt2(text: str) -> str:
    """Two lines: the text's UTF-8 bytes in hex, and its Ġ string (one character per byte).

    >>> print(text_to_gpt2("a b"))
    UTF-8 (3 bytes): 61 20 62
    Ġ string: aĠb
    """
    data = text.encode("utf-8")
    return f"UTF-8 ({len(data)} bytes): {data.hex(' ')}\nĠ string: {to_gpt2_str(data)}"


def gpt2_to_text(g: str) -> str:
    """Two lines: the bytes a Ġ string stands for, in hex, and their text; ``�`` marks bytes
    that are not valid UTF-8, and a note says so.

    Args:
        g: a string of the byte table's characters.

    Raises:
        ValueError: if a character of ``g`` is not in the table (``from_gpt2_str``).

    >>> print(gpt2_to_text("aĠb"))
    bytes: 61 20 62
    text: 'a b'
    """
    back = from_gpt2_str(g)
    decoded = back.decode("utf-8", errors="replace")
    note = ("" if back.decode("utf-8", errors="ignore") == decoded
            else " (not valid UTF-8: � marks bytes that do not decode)")
    return f"bytes: {back.hex(' ')}\ntext: {decoded!r}{note}"


def kind_caption(enc: Encoding) -> str:
    """What the bytes behind ``enc``'s tokens are, for its model kind (``model_kind``).

    >>> from bbpe_core import get_encoding
    >>> kind_caption(get_encoding("t5"))[:40]
    'Unigram: tokens are pieces of characters'
    """
    kind = model_kind(enc)
    return _KIND_CAPTIONS.get(kind, f"This encoding is {kind}.")


def token_byte_rows(enc: Encoding, text: str, limit: int = 200) -> list[dict]:
    """The text's tokens in ``enc`` with the bytes each stands for, one row per token.

    The string column is the vocabulary's: a Ġ string for byte-level BPE, a piece for
    SentencePiece (``▁`` for a space; ``<0xE4>`` is one byte of a character no piece covers,
    byte fallback) or WordPiece (``##`` continues a word; the bytes are of the normalized,
    lowercased text).

    Args:
        enc: the encoding.
        text: the text; special-token text is encoded as plain text.
        limit: rows returned at most.

    Returns:
        ``[{"id", "string", "bytes (hex)", "text", "lost"}]``; ``text`` is the typed
        characters the token came from; ``lost`` is True for an unknown token (``<unk>``,
        ``[UNK]``), whose bytes are then those of the text it stands for, which its id
        does not hold.
    """
    rows = []
    for t in enc.encode_detailed(text, disallowed_special=(), max_tokens=limit):
        typed = text[t.start:t.end]
        data = typed.encode("utf-8", "surrogatepass") if t.unknown else t.token_bytes
        rows.append({"id": t.id, "string": t.token_str, "bytes (hex)": data.hex(" "),
                     "text": typed, "lost": t.unknown})
    return rows
