"""The Unigram model kind (T5, XLM-R, ALBERT, Jurassic-2; sentencepiece's ``unigram_model.cc``,
HF tokenizers' ``models/unigram``).

- ``model``: ``UnigramEncoder``, Viterbi over piece scores (the lattice), with byte fallback.
- ``lookup``: ``PieceLookup``, the pieces that start at each position of a word.
- ``trainer``: EM and pruning over counted units (sentencepiece's
  ``unigram_model_trainer.cc``); ``training.unigram`` runs it on a corpus.

Rule of the package: it imports no other model kind and no format (``tests/test_layers.py``);
``formats/`` reads a ``.model`` or tokenizer.json into these classes' arguments.
"""
