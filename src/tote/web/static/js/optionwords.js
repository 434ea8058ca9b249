// The create form's words for each game's options (issue 27 item 3): a label and a
// one-line explanation for every option the form shows, and each choice in words,
// instead of the options' names ("Finished Scope", "Settle Unoccupied", "Any Rounds").
// The explanations say what the game's options module says (src/tote/games/*/options.py,
// the rulings it cites), in a player's words.

/** game -> option -> {label, help, choices: {value: words}} */
export const OPTION_WORDS = {
  carcassonne: {
    settle_unoccupied: {
      label: "Chips settle on empty roads and cities",
      help: "A finished road or city with no meeple on it still pays its betting chips (ruling B1); off: only a scored one does.",
    },
    finished_scope: {
      label: "“Everything finished” is judged on",
      help: "No chips are placed when all roads and cities are finished: on the bookmaker tile alone, or on the whole board (ruling B2).",
      choices: { tile: "the bookmaker tile", board: "the whole board" },
    },
    final_chooser: {
      label: "At the end, who chooses where a stack settles",
      help: "At the final scoring a stack of chips settles against one road or city (ruling B5).",
      choices: { last_player: "the player who placed the last tile", chip_owner: "each chip's owner, for their own chip" },
    },
    pay_without_meeple: {
      label: "Chips pay without a meeple",
      help: "A chip pays whether or not its owner has a meeple on that road or city (ruling B8); off: only with a meeple there.",
    },
  },
  "horse-fever": {
    rounds: {
      label: "Rounds",
      help: "An agreed number of rounds instead of the game length's table (3 to 10; 1 to 20 with the next option).",
    },
    any_rounds: {
      label: "Any number of rounds (house rule)",
      help: "Allows 1 to 20 rounds, for a one-race Party Game or a two-round lesson; not in the rulebook.",
    },
    party_actions: {
      label: "Action cards in the Party Game",
      help: "Party Game only: every player is dealt one Action card a race and plays it face down before the bets.",
    },
  },
  wetten: {
    track_length: {
      label: "Track length (fields)",
      help: "Any other number of fields, 8 to 200; empty: the board's track.",
    },
    top_up: {
      label: "A broke player gets",
      help: "A player left with less than the next race's minimum stake is given money by the bank (ruling 15).",
      choices: { to_minimum: "enough to reach the minimum stake", gift_minimum: "the whole minimum stake" },
    },
  },
  "winners-circle": {
    starting_money: {
      label: "Starting money",
      help: "The rulebook gives none: everyone starts with 0 (ruling A7).",
    },
    last_place_tie: {
      label: "Last place, when horses share the rearmost space",
      help: "Crowded Field only: which of the horses on the rearmost space is last (ruling A9-6).",
      choices: { all: "every one of them", least_recent: "the one that moved least recently" },
    },
  },
  "wits-and-wagers": {
    answer_seconds: {
      label: "Seconds to write a guess",
      help: "The rulebook's timer for writing the answers; empty: no time limit.",
    },
    bet_seconds: {
      label: "Seconds to bet",
      help: "The rulebook's timer for placing the bets; empty: no time limit.",
    },
    team_extra_seconds: {
      label: "Extra seconds for teams",
      help: "Playing in teams: 10 to 20 extra seconds help teams of several people agree.",
    },
  },
};

/**
 * Variants of one game that set the same option to different values exclude each
 * other (Horse Fever's Family and Party Games both set `mode`): the form offers them as
 * one choice. The name of the choice and of its default ("none of these") per option.
 */
export const CHOICE_WORDS = {
  mode: { label: "Which game", none: "The board game (the rulebook's)" },
  length: { label: "Length", none: "Medium game (Table 1)" },
  pro_rules: { label: "Pro-Rules", none: "All Pro-Rules (the rulebook's)" },
};

/** "royal-turf" -> "Royal turf": a variant's id in words when it has no title. */
export function wordsOf(id) {
  const text = String(id).replace(/[-_]+/g, " ").trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}
