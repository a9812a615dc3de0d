"""Financial Markets templates."""
