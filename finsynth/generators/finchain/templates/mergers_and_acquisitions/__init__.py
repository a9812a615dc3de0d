"""Mergers and Acquisitions templates."""
