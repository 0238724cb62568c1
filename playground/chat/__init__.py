"""Chat mode's logic: prompts as each model's chat template renders them (in a sandboxed
process for an uploaded template), tool definitions and image inputs counted."""
