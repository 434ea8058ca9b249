// A finished game's review in the browser (issue 26, "Where people see it"): asked of
// the server (POST /api/tables/<id>/review), which computes it once in the background
// and keeps it with the table; its progress while it works; then each seat's summary
// (accuracy, expected against actual = luck, value left on the table, the three worst
// decisions), a chart of expected against actual money (or points) over the game, and
// each decision's mark and values for the replay to show beside its move.
//
// Plain words for players (issue 27): the marks are named, never coded; the method and
// the thresholds are in docs/review.md.

import { ApiError, get, post } from "./api.js";
import { fill, h, plural, s, seatColour, seatDot } from "./ui.js";

export const MARK_WORDS = { best: "Best", good: "Good", inaccuracy: "Inaccuracy", mistake: "Mistake", blunder: "Blunder" };
const POLL_MS = 1000;

const url = (tableId) => `/api/tables/${encodeURIComponent(tableId)}/review`;

/** Where the table's review stands, asking nothing to start (null: none to be had). */
export async function reviewStatus(tableId) {
  try {
    return await get(url(tableId));
  } catch (err) {
    if (err instanceof ApiError) return null;
    throw err;
  }
}

/**
 * Start the review (or find it done) and follow it: `onUpdate(answer)` at each look
 * while it works; resolves with the finished answer, rejects with the server's refusal.
 */
export async function runReview(tableId, onUpdate) {
  let answer = await post(url(tableId));
  for (;;) {
    onUpdate(answer);
    if (answer.status === "done") return answer;
    if (answer.status === "failed") throw new ApiError(500, answer.error || "the review failed", "review");
    if (answer.status === "none") answer = await post(url(tableId)); // a stopped one: again
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    answer = await get(url(tableId));
  }
}

/** "Reviewing the game: move 34 of 120" with a progress bar. */
export function progressLine(answer) {
  const p = answer && answer.progress;
  const waiting = answer && answer.status === "waiting";
  const words = waiting
    ? "Waiting for the server: other games are being reviewed first…"
    : p && p.of
      ? `Reviewing the game: move ${p.moves} of ${p.of}…`
      : "Reviewing the game…";
  const bar = h("progress.review-progress", { max: p && p.of ? String(p.of) : null, value: p && p.of ? String(p.moves) : null, "aria-label": "Review progress" });
  return h("div.review-working", { role: "status" }, h("span", null, words), bar);
}

// ------------------------------------------------------------------ numbers
/** A value in the game's unit: "$1,364", "12 points". */
export function amount(value, unit, signed = false) {
  const rounded = Math.round(value);
  const sign = signed && rounded > 0 ? "+" : rounded < 0 ? "−" : "";
  const digits = Math.abs(rounded).toLocaleString("en-US");
  if (unit === "$" || unit === "£" || unit === "€") return `${sign}${unit}${digits}`;
  const word = unit ? ` ${unit}` : "";
  return `${sign}${digits}${word}`;
}

function percent(value) {
  return value === null || value === undefined ? "—" : `${Math.round(value)}%`;
}

/** A decision's value in its own unit: the board's in the game's money or points, the
 * search's as a standing (or a share of the points) in percent, never dollars. */
function valueOf(decision, value, unit, signed = false) {
  if (decision.judge !== "search") return amount(value, unit, signed);
  return `${Math.round(100 * value)}%`;
}

function standingWords(decision) {
  return decision.unit === "share" ? "share of the points" : "standing";
}

/** The review's decisions by replay step. */
export function byStep(review) {
  const steps = new Map();
  for (const d of review.decisions) if (Number.isInteger(d.step)) steps.set(d.step, d);
  return steps;
}

/** A mark as a coloured word. */
export function markBadge(mark) {
  return h(`span.review-mark.mark-${mark}`, null, MARK_WORDS[mark] || mark);
}

