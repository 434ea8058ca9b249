// The tote board panel of the table page (issue 12).
//
// Shown only at tables whose host switched the tote board on. While it is open it asks
// the server for this seat's board (`{"type": "odds"}`) when opened and again after each
// change of the game; the server works it out from this seat's knowledge only (a
// spectator gets the public board) and sends it to this connection alone.
//
// Issue 27, 5: it speaks as a bettor would ("Red wins 21% of the time (19-23%)", "your
// 2-chip on blue: +$164 on average"), money rounded to the game's units; it leaves out
// what cannot matter (outcomes no bet is placed on: the message's `bettable`; a unit in
// which every bet is worth nothing, as VP in Horse Fever's Party Game); it fits the
// side panel at any width (no table wider than a few short columns; the long list of
// bets folded after the best few); and once the game is over it shows no chances.

import { playing } from "./playback.js";
import { fill, h } from "./ui.js";

const panel = { element: null, send: null, asked: -1, shown: null, waiting: false, stale: false, retry: 0, over: false };

/** Ask for the board of the position with `moves` moves, once, if the panel is open. */
function ask(moves) {
  if (!panel.element || !panel.element.open || !panel.send) return;
  // The server answers for the latest position: while a sequence still shows how it
  // came about, the panel keeps the board it has; table.js asks again at the end
  // (issue 27, 2: everything on the page tells the moment the board shows).
  if (playing()) {
    const body = panel.element.querySelector(".tote-body");
    if (!body.querySelector("table, ul")) fill(body, h("p.muted", null, "The odds come once the steps being shown are over."));
    return;
  }
  if (panel.waiting) {
    // The game moved on while a board is in the works: ask again once it is here.
    if (moves !== panel.asked) panel.stale = true;
    return;
  }
  if (moves === panel.asked || panel.over) return;
  panel.asked = moves;
  panel.waiting = true;
  if (panel.send({ type: "odds" })) {
    fill(panel.element.querySelector(".tote-body"), h("p.muted", null, "Working out the odds…"));
  } else {
    panel.waiting = false;
  }
}

/** Set the panel up in `aside` (once): `enabled` says whether the table has it. */
export function setUp(aside, enabled, send) {
  panel.send = send;
  if (!enabled) {
    if (panel.element) panel.element.hidden = true;
    return;
  }
  if (!panel.element) {
    panel.element = h(
      "details#tote-board.panel.tote",
      null,
      h("summary", null, "Tote board"),
      h("div.tote-body", { "aria-live": "polite", tabindex: "0", role: "region", "aria-label": "Tote board" }, h("p.muted", null, "Open to see the odds of your bets.")),
    );
    panel.element.addEventListener("toggle", () => {
      if (panel.element.open) ask(panel.moves ?? 0);
    });
    aside.prepend(panel.element);
  }
  panel.element.hidden = false;
}

/** The game changed: `moves` moves so far, `over` whether it ended. */
export function changed(moves, over) {
  panel.moves = moves;
  panel.over = Boolean(over);
  if (!panel.element) return;
  if (over) {
    // Nothing stale once the game has ended: no chances of a race already run.
    clearTimeout(panel.retry);
    panel.asked = -1;
    panel.stale = false;
    fill(panel.element.querySelector(".tote-body"), h("p.muted.tote-over", null, "The game is over: no bet is open."));
    return;
  }
  ask(moves);
}

/** A refusal of the last request, shown in the panel. The next change asks again; a
 * refusal for asking too often (rule `rate`, "ask again in N s") also asks again once
 * the wait is over, so a player who is thinking, while nothing changes, still gets her
 * board. */
export function refused(message, rule) {
  if (!panel.waiting || !panel.element) return false;
  panel.waiting = false;
  if (panel.over) return true;
  panel.stale = false;
  panel.asked = -1;
  fill(panel.element.querySelector(".tote-body"), h("p.muted", null, message));
  const wait = rule === "rate" ? /in ([0-9.]+) s/.exec(message) : null;
  if (wait) {
    clearTimeout(panel.retry);
    panel.retry = setTimeout(() => ask(panel.moves ?? 0), 1000 * Number(wait[1]) + 100);
  }
  return true;
}

