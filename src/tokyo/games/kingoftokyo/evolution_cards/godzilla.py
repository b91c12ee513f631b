"""Godzilla's eight Evolutions (data/godzilla_evolutions.toml, monster = "godzilla")."""

from __future__ import annotations

from ..godzilla_cards import EVOLUTIONS, take_tokens  # noqa: F401
