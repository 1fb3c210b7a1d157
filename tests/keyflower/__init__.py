"""Keyflower: catalog and pure rules."""
