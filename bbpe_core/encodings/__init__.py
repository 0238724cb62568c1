"""The shipped encodings: the registry (``get_encoding``, ``list_encoding_names``), the
builders of each family (``zoo``, ``zoo_gguf``, ``zoo_whisper``, ``wordpiece``) and the
catalogue of models behind each name (``catalogue``)."""
