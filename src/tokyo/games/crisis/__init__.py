"""Crisis: Tokyo (``crisis-tokyo``): the 2-5 player card game of villains levelling Tokyo.

- ``cards``: the card set (one data file), with double cards read as halves.
- ``state``: the rules (turns, actions, Conflicts, levelling) as a step machine.
- ``effects``: the interpreter of card effects (the ops of docs/crisis-tokyo-card-format.md).
- ``game``: the Game class and its options.
"""