/** One decision's mark and values, in words, for the move shown. */
export function decisionLine(decision, unit) {
  if (!decision) return null;
  if (!decision.judged) {
    const why = decision.reason ? decision.reason.replace(/^not judged:?\s*/, "") : "";
    return h("p.review-decision.muted", null, why ? `Not judged: ${why}.` : "Not judged.");
  }
  const parts = [markBadge(decision.mark), " "];
  const chosen = decision.chosen ? valueOf(decision, decision.chosen.value, unit, true) : "—";
  if (decision.judge === "search") {
    // A move that is not a bet: its expected standing at the end of the race, question
    // or scoring, by the strong bot's search; it earns no money by itself.
    const words = standingWords(decision);
    if (decision.mark === "best") {
      parts.push(`The best move here: expected ${words} ${chosen}.`);
    } else {
      const best = decision.best ? valueOf(decision, decision.best.value, unit) : "—";
      parts.push(`Expected ${words} ${chosen}; the best was ${decision.best_label || "another move"} at ${best}: ${Math.round(100 * decision.lost)} points of ${words} lost.`);
    }
    parts.push(" ", h("small.review-judge", null, "(judged by search: not a bet)"));
    return h("p.review-decision", { dataset: { mark: decision.mark, judge: "search" } }, ...parts);
  }
  if (decision.mark === "best") {
    parts.push(`The best move here: worth ${chosen} on average.`);
  } else {
    const best = decision.best ? amount(decision.best.value, unit, true) : "—";
    parts.push(`Worth ${chosen} on average; the best was ${decision.best_label || "another move"} at ${best}: ${amount(decision.lost, unit)} left on the table.`);
  }
  return h("p.review-decision", { dataset: { mark: decision.mark } }, ...parts);
}

// ------------------------------------------------------------------ summary
/**
 * Each seat's summary. `jump(step, seat)` shows a decision (the replay), or `href(step,
 * seat)` links to it (the table page).
 */
export function summaryPanel(review, names, { jump = null, href = null } = {}) {
  const decisions = new Map(review.decisions.map((d) => [d.index, d]));
  const cards = review.seats.map((seat) => {
    const name = names[seat.seat] || seat.name || `Player ${seat.seat + 1}`;
    const luck = seat.actual - seat.expected;
    const worst = seat.worst.map((index) => decisions.get(index)).filter(Boolean);
    const marks = Object.entries(seat.marks)
      .filter(([, n]) => n > 0)
      .map(([mark, n]) => `${n} ${(MARK_WORDS[mark] || mark).toLowerCase()}${n === 1 ? "" : "s"}`);
    return h(
      "article.review-seat",
      { dataset: { seat: String(seat.seat) } },
      h("h3", null, seatDot(seat.seat), " ", name),
      seat.judged
        ? h(
            "dl.review-figures",
            null,
            h("dt", null, "Accuracy"),
            h("dd.review-accuracy", null, percent(seat.accuracy)),
            h("dt", null, "Expected from the bets"),
            h("dd", null, amount(seat.expected, review.unit, true)),
            h("dt", null, "What they earned"),
            h("dd", null, amount(seat.actual, review.unit, true)),
            h("dt", null, "Luck"),
            h("dd", null, amount(luck, review.unit, true)),
            h("dt", null, "Left on the table by the bets"),
            h("dd", null, amount(seat.left_on_table, review.unit)),
          )
        : h("p.muted", null, "No decision of theirs could be valued."),
      seat.judged ? h("p.review-marks", null, `${plural(seat.judged, "decision")} judged${seat.searched ? ` (${seat.searched} by search)` : ""}: ${marks.join(", ")}.`) : null,
      worst.length
        ? h(
            "div.review-worst",
            null,
            h("p", null, worst.length === 1 ? "The worst decision:" : `The ${worst.length} worst decisions:`),
            h("ol", null, ...worst.map((d) => h("li", null, worstLink(d, review.unit, jump, href)))),
          )
        : null,
    );
  });
  return h("div.review-seats", null, ...cards);
}

