"""The file name of a dataset card, on its own so that reading a folder does not load the card writer."""

CARD_NAME = "README.md"
"""The dataset card of a built folder (the Hugging Face Hub shows it as the dataset's page)."""
