// Wetten! watched step by step (issue 15; see js/playback.js): each race round's
// race cards, the action cards, the horses' moves, the payout.

import { finishSpot } from "./wetten.js";

const LABELS = {
  race: "New race",
  race_cards_revealed: "Race round",
  action_announced: "Action card",
  action_resolved: "Action card",
  action_cancelled: "Action card",
  no_chance: "No chance",
  horses_moved: "Horses move",
  payout: "Payout",
  game_over: "Game over",
};

export function isStep(event) {
  return event.kind in LABELS;
}

export function label(event) {
  return event.kind === "race_cards_revealed" ? `Race round ${event.round}` : LABELS[event.kind];
}

export function weight(event) {
  return event.kind === "payout" || event.kind === "game_over" ? 4 : event.kind === "horses_moved" ? 2 : 1;
}

function centre(svg, field) {
  const path = svg.querySelector(`.field[data-field="${field}"]`);
  if (!path || !path.getBBox) return null;
  const box = path.getBBox();
  return `translate(${(box.x + box.width / 2).toFixed(1)}px, ${(box.y + box.height / 2).toFixed(1)}px)`;
}

/** Each running horse's token goes field by field to its new field, round the
 *  loop; a horse crossing the line goes on to its place past the line, where the
 *  final board draws it (which also places horses sharing a field). */
export function animate(event, game, ctx, ms) {
  if (event.kind !== "horses_moved") return;
  const svg = game.querySelector("svg.wt-track");
  if (!svg) return;
  const fields = svg.querySelectorAll(".field[data-field]").length;
  event.positions.forEach((position, i) => {
    const token = svg.querySelector(`g.horse[data-horse="${i + 1}"]`);
    if (!token || position <= 0) return;
    const from = Math.max(0, Number(token.dataset.position || 0));
    const placed = event.places && event.places[i] ? finishSpot(event.places, i) : null;
    const end = placed ? `translate(${placed.x.toFixed(1)}px, ${placed.y.toFixed(1)}px)` : centre(svg, Math.min(position, fields));
    if (!end || position <= from) return;
    const frames = [token.style.transform];
    for (let k = from + 1; k < Math.min(position, fields); k += 1) frames.push(centre(svg, k));
    if (placed) frames.push(centre(svg, fields));
    frames.push(end);
    token.style.transform = end;
    token.dataset.position = String(position);
    if (token.animate && frames[0]) {
      token.animate(
        frames.filter(Boolean).map((transform) => ({ transform })),
        { duration: Math.max(150, ms * 0.8), easing: "ease-in-out" },
      );
    }
  });
}

function colour(game, number) {
  const body = game.querySelector(`svg.wt-track g.horse[data-horse="${number}"] circle`);
  return body ? body.getAttribute("fill") : "#888";
}

/** Beside the sentence: each horse's movement this round, in its colour. */
export function chips(event, game) {
  if (event.kind !== "race_cards_revealed" && event.kind !== "horses_moved") return [];
  return (event.movement || []).map((squares, i) => ({ shape: "disc", colour: colour(game, i + 1), text: `+${squares}` }));
}
