// Wetten! watched step by step (issue 15; see js/playback.js): each race round's
// race cards, the action cards, the horses' moves, the payout.

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

/** Each running horse's token goes to its new field (the final board then places
 *  horses sharing a field, and those placed on the podium). */
export function animate(event, game) {
  if (event.kind !== "horses_moved") return;
  const svg = game.querySelector("svg.wt-track");
  if (!svg) return;
  event.positions.forEach((position, i) => {
    if (event.places && event.places[i]) return;
    const token = svg.querySelector(`g.horse[data-horse="${i + 1}"]`);
    const field = svg.querySelector(`.field[data-field="${Number(position)}"]`);
    if (!token || !field || !field.getBBox || position <= 0) return;
    const box = field.getBBox();
    token.style.transition = "transform .35s ease-in-out";
    token.style.transform = `translate(${(box.x + box.width / 2).toFixed(1)}px, ${(box.y + box.height / 2).toFixed(1)}px)`;
    token.dataset.position = String(position);
  });
}