/** Draw a board the server sent: `{moves, board, bettable?}`. */
export function show(message, names) {
  panel.waiting = false;
  if (!panel.element || panel.over) return;
  if (panel.stale) {
    panel.stale = false;
    ask(panel.moves ?? 0);
    return;
  }
  const board = message.board;
  const who = board.seat === null ? "everyone" : names[board.seat] || `seat ${board.seat + 1}`;
  fill(
    panel.element.querySelector(".tote-body"),
    h("p.muted.tote-how", null, `From what ${who} can see, ${HORIZON[board.horizon] || `the ${board.horizon}`} was played out ${board.samples.toLocaleString("en")} times, ${POLICY[message.policy] || POLICY.random}. Ranges: where the true figure lies, 19 times in 20.`),
    chances(board, Array.isArray(message.bettable) ? message.bettable : null),
    bets(board),
  );
}

/** How the board imagined everyone's later play (the table's setting, issue 25). */
const POLICY = { random: "everyone playing at random", normal: "everyone playing as the normal bot does" };

const HORIZON = { race: "this race", question: "this question", scoring: "the game up to the scoring of the offices" };

// ------------------------------------------------------------------ words and numbers
const cap = (text) => String(text).charAt(0).toUpperCase() + String(text).slice(1);

/** A chance in whole percent ("21%", "under 1%" rather than a misleading 0%). */
function pct(x) {
  if (x > 0 && x < 0.005) return "under 1%";
  if (x < 1 && x > 0.995) return "over 99%";
  return `${Math.round(100 * x)}%`;
}

/** "19-23%": an interval in whole percent. */
function pctRange(e) {
  return `${Math.round(100 * e.low)}-${Math.round(100 * e.high)}%`;
}

/** What a horse does for an outcome of a race, as a bettor says it. */
const VERBS = { win: "wins", "1st": "wins", place: "comes 2nd", show: "comes 3rd", last: "comes last", unplaced: "is unplaced", out: "drops out" };
const HEADS = { win: "Wins", "1st": "Wins", place: "2nd", show: "3rd", last: "Last" };

function verb(label) {
  return VERBS[label] || (/^\d+(st|nd|rd|th)$/.test(label) ? `comes ${label}` : `ends ${label}`);
}

/** Money and points rounded to the game's units: whole dollars and Danari, points
 *  and VP to a tenth (they are small numbers). */
const UNITS = {
  $: { digits: 0, write: (n) => `$${n}` },
  money: { digits: 0, write: (n) => `$${n}` },
  Danari: { digits: 0, write: (n) => `${n} D` },
  VP: { digits: 1, write: (n) => `${n} VP` },
  points: { digits: 1, write: (n) => `${n} points` },
};

function amount(x, unit, signed) {
  const style = UNITS[unit] || { digits: 1, write: (n) => `${n} ${unit}` };
  const round = Number(Math.abs(x).toFixed(style.digits));
  const digits = { minimumFractionDigits: style.digits, maximumFractionDigits: style.digits };
  const text = style.write(round.toLocaleString("en", digits));
  if (round === 0) return text;
  return x < 0 ? `-${text}` : signed ? `+${text}` : text;
}

/** "likely $228 to $245", "likely 595 to 720 D": a unit written after the number is
 *  said once. */
function range(e, unit) {
  const low = amount(e.low, unit, false);
  const high = amount(e.high, unit, false);
  const number = /^-?[\d,.]+/.exec(low);
  const after = number && low.slice(number[0].length);
  return after && high.endsWith(after) ? `${number[0]} to ${high}` : `${low} to ${high}`;
}

/** A bet's label with its stake written as the game's pages write money ("1,000 D",
 *  "$1,000 on ..."); other numbers (a guess of 1969) stay as they are. */
function betWords(label, unit) {
  const group = (n) => Number(n).toLocaleString("en");
  if (unit === "Danari") return String(label).replace(/\b(\d{4,}) D\b/g, (_, n) => `${group(n)} D`);
  if (unit === "money") return String(label).replace(/(^|your |: )(\d+) on /g, (_, before, n) => `${before}$${group(n)} on `);
  return String(label);
}

// ------------------------------------------------------------------ chances
/** The chances: for horses (every market with the same outcomes, a few shown), one
 *  row a horse and a short column an outcome; else (a question's slots, offices'
 *  sizes) one line an outcome under each market. */
