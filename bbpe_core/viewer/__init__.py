"""What a token viewer needs and tiktoken lacks, drawn from ``Encoding.encode_rich``'s one
run of the pipeline (``encoded.Encoded``, with its token spans): ``html`` (token chips),
``notebook`` (``visualize``), ``trace`` (a chunk's merges).

Nothing here runs the pipeline's stages again; the encoding's methods ``encode_rich``,
``encode_detailed``, ``pre_tokenize`` and ``tokenize`` are the engine's (``rich``).
"""
