"""Effects of the King of Tokyo: Godzilla Evolutions, one module per monster, registered
into ``godzilla_cards.EVOLUTIONS`` by Evolution id; wording in data/godzilla_evolutions.toml."""
