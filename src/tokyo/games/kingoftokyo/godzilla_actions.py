"""Effects of the King of Tokyo: Godzilla ACTION cards (resolved when bought, then
discarded) and EVENT cards (a reveal effect applied once when revealed face up, or an
ongoing effect while face up in the market; their Action effect when bought), registered
into ``godzilla_cards.ENERGY`` by card id; wording in data/godzilla_energy_cards.toml."""

from __future__ import annotations

from .godzilla_cards import ENERGY, take_tokens  # noqa: F401
