"""Texts the pages start with."""

DEFAULT_TEXT = (
    "Hello world! 你好，世界。Привет, мир!\n"
    "def add(a, b):\n    return a + b  # 4 spaces cost 3 tokens in gpt2\n"
    "It's 2024: 998 vs 9988 👋🏽 <|endoftext|>"
)
"""A short multilingual example: English, Chinese, Russian, Python, digits, emoji and a
special token, so each encoding's differences show at once."""
