"""Effects of the King of Tokyo: Godzilla POWER cards (kept face up), registered into
``godzilla_cards.ENERGY`` by card id; their wording is in data/godzilla_energy_cards.toml.
A card whose data names ``shares_effect`` reuses a Dark card's effect and has no code here."""

from __future__ import annotations

from .godzilla_cards import ENERGY, take_tokens  # noqa: F401
