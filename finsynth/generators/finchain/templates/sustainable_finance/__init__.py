"""Sustainable Finance templates."""
