// Winner's Circle watched step by step (issue 15; see js/playback.js): the horse
// cards laid out, each die roll, each horse's move, the payout.

import { horseColour } from "./winners-circle.js";

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

function centre(svg, space) {
  const cell = svg.querySelector(`.cell[data-space="${space}"]`);
  if (!cell || !cell.getBBox) return null;
  const box = cell.getBBox();
  return `translate(${(box.x + box.width / 2).toFixed(1)}px, ${(box.y + box.height / 2).toFixed(1)}px)`;
}

/** Move the horse's token space by space to its new space (around the bends, not
 *  across the infield); a horse that finished is placed past the line when the
 *  final board is drawn. */
export function animate(event, game, ctx, ms) {
  const svg = game.querySelector("svg.track");
  if (!svg) return;
  if (event.kind === "die") {
    const die = svg.querySelector("g.die text");
    if (die) die.textContent = String(event.symbol).toUpperCase();
    return;
  }
  if (event.kind !== "horse_moved" || event.finished || !event.moved) return;
  const token = svg.querySelector(`g.horse[data-horse="${CSS.escape(event.horse)}"]`);
  const spaces = svg.querySelectorAll(".cell[data-space]").length;
  const end = centre(svg, Number(event.space));
  if (!token || !end || !spaces) return;
  const frames = [token.style.transform];
  for (let k = event.moved - 1; k >= 1; k -= 1) frames.push(centre(svg, ((((Number(event.space) - k - 1) % spaces) + spaces) % spaces) + 1));
  frames.push(end);
  token.style.transition = "none";
  token.style.transform = end;
  if (token.animate && frames[0]) {
    const run = token.animate(
      frames.filter(Boolean).map((transform) => ({ transform })),
      { duration: Math.max(120, ms * 0.8), easing: "ease-in-out" },
    );
    run.onfinish = () => {
      token.style.transition = "";
    };
  } else {
    token.style.transition = "";
  }
}

/** Beside the sentence: the die's symbol, or the horse's colour with its gate. */
export function chips(event) {
  if (event.kind === "die") return [{ shape: "die", text: String(event.symbol).toUpperCase() }];
  if (event.horse && event.kind !== "payout") return [{ shape: "disc", colour: horseColour(event.horse), text: event.gate ? String(event.gate) : "" }];
  return [];
}
