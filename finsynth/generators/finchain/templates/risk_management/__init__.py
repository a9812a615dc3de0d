"""Risk Management templates."""
