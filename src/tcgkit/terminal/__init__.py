"""The terminal game (:mod:`tcgkit.terminal.game`): a rich board, card inspection and the log, against a bot or
hot-seat. ``tcgkit play GAME`` starts it."""

from tcgkit.terminal.game import TerminalGame, play_terminal

__all__ = ["TerminalGame", "play_terminal"]
