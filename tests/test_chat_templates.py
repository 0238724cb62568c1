"""Chat prompts of open models: the published templates render as transformers renders them,
and the tokens per message add up to the whole prompt's count."""

from __future__ import annotations

import pytest

import bbpe_core
from playground.chat.prompt import tokens_per_message
from playground.chat.templates import TEMPLATE_MODELS, prompt_ranges, render_chat_prompt

CHAT = [{"role": "system", "content": "Be brief."}, {"role": "user", "content": "Hi there"},
        {"role": "assistant", "content": "Hello!"}, {"role": "user", "content": "2+2?"}]


def test_llama3_uses_its_header_tokens():
    """Llama 3.1's template opens the system turn with its knowledge cutoff and a date."""
    prompt = render_chat_prompt("llama3", CHAT[:2])
    assert prompt == ("<|begin_of_text|><|start_header_id|>system<|end_header_id|>\n\n"
                      "Cutting Knowledge Date: December 2023\nToday Date: 26 Jul 2024\n\n"
                      "Be brief.<|eot_id|><|start_header_id|>user<|end_header_id|>\n\nHi there"
                      "<|eot_id|><|start_header_id|>assistant<|end_header_id|>\n\n")


def test_qwen3_is_chatml_and_deepseek_has_its_own_markers():
    assert render_chat_prompt("qwen3", CHAT[:2]) == (
        "<|im_start|>system\nBe brief.<|im_end|>\n<|im_start|>user\nHi there<|im_end|>\n"
        "<|im_start|>assistant\n")
    deepseek = render_chat_prompt("deepseek_v3", CHAT[:2])
    assert deepseek.startswith("<｜begin▁of▁sentence｜>Be brief.<｜User｜>Hi there")
    assert deepseek.endswith("<｜Assistant｜>")


def test_mistral_puts_the_system_prompt_in_the_last_user_turn_and_harmony_primes_a_reply():
    assert render_chat_prompt("mistral_tekken", CHAT) == (
        "<s>[INST]Hi there[/INST]Hello!</s>[INST]Be brief.\n\n2+2?[/INST]")
    harmony = render_chat_prompt("o200k_harmony", CHAT[1:2])
    assert harmony.startswith("<|start|>system<|message|>You are ChatGPT, a large language model "
                              "trained by OpenAI.\nKnowledge cutoff: 2024-06\nCurrent date: ")
    assert harmony.endswith("<|end|><|start|>user<|message|>Hi there<|end|><|start|>assistant")


@pytest.mark.parametrize("model", list(TEMPLATE_MODELS))
def test_tokens_per_message_add_up_to_the_prompt(model):
    enc = bbpe_core.get_encoding(TEMPLATE_MODELS[model][0])

    prompt, ranges = prompt_ranges(model, CHAT)
    assert prompt == render_chat_prompt(model, CHAT)
    counts = tokens_per_message(enc.encode_detailed(prompt, allowed_special="all"), ranges)
    assert len(counts) == len(CHAT) + 1 and all(c >= 0 for c in counts)
    assert sum(counts) == len(enc.encode(prompt, allowed_special="all"))


def test_a_model_without_a_template_is_a_key_error():
    with pytest.raises(KeyError):
        render_chat_prompt("gpt2", CHAT)
