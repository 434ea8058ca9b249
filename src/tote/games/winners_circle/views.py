"""What each seat may know of a Winner's Circle game: the whole position is public
except, with Hidden Bets (WC 6.1), the value of other seats' face-down chips (in the
bets and in the chips still in hand) until the race's payout turns them over.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tote.games.winners_circle.data import SYMBOLS
from tote.games.winners_circle.payout import PLACE_NAMES
from tote.games.winners_circle.phases import MOVE, PREPARATION, RACES, ROLL
from tote.games.winners_circle.track import space_of

if TYPE_CHECKING:
    from tote.games.winners_circle.state import WinnersCircleState


def view(state: WinnersCircleState, seat: int | None) -> dict[str, Any]:
    hidden = state.options.hidden_bets
    horses = []
    # the state's lists read once (issue 24: a view is built at every environment step)
    card_of, card_id_of, progress, face_up = (
        state.card_of,
        state.card_id_of,
        state.progress,
        state.face_up,
    )
    finished, spaces, finish, pace_horse = (
        state.finished,
        state.spaces,
        state.finish,
        state.pace_horse,
    )
    for h, name in enumerate(state.horse_names):
        values = card_of[h]
        place = finished.index(h) if h in finished else None
        horses.append(
            {
                "name": name,
                "gate": h + 1,
                "card": None if values is None else dict(zip(SYMBOLS, values, strict=True)),
                "card_id": card_id_of[h],
                "progress": progress[h] if values is not None else None,
                "space": (
                    space_of(progress[h], spaces) if values is not None and place is None else None
                ),
                "face_up": face_up[h] and place is None,
                "finished": None if place is None else PLACE_NAMES[place],
                "pace_horse": pace_horse == h,
                "to_finish": max(0, finish - progress[h]) if values is not None else None,
            }
        )
    bets = [
        {
            "seat": b.seat,
            "horse": state.horse_names[b.horse],
            "chip": b.chip if not hidden or b.seat == seat else None,
        }
        for b in state.bets
    ]
    chips: list[list[int] | int] = [
        sorted(state.chips[s]) if not hidden or s == seat else len(state.chips[s])
        for s in range(state.num_players)
    ]
    return {
        "race": state.race,
        "races": RACES,
        "phase": state.phase,
        "horses": horses,
        "pace_space": state.table.pace_space,
        "finish_progress": state.finish,
        "pace_horse": None if state.pace_horse is None else state.horse_names[state.pace_horse],
        "first_bettor": state.first_bettor if state.phase != PREPARATION else None,
        "roller": state.roller if state.phase in (ROLL, MOVE) else None,
        "rolled": state.rolled,
        "money": list(state.money),
        "bets": bets,
        "chips": chips,
        "betting_rounds": state.rounds,
        "deck_size": len(state.deck),
        "payout_table": {
            "win": list(state.table.win),
            "place": list(state.table.place),
            "show": list(state.table.show),
            "pace_bonus_per_bet": state.table.pace_bonus_per_bet,
            "last_place_per_bet": state.table.last_place_per_bet,
        },
        "multiplier": state.table.race_multipliers[state.race - 1],
        "history": list(state.history),  # a copy: a view never changes afterwards
        "variants": {
            "hidden_bets": hidden,
            "crowded_field": state.options.crowded_field,
            "alternative_payouts": state.options.alternative_payouts,
            "royal_turf": state.options.royal_turf,
        },
    }
