"""The Compare lab's content: languages, formats, code and numbers, and its stored counts."""
