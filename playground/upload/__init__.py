"""Bring your own tokenizer: uploaded files and Hub models -> a validated ``Encoding``."""
