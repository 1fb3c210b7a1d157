"""Keyflower (R&D Games, 2012; Breese & Bleasdale), 2-6 players: catalog and pure rules (no engine yet).

This package is the foundation of the strict engine of issue 11. It holds no ``GAME`` object and is
not registered: the engine comes later, on top of the core's second edition.
"""
