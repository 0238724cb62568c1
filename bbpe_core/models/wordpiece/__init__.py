"""The WordPiece model kind (BERT; HF tokenizers' ``models/wordpiece``).

- ``model``: ``WordPieceEncoder`` (greedy longest match first, ``##`` continuations) and
  ``WordPieceDecoder``; ``piece_bytes``, each piece's bytes in the normalized text.

No trainer yet. Rule of the package: it imports no other model kind and no format
(``tests/test_layers.py``); ``formats/`` reads a vocab.txt or tokenizer.json into these
classes' arguments.
"""
