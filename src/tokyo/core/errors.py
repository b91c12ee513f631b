"""Errors raised by the kernel. Every error a user can cause is one of these."""

from __future__ import annotations


class TokyoError(Exception):
    """Base class of every error the engine raises on purpose."""


class OptionError(TokyoError, ValueError):
    """An unknown game, an unknown option, or an option value that is not allowed.

    The message names what was wrong and lists the allowed names or values.
    """


class IllegalActionError(TokyoError, ValueError):
    """An action that is not legal in this state, or sent by a seat that is not to act.

    Attributes:
        action: the text that was refused.
        legal: the canonical texts of the legal actions at that moment.
        seat: the seat that sent the action, when it was given.
    The state is unchanged when this is raised.
    """

    def __init__(self, message: str, action: str = "", legal: list[str] | None = None,
                 seat: int | None = None):
        self.action = action
        self.legal = list(legal or [])
        self.seat = seat
        super().__init__(message)


class StateFormatError(TokyoError, ValueError):
    """A saved state or record that cannot be read: not JSON, another game, or corrupt."""
