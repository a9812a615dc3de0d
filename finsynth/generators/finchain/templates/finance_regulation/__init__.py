"""Finance Regulation templates."""
