r"""GGUF's ``tokenizer.ggml.pre``: the pre-tokenizer of a byte-level BPE vocabulary, by name.

A GGUF file names its pre-tokenizer instead of storing it; llama.cpp maps the name to a list
of split patterns (``src/llama-vocab.cpp``: the ``tokenizer_pre == ...`` chain in
``llama_vocab::impl::load`` picks a ``LLAMA_VOCAB_PRE_TYPE_*``, and ``llm_tokenizer_bpe``'s
constructor gives each type its ``regex_exprs``), as of llama.cpp in llama-cpp-python 0.3.36.
Each pattern splits the pieces the one before left, keeping matched and unmatched text (HF
tokenizers' ``Split`` with ``Isolated`` behaviour, ``pre_tokenizers.Split``). Where llama.cpp
rewrote a pattern of the model's ``tokenizer.json`` for its own regex engine and quotes the
original, we use the original (the test pairs beside llama.cpp's vocabularies come from HF
tokenizers): ``(?i:'s|...)`` rather than ``'[sS]|...``, ``[\p{Lu}...]`` classes rather than
``((?=[\p{L}])([^a-z]))`` lookaheads.

Names that llama.cpp splits with code of its own (``kimi-k2``, ``afmoe``), by an empty-width
pattern (``superbpe``) or whose patterns ours reads differently are refused by name in
``REFUSED``; a name in neither table is refused as unknown, never guessed. A file with no
name at all: llama.cpp warns and uses its ``default`` patterns (``GENERATION QUALITY WILL BE
DEGRADED``); so does ``gguf.load_gguf``, with a ``GGUFWarning`` saying so (HAZARDS 29).
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["PRE_TOKENIZERS", "REFUSED", "PreTokenizerSpec"]


@dataclass(frozen=True, slots=True)
class PreTokenizerSpec:
    """What llama.cpp does for one ``tokenizer.ggml.pre`` name.

    Attributes:
        patterns: the split patterns, applied in turn (``regex`` syntax).
        ignore_merges: a chunk that is a token is that token, merges or not (llama.cpp's
            ``ignore_merges``, HF's ``model.ignore_merges``).
        byte_level: text goes through GPT-2's byte map (False for SentencePiece-style BPE).
    """

    patterns: tuple[str, ...]
    ignore_merges: bool = False
    byte_level: bool = True


_CONTRACTIONS = r"(?i:'s|'t|'re|'ve|'m|'ll|'d)"
_GPT2 = r"'s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)"
_LLAMA3 = (_CONTRACTIONS + r"|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n]*"
           r"|\s*[\r\n]+|\s+(?!\S)|\s+")
_QWEN2 = (_CONTRACTIONS + r"|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}| ?[^\s\p{L}\p{N}]+[\r\n]*"
          r"|\s*[\r\n]+|\s+(?!\S)|\s+")
_QWEN35 = (_CONTRACTIONS + r"|[^\r\n\p{L}\p{N}]?[\p{L}\p{M}]+|\p{N}| ?[^\s\p{L}\p{M}\p{N}]+"
           r"[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+")
_UPPER = r"[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]"
_LOWER = r"[\p{Ll}\p{Lm}\p{Lo}\p{M}]"
_TEKKEN = (rf"[^\r\n\p{{L}}\p{{N}}]?{_UPPER}*{_LOWER}+|[^\r\n\p{{L}}\p{{N}}]?{_UPPER}+{_LOWER}*"
           r"|\p{N}| ?[^\s\p{L}\p{N}]+[\r\n/]*|\s*[\r\n]+|\s+(?!\S)|\s+")
_O200K = (rf"[^\r\n\p{{L}}\p{{N}}]?{_UPPER}*{_LOWER}+{_CONTRACTIONS}?"
          rf"|[^\r\n\p{{L}}\p{{N}}]?{_UPPER}+{_LOWER}*{_CONTRACTIONS}?"
          r"|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n/]*|\s*[\r\n]+|\s+(?!\S)|\s+")
_DEEPSEEK_V3 = (
    r"\p{N}{1,3}",
    r"[一-龥぀-ゟ゠-ヿ]+",
    r"""[!"#$%&'()*+,\-./:;<=>?@\[\\\]^_`{|}~][A-Za-z]+|[^\r\n\p{L}\p{P}\p{S}]?[\p{L}\p{M}]+"""
    r"| ?[\p{P}\p{S}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+",
)
_DIGIT_THEN_GPT2 = (r"\p{N}", _GPT2)
_BLOOM = (r" ?[^(\s|.,!?…。，、।۔،)]+",)
_CJK_DEEPSEEK = "[一-龥ࠀ-一가-퟿]+"

_TYPES: dict[str, PreTokenizerSpec] = {
    "DEFAULT": PreTokenizerSpec((r"[\p{P}\$\+<=>\^~\|]+", _GPT2, r"\p{N}+", "[0-9][0-9][0-9]")),
    "LLAMA3": PreTokenizerSpec((_LLAMA3,), ignore_merges=True),
    "DEEPSEEK_LLM": PreTokenizerSpec((
        "[\r\n]",
        ("\\s?[A-Za-z\u00b5\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u01ba\u01bc-\u01bf\u01c4-\u0293"
         "\u0295-\u02af\u0370-\u0373\u0376\u0377\u037b-\u037d\u037f\u0386\u0388-\u038a\u038c"
         "\u038e-\u03a1\u03a3-\u03f5\u03f7-\u0481\u048a-\u052f\u0531-\u0556\u10a0-\u10c5"
         "\u13a0-\u13f5\u13f8-\u13fd\u1c90-\u1cba\u1cbd-\u1cbf\u1d00-\u1d2b\u1d6b-\u1d77"
         "\u1d79-\u1d9a\u1e00-\u1f15\u1f18-\u1f1d\u1f20-\u1f45\u1f48-\u1f4d\u1f50-\u1f57\u1f59"
         "\u1f5b\u1f5d\u1f5f-\u1f7d\u1f80-\u1fb4\u1fb6-\u1fbc\u1fbe\u1fc2-\u1fc4\u1fc6-\u1fcc"
         "\u1fd0-\u1fd3\u1fd6-\u1fdb\u1fe0-\u1fec\u1ff2-\u1ff4\u1ff6-\u1ffc\u2102\u2107\u210a-"
         "\u2113\u2115\u2119-\u211d\u2124\u2126\u2128\u212a-\u212d\u212f-\u2134\u2139\u213c-"
         "\u213f\u2145-\u2149\u214e\u2183\u2184\u2c00-\u2c7b\u2c7e-\u2ce4\u2ceb-\u2cee\u2cf2"
         "\u2cf3\ua640-\ua66d\ua680-\ua69b\ua722-\ua76f\ua771-\ua787\ua78b-\ua78e\uab70-\uabbf"
         "\ufb00-\ufb06\ufb13-\ufb17\uff21-\uff3a\uff41-\uff5a\U00010400-\U0001044f\U000104b0-"
         "\U000104d3\U000104d8-\U000104fb\U00010c80-\U00010cb2\U00010cc0-\U00010cf2\U000118a0-"
         "\U000118df\U0001e900-\U0001e943]+"),
        r"\s?[!-/:-~！-／：-～‘-‟　-。]+",
        r"\s+$",
        _CJK_DEEPSEEK,
        r"\p{N}+",
    )),
    "DEEPSEEK3_LLM": PreTokenizerSpec(_DEEPSEEK_V3),
    "DEEPSEEK_CODER": PreTokenizerSpec(
        ("[\r\n]", r"\s?\p{L}+", r"\s?\p{P}+", _CJK_DEEPSEEK, r"\p{N}")),
    "FALCON": PreTokenizerSpec((r"[\p{P}\$\+<=>\^~\|`]+", _GPT2, "[0-9][0-9][0-9]")),
    "STARCODER": PreTokenizerSpec(_DIGIT_THEN_GPT2),
    "GPT2": PreTokenizerSpec((_GPT2,)),
    "QWEN2": PreTokenizerSpec((_QWEN2,)),
    "QWEN35": PreTokenizerSpec((_QWEN35,)),
    "PORO": PreTokenizerSpec(_BLOOM),
    "CHATGLM4": PreTokenizerSpec((_LLAMA3,)),
    "CHATGLM4_IGNORE": PreTokenizerSpec((_LLAMA3,), ignore_merges=True),
    "VIKING": PreTokenizerSpec((*_BLOOM, r"\p{N}")),
    "TEKKEN": PreTokenizerSpec((_TEKKEN,), ignore_merges=True),
    "GPT4O": PreTokenizerSpec((_O200K,)),
    "SEED_CODER": PreTokenizerSpec((_CONTRACTIONS + r"|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1}"
                                    r"| ?[^\s\p{L}\p{N}\r\n]+|\s*[\r\n]+|\s+(?!\S)|\s+",)),
    "BAILINGMOE": PreTokenizerSpec((r"'(?i:[sdmt]|ll|ve|re)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}"
                                    r"| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]|\s+(?!\S)|\s+",)),
    "UFAKZEKA": PreTokenizerSpec((r"[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}| ?[^\s\p{L}\p{N}]+[\r\n]*"
                                  r"|\s*[\r\n]+|\s+(?!\S)|\s+",)),
    "MINICPM5": PreTokenizerSpec((r"\p{N}{1,3}", _CONTRACTIONS + r"|[^\r\n\p{L}\p{N}]?\p{L}+"
                                  r"|\p{N}+| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+"),
                                 ignore_merges=True),
    "WHITESPACE": PreTokenizerSpec((r"\S+",), byte_level=False),
    "JAIS2": PreTokenizerSpec((_CONTRACTIONS + r"|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}"
                               r"| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s{512}(?!\S)"
                               r"|\s{256}(?!\S)|\s{128}(?!\S)|\s{64}(?!\S)|\s{32}(?!\S)"
                               r"|\s{16}(?!\S)|\s{8}(?!\S)|\s{4}(?!\S)|\s{1,2}(?!\S)|\s{1}",)),
    "SPARK2_5": PreTokenizerSpec((*_DEEPSEEK_V3[:2],
                                  _DEEPSEEK_V3[2].replace(r"[\r\n]*|\s*[\r\n]+", r"|[\r\n]"),
                                  r"\p{N}")),
    "YOUTU": PreTokenizerSpec((
        "[가-힣ㄱ-ㆎ]+|[！…“”‘’—：；，、-〿︰-﹏]+|[ㄅ-ㄯ]+|[一-龥぀-ゟ゠-ヿ]+",
        rf"[^\r\n\p{{L}}\p{{N}}]?{_UPPER}*{_LOWER}+{_CONTRACTIONS}?"
        rf"|[^\r\n\p{{L}}\p{{N}}]?{_UPPER}+{_LOWER}*{_CONTRACTIONS}?"
        r"|\p{N}| ?[^\s\p{L}\p{N}]+[\r\n/]*|\s*[\r\n]+|\s+(?!\S)|\s+"), ignore_merges=True),
    "GRANITE_EMB_MULTI": PreTokenizerSpec((
        rf"[^\r\n\p{{L}}\p{{N}}]?{_UPPER}*{_LOWER}+{_CONTRACTIONS}?"
        rf"|[^\r\n\p{{L}}\p{{N}}]?{_UPPER}+{_LOWER}*{_CONTRACTIONS}?"
        r"|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n/]*|\s*[\r\n]+|\s+(?!\S)|\s+",),
        ignore_merges=True),
    "TINY_AYA": PreTokenizerSpec((r"\d{1,3}(?=(?:\d{3})*\b)", _O200K)),
    "LAGUNA": PreTokenizerSpec((r"[^\n]+|[\n]+", _QWEN2)),
    "EXAONE_MOE": PreTokenizerSpec((_CONTRACTIONS + r"|[^\r\n\p{L}\p{N}]?(?:\p{L}\p{M}*"
                                    r"(?: \p{L}\p{M}*)*)+|\p{N}| ?[^\s\p{L}\p{N}]+[\r\n/]?"
                                    r"|\s*[\r\n]|\s+(?!\S)|\s+",)),
    "CHAMELEON": PreTokenizerSpec((
        r"<sentinel:[0-9]+>", r"(IMGIMG)((A|B|C|D|E|F|G|H|I){1,4})Z", r"([\t\n]|    |  )",
        r"\p{N}", r"[\p{P}!-/:-@\[-`{-~]", _GPT2)),
}

_NAMES: dict[str, tuple[str, ...]] = {
    "DEFAULT": ("default",),
    "LLAMA3": ("llama3", "llama-v3", "llama-bpe", "falcon3", "falcon-h1", "pixtral",
               "midm-2.0", "lfm2", "jina-v5-nano", "dbrx", "smaug-bpe"),
    "DEEPSEEK_LLM": ("deepseek-llm",),
    "DEEPSEEK3_LLM": ("deepseek-v3", "hunyuan-dense", "hy_v4", "joyai-llm"),
    "DEEPSEEK_CODER": ("deepseek-coder",),
    "FALCON": ("falcon",),
    "STARCODER": ("starcoder", "refact", "command-r", "smollm", "codeshell", "exaone",
                  "minerva-7b", "mellum2"),
    "GPT2": ("gpt-2", "phi-2", "jina-es", "jina-de", "gigachat", "jina-v2-es", "jina-v2-de",
             "a.x-4.0", "mellum", "modern-bert", "mpt", "olmo", "jais", "trillion",
             "granite-docling", "exaone4", "jina-v1-en", "jina-v2-code", "roberta-bpe"),
    "QWEN2": ("qwen2", "deepseek-r1-qwen", "kormo", "f2llmv2", "megrez", "stablelm2",
              "hunyuan", "solar-open", "grok-2"),
    "QWEN35": ("qwen35",),
    "PORO": ("poro-chat", "bloom", "gpt3-finnish"),
    "CHATGLM4": ("chatglm-bpe",),
    "CHATGLM4_IGNORE": ("glm4", "glm5"),
    "VIKING": ("viking",),
    "TEKKEN": ("tekken",),
    "GPT4O": ("gpt-4o", "llama4", "kanana2", "talkie", "minimax-m2"),
    "SEED_CODER": ("seed-coder",),
    "BAILINGMOE": ("bailingmoe", "bailingmoe2", "llada-moe"),
    "UFAKZEKA": ("ufakzeka",),
    "MINICPM5": ("minicpm5",),
    "WHITESPACE": ("whitespace",),
    "JAIS2": ("jais-2",),
    "SPARK2_5": ("spark2_5",),
    "YOUTU": ("youtu",),
    "GRANITE_EMB_MULTI": ("granite-embed-multi-97m",),
    "TINY_AYA": ("tiny_aya", "cohere2moe"),
    "LAGUNA": ("laguna",),
    "EXAONE_MOE": ("exaone-moe",),
    "CHAMELEON": ("chameleon",),
}

PRE_TOKENIZERS: dict[str, PreTokenizerSpec] = {
    name: _TYPES[kind] for kind, names in _NAMES.items() for name in names
}
"""``tokenizer.ggml.pre`` name -> what llama.cpp splits with, for every name we reproduce."""

REFUSED: dict[str, str] = {
    "kimi-k2": "llama.cpp splits it with code of its own (unicode.cpp), not a pattern",
    "afmoe": "llama.cpp splits its digits with code of its own (\\p{AFMoE_digits})",
    "superbpe": "its digit split is an empty-width pattern",
    "gemma4": "SentencePiece-style BPE: tokenizer.ggml.model 'gemma4' says so",
    "granite-embed-multi-311m": "SentencePiece-style BPE on raw UTF-8",
    "sarvam-moe": "SentencePiece-style BPE on raw UTF-8",
}
"""Names llama.cpp knows that we do not reproduce, with the reason given in the error."""
