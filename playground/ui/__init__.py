"""Streamlit sections of the playground page, one module per mode; logic lives one level up."""
