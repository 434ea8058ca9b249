"""HF 0 Preparation (0.6 Stable tokens, 0.7 Characters, 0.8 First Player) and the start
of every round (0.9 / 4.3): ruling R20's Cédric Copieur choice, FG 1's free Action
cards (and PG 0.3's), then the Purchase Phase. The state's ``__init__`` does HF 0.1-0.5.
Next in reading order: ``purchase.py``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tote.core.events import Event
from tote.games.horse_fever import betting, party, purchase
from tote.games.horse_fever.phases import COPY, DRAW, PURCHASE, SETUP_CHARACTERS, SETUP_FIRST_PLAYER

if TYPE_CHECKING:
    from tote.games.horse_fever.state import HorseFeverState


def place_stable_token(state: HorseFeverState, colour: str) -> None:
    """HF 0.6: Stable tokens placed one at a time from 1:7 up to 1:2."""
    state._tokens_to_place.remove(colour)
    row = len(state._tokens_to_place)
    state.row[state.lane_of[colour]] = row
    state.log.append(Event("stable_token", {"stable": colour, "odds": state.board.odds_rows[row]}))
    if not state._tokens_to_place:
        state.phase = SETUP_FIRST_PLAYER if state.party else SETUP_CHARACTERS


def free_characters(state: HorseFeverState) -> list[str]:
    return sorted(c for c in state.characters if c not in state.character)


def deal_character(state: HorseFeverState, character_id: str) -> None:
    """HF 0.7: each player draws a Character and takes its Danari; a basic Character
    owns the Stable on its printed odds row from the start (game-data 3a)."""
    seat = state.character.index(None)
    character = state.characters[character_id]
    state.character[seat] = character_id
    state.skills[seat] = character.skill
    state._pay(seat, character.danari)
    public: dict[str, Any] = {
        "seat": seat,
        "character": character.name,
        "danari": character.danari,
    }
    if character.stable_row is not None:
        lane = state.row.index(character.stable_row)
        state.owner[lane] = seat
        public["stable"] = state.colours[lane]
    state.log.append(Event("character", public))
    if None not in state.character:
        state.phase = SETUP_FIRST_PLAYER


def choose_first_player(state: HorseFeverState, seat: int) -> None:
    """HF 0.8: the First Player takes the First Player card and both Sprint dice."""
    state.first_player = seat
    state.log.append(Event("first_player", {"seat": seat}))
    start_round(state)


def start_round(state: HorseFeverState) -> None:
    """HF 0.9 / 4.3: the Hourglass moves on; a new round starts with its purchases."""
    state.round += 1
    state._reset_round()
    state.log.append(
        Event("round", {"round": state.round, "rounds": state.rounds, "first": state.first_player})
    )
    if state.family or (state.party and state.options.party_actions):
        state.deal_queue = state.clockwise(state.first_player)
        deal_action_cards(state)
        return
    if state.party:
        party.start_secret_bet(state)
        return
    state.queue = [
        s
        for s in state.clockwise(state.first_player)
        if state.owned_assistants[s]
        and any(state.assistants[a].effect.copies for a in state.owned_assistants[s])
        and copy_candidates(state, s)
    ]
    state.phase = COPY if state.queue else PURCHASE
    if not state.queue:
        purchase.start_purchase_step(state)


def deal_action_cards(state: HorseFeverState) -> None:
    """FG 1 (Family Game): every player is dealt two Action cards for free, in turn
    order from the First Player; then the first bet. PG 0.3 (Party Game with
    ``party_actions``): one card each, while the deck lasts; then race-fixing."""
    count = 1 if state.party else 2
    if state.deal_queue and len(state.decks["action"]) >= count:
        state.drawing = (state.deal_queue.pop(0), "action", count)
        state.phase = DRAW
    else:
        state.deal_queue = []
        if state.party:
            betting.start_race_fixing(state)
        else:
            betting.start_first_bet(state)


def copy_candidates(state: HorseFeverState, seat: int) -> list[str]:
    return sorted(
        a
        for s in range(state.num_players)
        if s != seat
        for a in state.owned_assistants[s]
        if not state.assistants[a].effect.copies
    )


def copy_assistant(state: HorseFeverState, seat: int, card: str) -> None:
    """Ruling R20: Cédric Copieur's owner names another player's Assistant for the round."""
    state.copied[seat] = card
    state.log.append(Event("copy", {"seat": seat, "card": card}))
    state.queue.pop(0)
    if not state.queue:
        purchase.start_purchase_step(state)


def why_not_placed(state: HorseFeverState, stable: str) -> str:
    """HF 0.6: why ``stable`` cannot be the next Stable token drawn."""
    if stable not in state.lane_of:
        return f"there is no Stable {stable!r}: the Stables are {', '.join(state.colours)}"
    odds = state.odds(state.lane_of[stable])
    return (
        f"the {stable} Stable token is already on the Blackboard at 1:{odds}"
        " (HF 0.6: each token is drawn once)"
    )


def why_not_dealt(state: HorseFeverState, character_id: str) -> str:
    """HF 0.7: why ``character_id`` cannot be the next Character dealt."""
    if character_id in state.character:
        seat = state.character.index(character_id)
        name = state.characters[character_id].name
        return f"{name} ({character_id}) is already dealt to seat {seat} (HF 0.7: one each)"
    if any(c.id == character_id for c in state.cards.characters):
        return (
            f"{character_id} is a starred Character, out of the game without the"
            " advanced option (HF 0.4)"
        )
    return f"there is no Character {character_id!r}"


def why_not_first(state: HorseFeverState, seat: int) -> str:
    """HF 0.8: the First Player is one of the players."""
    return (
        f"seat {seat} is not at the table: the First Player is one of seats 0 to"
        f" {state.num_players - 1} (HF 0.8)"
    )
