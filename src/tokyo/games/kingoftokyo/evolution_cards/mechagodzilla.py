"""Mechagodzilla's eight Evolutions (data/godzilla_evolutions.toml, monster = "mechagodzilla")."""

from __future__ import annotations

from ..godzilla_cards import EVOLUTIONS, take_tokens  # noqa: F401
