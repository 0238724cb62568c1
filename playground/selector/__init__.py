"""The sidebar's encoding selector: labels, search by model name, stored n_vocab."""
