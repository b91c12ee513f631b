"""The King of Tokyo family: a shared turn machine (engine.py) and its editions.

- ``base``: King of Tokyo, the base game (``kot``).
- ``dark``: King of Tokyo: Dark Edition (``kot-dark``).
- ``position``: build a position directly, for tests and analysis.
"""
