"""The Algorithms page's content: one text through each algorithm, the survey's table,
and four kinds trained on one corpus."""
