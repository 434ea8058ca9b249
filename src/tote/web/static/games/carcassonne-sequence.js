// Carcassonne watched step by step (issue 15; see js/playback.js): the other
// seats' turns, tile drawn and placed, meeple, scoring, chips and their settling.
// It uses only the board's tiles (g.tile[data-x][data-y]) and meeples.

import { seatColour } from "../js/ui.js";

const LABELS = {
  tile_drawn: "Tile drawn",
  tile_discarded: "Tile discarded",
  tile_placed: "Tile placed",
  meeple_placed: "Meeple",
  abbot_placed: "Abbot",
  abbot_returned: "Abbot",
  feature_scored: "Scoring",
  chip_placed: "Chip",
  bets_settled: "Chips settled",
  final_scoring: "Final scoring",
  game_over: "Game over",
};

export function isStep(event) {
  return event.kind in LABELS;
}

export function label(event) {
  return LABELS[event.kind];
}

export function weight(event) {
  return event.kind === "game_over" ? 4 : event.kind === "tile_drawn" ? 0.7 : 1;
}

/** The tiles of a scored feature (or a settled chip's tile) light up on the board. */
export function animate(event, game) {
  const spots = event.kind === "feature_scored" ? event.at || [] : event.kind === "bets_settled" || event.kind === "abbot_returned" ? [[event.x, event.y]] : [];
  for (const tile of game.querySelectorAll("g.tile.scoring")) tile.classList.remove("scoring");
  for (const [x, y] of spots) {
    const tile = game.querySelector(`g.tile[data-x="${Number(x)}"][data-y="${Number(y)}"]`);
    if (tile) tile.classList.add("scoring");
  }
}

/** Beside the sentence: the seat's colour (never a tile's letter: issue 27 item 3), the points. */
export function chips(event) {
  if (event.tile) return event.seat === undefined ? [] : [{ shape: "disc", colour: seatColour(event.seat) }];
  if (event.kind === "meeple_placed" || event.kind === "abbot_placed" || event.kind === "chip_placed") return [{ shape: "disc", colour: seatColour(event.seat) }];
  if (event.kind === "feature_scored") return [{ shape: "die", text: `+${event.points}` }];
  return [];
}
