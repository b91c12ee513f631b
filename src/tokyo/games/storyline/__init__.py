"""Storyline (``storyline``) and its Crisis Format (``crisis-format``): an original card game
of this project (rules: docs/rules/storyline.md). Work in progress: not registered in
tokyo.core.registry yet (a registered game must have every rule statement tested)."""
