"""The Train page's content: byte-level BPE and Unigram runs, and extending a vocabulary."""
