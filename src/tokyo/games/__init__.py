"""tokyo.games: one package per rule system. A game package knows no CLI, server or simulator."""
