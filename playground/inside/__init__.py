"""Inside an encoding: the Merge trace (merges and Unigram lattices), Byte map and
Vocabulary pages' content."""
