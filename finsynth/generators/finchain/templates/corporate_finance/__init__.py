"""Corporate Finance templates."""