function worstLink(d, unit, jump, href) {
  const lost = d.judge === "search" ? `${Math.round(100 * d.lost)} points of ${standingWords(d)} lost, by search` : `${amount(d.lost, unit)} lost`;
  const words = `Move ${d.step}: ${d.label} (${MARK_WORDS[d.mark].toLowerCase()}, ${lost})`;
  if (jump) return h("button.link.review-jump", { type: "button", dataset: { step: String(d.step) }, onclick: () => jump(d.step, d.seat) }, words);
  if (href) return h("a.review-jump", { href: href(d.step, d.seat) }, words);
  return words;
}

// ------------------------------------------------------------------ chart
const W = 600;
const H = 180;
const PAD = 8;

/** Each seat's running total of expected (dashed) and actual (solid) over the steps. */
function lines(review, steps) {
  const out = [];
  for (const seat of review.seats) {
    const mine = review.decisions
      .filter((d) => d.seat === seat.seat && d.judged && d.expected && d.actual !== null && Number.isInteger(d.step))
      .sort((a, b) => a.step - b.step);
    if (!mine.length) continue;
    const expected = [[0, 0]];
    const actual = [[0, 0]];
    let e = 0;
    let a = 0;
    for (const d of mine) {
      e += d.expected.value;
      a += d.actual;
      expected.push([d.step, e]);
      actual.push([d.step, a]);
    }
    expected.push([steps, e]);
    actual.push([steps, a]);
    out.push({ seat: seat.seat, expected, actual });
  }
  return out;
}

/**
 * The chart over the game: for every seat, what its bets were expected to earn (dashed)
 * and what they earned (solid), added up move by move; `at` marks the step shown.
 */
export function chart(review, names, steps, at = null) {
  const data = lines(review, steps);
  if (!data.length) return h("p.muted", null, "No bet of this game could be valued, so there is nothing to chart.");
  const values = data.flatMap((d) => [...d.expected, ...d.actual].map((p) => p[1]));
  const low = Math.min(0, ...values);
  const high = Math.max(1, ...values);
  const x = (step) => PAD + ((W - 2 * PAD) * step) / Math.max(1, steps);
  const y = (value) => H - PAD - ((H - 2 * PAD) * (value - low)) / (high - low);
  const path = (points) => points.map(([sx, v], i) => `${i ? "L" : "M"}${x(sx).toFixed(1)},${y(v).toFixed(1)}`).join(" ");
  const svg = s(
    "svg.review-chart",
    { viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": "Expected against actual winnings over the game, for every seat", preserveAspectRatio: "none" },
    s("line.review-zero", { x1: PAD, x2: W - PAD, y1: y(0), y2: y(0) }),
    at === null ? null : s("line.review-now", { x1: x(at), x2: x(at), y1: PAD, y2: H - PAD }),
    ...data.flatMap((d) => [
      s("path.review-expected", { d: path(d.expected), stroke: seatColour(d.seat) }),
      s("path.review-actual", { d: path(d.actual), stroke: seatColour(d.seat) }),
    ]),
  );
  const legend = h(
    "p.review-legend",
    null,
    ...data.map((d) => h("span.review-key", null, seatDot(d.seat), ` ${names[d.seat] || `Player ${d.seat + 1}`}`)),
    h("span.muted", null, `Dashed: what the bets were expected to earn; solid: what they earned, added up over the game (from ${amount(low, review.unit, true)} at the bottom to ${amount(high, review.unit, true)} at the top).`),
  );
  return h("figure.review-figure", null, svg, legend);
}

/** The whole review panel: summary per seat and the chart. */
export function reviewPanel(el, review, names, steps, options = {}) {
  fill(
    el,
    h("h2", null, "The review"),
    h("p.help", null, "Every bet is valued from what its player knew at the time. Luck is what the bets earned beyond what they were expected to earn. Other moves are judged by search: their value is the player's expected standing (0% last, 100% first)."),
    chart(review, names, steps, options.at ?? null),
    summaryPanel(review, names, options),
  );
}
