"""The fast path of the shipped patterns (gpt2's, cl100k's, o200k's); see README.md."""

from .encoder import FastEncoder

__all__ = ["FastEncoder"]
