"""The ``tote`` command line: list games, play in the terminal, simulate, replay.

Game-agnostic: games come from the registry (:func:`tote.core.all_games`),
bots from :mod:`tote.bots`, and the only game-specific code a front end sees
is a game's optional rendering hook (see :mod:`tote.cli.board`).
"""
