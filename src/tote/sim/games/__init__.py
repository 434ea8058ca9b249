"""Each game's own numbers for simulations: one module per game, each defining
``STATS`` (a :class:`~tote.sim.game_stats.GameStats`). :data:`MODULES` maps a game id
to its module; :func:`tote.sim.game_stats.game_stats` looks it up.
"""

MODULES: dict[str, str] = {
    "winners-circle": "winners_circle",
    "wits-and-wagers": "wits_and_wagers",
    "wetten": "wetten",
    "horse-fever": "horse_fever",
    "carcassonne": "carcassonne",
}
