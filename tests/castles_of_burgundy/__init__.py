"""Tests of the Castles of Burgundy catalog and pure rules (expectations from the rules texts)."""
