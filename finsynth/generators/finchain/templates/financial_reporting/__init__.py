"""Financial Reporting templates."""
