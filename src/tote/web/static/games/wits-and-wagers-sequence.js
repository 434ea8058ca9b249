// Wits & Wagers watched step by step (issue 15; see js/playback.js): the guesses
// revealed, the bets, then the answer on its own (the answer, the winning guess,
// who is paid) before the next question is drawn. The server's clock starts the
// next question's timer after this pause (REVEAL_PAUSE_SECONDS, docs/server.md).

import { groupDigits, seatLabel } from "../js/ui.js";

const LABELS = { guesses: "Guesses", bets: "Bets", answer: "The answer", question: "Next question" };
const ALL_TOO_HIGH = 0;

export function isStep(event) {
  return event.kind in LABELS;
}

export function label(event) {
  return event.kind === "answer" ? `The answer to question ${event.number}` : LABELS[event.kind];
}

/** The answer stays long enough to be read (within the server's pause of 5 s). */
export function weight(event) {
  return event.kind === "answer" ? 8 : event.kind === "question" ? 2 : 1;
}

const num = (text) => groupDigits(String(text));

function unitAfter(unit) {
  if (!unit || ["count", "number", "year"].includes(unit)) return "";
  return ` ${unit.startsWith("year ") ? unit.slice(5) : unit}`;
}

export function describe(event, ctx) {
  const who = (seat) => seatLabel(ctx, seat);
  if (event.kind === "question") return `Question ${event.number}: ${event.text}`;
  if (event.kind !== "answer") return null;
  const winning = event.winning_slot === ALL_TOO_HIGH ? "All Guesses Too High" : num(event.winning_guess);
  const changes = (event.points || []).map((p, s) => [s, p - (event.points_before || [])[s]]).filter(([, d]) => d);
  const paid = changes.length ? changes.map(([s, d]) => `${who(s)} ${d > 0 ? "+" : ""}${d}`).join(", ") : "No points change hands";
  return `${num(event.answer)}${unitAfter(event.unit)}\nWinning guess: ${winning} (pays ${event.odds} to 1)\n${paid}`;
}
