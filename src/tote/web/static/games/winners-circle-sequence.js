// Winner's Circle watched step by step (issue 15; see js/playback.js): the horse
// cards laid out, each die roll, each horse's move, the payout.

const LABELS = { horse_card: "Horse card", bet: "Bet", die: "Die roll", horse_moved: "Move", payout: "Race over" };

export function isStep(event) {
  return event.kind in LABELS;
}

export function label(event) {
  return LABELS[event.kind];
}

export function weight(event) {
  return event.kind === "payout" ? 4 : event.kind === "die" || event.kind === "bet" ? 0.8 : 1;
}

/** Move the horse's token to its new space (the board's CSS transition animates it);
 *  a horse that finished is placed past the line when the final board is drawn. */
export function animate(event, game) {
  const svg = game.querySelector("svg.track");
  if (!svg) return;
  if (event.kind === "die") {
    const die = svg.querySelector("g.die text");
    if (die) die.textContent = String(event.symbol).toUpperCase();
    return;
  }
  if (event.kind !== "horse_moved" || event.finished) return;
  const token = svg.querySelector(`g.horse[data-horse="${CSS.escape(event.horse)}"]`);
  const cell = svg.querySelector(`.cell[data-space="${Number(event.space)}"]`);
  if (!token || !cell || !cell.getBBox) return;
  const box = cell.getBBox();
  token.style.transform = `translate(${(box.x + box.width / 2).toFixed(1)}px, ${(box.y + box.height / 2).toFixed(1)}px)`;
}
