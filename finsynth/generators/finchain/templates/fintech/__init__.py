"""Fintech templates."""
