"""Financial Ratios templates."""
