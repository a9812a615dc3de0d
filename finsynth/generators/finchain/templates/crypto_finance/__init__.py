"""Crypto Finance templates."""
