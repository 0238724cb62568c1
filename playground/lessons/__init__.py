"""The Lessons page's questions, each answered by numbers the tokenizer computes live."""
