"""Investment Analysis templates."""