function chances(board, bettable) {
  const markets = Object.entries(board.markets);
  if (!markets.length) return null; // nothing to bet on yet (no betting office)
  const labelsOf = (outcomes) => Object.keys(outcomes).filter((l) => !bettable || bettable.includes(l));
  const first = markets.length ? labelsOf(markets[0][1]) : [];
  const same = markets.every(([, outcomes]) => labelsOf(outcomes).join("|") === first.join("|"));
  if (markets.length > 1 && same && first.length && first.length <= 4) return grid(board, markets, first);
  return h(
    "div.tote-chances.tote-lists",
    null,
    h("h3", null, "Chances"),
    markets.map(([market, outcomes]) =>
      h(
        "table.tote-chances",
        null,
        h("caption", null, cap(market)),
        h(
          "tbody",
          null,
          labelsOf(outcomes).map((label) => {
            const e = outcomes[label];
            return h("tr", null, h("th", { scope: "row" }, label), h("td", { "aria-label": `${label}: ${pct(e.value)} of the time (${pctRange(e)})` }, pct(e.value), h("span.muted", null, ` (${pctRange(e)})`)));
          }),
        ),
      ),
    ),
  );
}

function grid(board, markets, labels) {
  const head = labels[0];
  const favourite = markets.reduce((best, m) => (!best || m[1][head].value > best[1][head].value ? m : best), null);
  const sentence = (market, label, e) => `${cap(market)} ${verb(label)} ${pct(e.value)} of the time (${pctRange(e)})`;
  return h(
    "div.tote-chances-grid",
    null,
    favourite ? h("p.tote-favourite", null, `${sentence(favourite[0], head, favourite[1][head])}: the favourite.`) : null,
    h(
      "table.tote-chances",
      null,
      h("caption", null, `How often each ${board.horizon === "race" ? "horse" : "one"} finishes so`, h("span.muted", null, " (likely range beneath)")),
      h("thead", null, h("tr", null, h("th", { scope: "col" }, h("span.visually-hidden", null, "Horse")), labels.map((l) => h("th", { scope: "col" }, HEADS[l] || l)))),
      h(
        "tbody",
        null,
        markets.map(([market, outcomes]) =>
          h(
            "tr",
            { dataset: { market } },
            h("th", { scope: "row" }, cap(market)),
            labels.map((l) => {
              const e = outcomes[l];
              const said = sentence(market, l, e);
              return h("td", { title: said, "aria-label": said, dataset: { outcome: l } }, pct(e.value), h("span.muted", { "aria-hidden": "true" }, pctRange(e).replace("%", "")));
            }),
          ),
        ),
      ),
    ),
  );
}

// ------------------------------------------------------------------ bets
const SHOWN_BETS = 5;

/** The seat's bets now, best first: what each wins or loses on average, net of its
 *  stake; the best few shown, the rest folded. */
function bets(board) {
  if (!board.bets.length) return h("p.muted.tote-no-bets", null, "No bet of yours to place now.");
  const sorted = [...board.bets].sort((a, b) => b.ev.value - a.ev.value);
  // A further unit that no bet changes (VP in the Party Game) cannot matter.
  const others = (board.other_units || []).filter((unit) =>
    sorted.some((b) => b.other_ev && b.other_ev[unit] && [b.other_ev[unit].value, b.other_ev[unit].low, b.other_ev[unit].high].some((x) => Math.abs(x) >= 0.05)),
  );
  const item = (b, best) =>
    h(
      best ? "li.best" : "li",
      { dataset: { key: b.key } },
      h("span.bet-name", null, `${cap(betWords(b.label, board.unit))}:`),
      " ",
      h(
        "span.bet-ev",
        null,
        [amount(b.ev.value, board.unit, true), ...others.map((unit) => amount(b.other_ev[unit].value, unit, true))].join(" and "),
        " on average",
      ),
      best ? [" ", h("span.badge.best-bet", null, "best bet")] : null,
      h("span.bet-range.muted", null, `likely ${range(b.ev, board.unit)}`, others.map((unit) => `; ${range(b.other_ev[unit], unit)}`)),
    );
  const top = sorted.slice(0, SHOWN_BETS);
  const rest = sorted.slice(SHOWN_BETS);
  return h(
    "div.tote-bets-box",
    null,
    h("h3", null, "Your bets now, best first"),
    h("p.muted.small-text", null, "What each bet wins or loses on average, after its stake."),
    h("ul.tote-bets", null, top.map((b, i) => item(b, i === 0))),
    rest.length ? h("details.tote-more", null, h("summary", null, `${rest.length} more ${rest.length === 1 ? "bet" : "bets"}`), h("ul.tote-bets", null, rest.map((b) => item(b, false)))) : null,
  );
}
