"""Personal Finance templates."""
