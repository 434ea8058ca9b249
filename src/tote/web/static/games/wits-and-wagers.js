// Wits & Wagers: the question, the guess form, the betting mat with everyone's
// guesses and bets, the bet form, points and past questions.
//
// Everything comes from the view: another seat's guess appears only once every
// guess is in (the core keeps it as a commitment until then), and in secret
// betting another seat's bets only once all are placed. Until then the page
// shows that a seat has committed, never what.

import { wordsOf } from "../js/optionwords.js";
import { fill, groupDigits, h, part, seatColour, seatDot, seatLabel, seatLetter, seatTag, seatTags, toast } from "../js/ui.js";

export const title = "Wits & Wagers";
export const scoreLabel = "points";

/**
 * The game's own timers (WW 7.1), for the host's clock panel: {words, always} or null
 * (untimed). `always`: every step that waits for players is timed by the game.
 */
export function ownTimers(options) {
  const answer = options.answer_seconds;
  const bet = options.bet_seconds;
  if (!answer && !bet) return null;
  const extra = options.team_extra_seconds ? ` (teams of several: ${options.team_extra_seconds} s more)` : "";
  const parts = [answer ? `${answer} s to write a guess` : null, bet ? `${bet} s to bet` : null].filter(Boolean);
  return { words: `Wits & Wagers' own timers: ${parts.join(" and ")}${extra}`, always: Boolean(answer && bet) };
}

const SLOT_ODDS = [6, 5, 4, 3, 2, 3, 4, 5];
const ALL_TOO_HIGH = 0;
const BONUS = 3;

const num = (text) => groupDigits(text);

function unitAfter(unit) {
  if (!unit || ["count", "number", "year"].includes(unit)) return "";
  return ` ${unit.startsWith("year ") ? unit.slice(5) : unit}`;
}

function canAct(view, ctx) {
  return ctx.seat !== null && ctx.seat !== undefined && !view.over && view.turn.seats.includes(ctx.seat);
}

/** This seat's bets: its secret commitment, or its open bets on the mat. */
function myBets(view, ctx) {
  if (ctx.seat === null || ctx.seat === undefined) return null;
  const mine = view.my_commitment;
  if (mine && mine.type === "place_bets") return mine.bets || [];
  const open = view.state.bets && view.state.bets[String(ctx.seat)];
  return open ? open : null;
}

/** Every bet this view shows: the visible ones plus the seat's own secret ones. */
function allBets(view, ctx) {
  const shown = {};
  for (const [seat, bets] of Object.entries(view.state.bets || {})) shown[Number(seat)] = bets;
  const mine = view.my_commitment;
  if (ctx.seat !== null && ctx.seat !== undefined && mine && mine.type === "place_bets") shown[ctx.seat] = mine.bets || [];
  return shown;
}

function slotName(slot, guess) {
  if (slot === ALL_TOO_HIGH) return `All Guesses Too High (${SLOT_ODDS[0]} to 1)`;
  return `${guess !== null && guess !== undefined ? num(guess) : `slot ${slot}`} (${SLOT_ODDS[slot]} to 1)`;
}

function describeBets(bets, mat) {
  if (!bets || !bets.length) return "no bets";
  const guesses = {};
  for (const slot of mat || []) guesses[slot.slot] = slot.guess;
  return bets
    .map((b) => `${slotName(b.slot, b.guess ?? guesses[b.slot])}${b.chips ? ` with ${b.chips} point${b.chips === 1 ? "" : "s"} of poker chips` : ""}`)
    .join(" and ");
}

function betChip(bet, seat, ctx) {
  return h(
    "span.wager",
    { dataset: { seat: String(seat) }, title: `${seatLabel(ctx, seat)}${bet.chips ? `: betting chip + ${bet.chips} points` : ": betting chip"}` },
    h("span.chip", { style: { "--seat": seatColour(seat) }, class: seat === ctx.seat ? "mine" : "" }, seatLetter(seat)),
    bet.chips ? h("small", null, `+${bet.chips}`) : null,
  );
}

// ------------------------------------------------------------------ sections
function banner(view, ctx) {
  const st = view.state;
  if (view.over) return h("div.turn-banner.over", null, "The game is over: seven questions asked.");
  const mine = canAct(view, ctx);
  const waiting = view.turn.seats.filter((s) => s !== ctx.seat);
  const others = waiting.length ? [" Waiting for ", seatTags(ctx, waiting)] : null;
  if (st.phase === "answer") {
    const written = view.my_commitment;
    if (mine) return h("div.turn-banner.mine", null, "Write your guess: the closest guess without going over wins.");
    if (written) {
      const what = written.type === "guess" ? ["Your guess: ", h("strong", null, num(String(written.value))), " (secret until everyone has written)."] : "You left your answer card blank.";
      return h("div.turn-banner", null, what, others);
    }
    return h("div.turn-banner", null, "Everyone is writing a guess.", others);
  }
  if (st.phase === "bet") {
    const secret = st.betting === "secret";
    if (mine) {
      return h(
        "div.turn-banner.mine",
        null,
        secret ? "Bet your two chips on the guesses you trust: bets are revealed together and are final." : "Bet your two chips on the guesses you trust, then lock your bets.",
      );
    }
    return h("div.turn-banner", null, secret && view.my_commitment ? "Your bets are placed (secret until everyone has bet)." : "Betting.", others);
  }
  return h("div.turn-banner", null, "Drawing the next question…");
}

function questionCard(view) {
  const st = view.state;
  const q = st.question;
  if (!q || !q.text || view.over) return null;
  // The category in words ("numbers-and-records" -> "Numbers and records", issue 27 item 3).
  const category = q.category ? wordsOf(q.category) : null;
  const about = [category, q.unit && !["count", "number"].includes(q.unit) ? `answer in ${q.unit}` : null].filter(Boolean);
  return h(
    "article.question-card",
    null,
    h("div.q-number", null, `Question ${st.number} of ${st.questions}`),
    h("p.q-text", null, q.text),
    about.length ? h("div.q-about", null, about.join(" · ")) : null,
  );
}

let guessDraft = { key: "", value: "" };

function guessForm(view, send, ctx) {
  const st = view.state;
  const key = `${st.number}`;
  if (guessDraft.key !== key) guessDraft = { key, value: "" };
  const unit = st.question && st.question.unit && !["count", "number"].includes(st.question.unit) ? ` (${st.question.unit})` : "";
  const input = h("input#guess.guess-input", {
    type: "text",
    inputmode: "text",
    autocomplete: "off",
    enterkeyhint: "send",
    placeholder: `Your guess${unit}`,
    "aria-label": "Your guess",
    maxlength: "40",
    value: guessDraft.value,
    oninput: (e) => {
      guessDraft.value = e.target.value;
    },
  });
  return h(
    "form.panel.guess-form",
    {
      onsubmit: (e) => {
        e.preventDefault();
        const value = input.value.trim();
        if (!value) {
          toast("Write a number first, or leave your card blank.", "info", "No guess yet");
          input.focus();
          return;
        }
        send({ type: "guess", value });
      },
    },
    h("label.label", { for: "guess" }, "Your guess"),
    h("div.guess-row", null, input, h("button.primary", { type: "submit", dataset: { action: "guess" } }, "Write it")),
    h("p.help", null, "A number, as you like to write it: 1969, 3.5, 1,200 or 3/4. Nobody sees it until everyone has written."),
    h("button.ghost.small", { type: "button", dataset: { action: "no-guess" }, onclick: () => send({ type: "no_guess" }) }, "Leave my card blank"),
  );
}

/** The mat's eight slots; ``bets`` maps a seat to its bets; ``winning`` marks a slot. */
function matList(slots, bets, ctx, winning = null) {
  const onSlot = {};
  for (const [seat, list] of Object.entries(bets)) for (const bet of list) (onSlot[bet.slot] ||= []).push([Number(seat), bet]);
  return h(
    "ol.mat",
    null,
    slots.map((slot) =>
      h(
        "li.slot",
        {
          class: `${slot.all_too_high ? "too-high" : ""} ${slot.guess === null && !slot.all_too_high ? "empty" : ""} ${slot.odds === 2 ? "middle" : ""} ${winning === slot.slot ? "winning" : ""}`,
          dataset: { slot: String(slot.slot) },
        },
        h("div.odds", null, `${slot.odds} to 1`),
        h("div.guess", null, slot.all_too_high ? "All guesses too high" : slot.guess === null ? "–" : num(slot.guess)),
        h("div.by", null, slot.seats.map((s) => seatTag(ctx, s))),
        h("div.bets", null, (onSlot[slot.slot] || []).map(([seat, bet]) => betChip(bet, seat, ctx))),
      ),
    ),
  );
}

function mat(view, ctx) {
  const st = view.state;
  if (!st.mat) return null;
  const written = new Set(st.mat.flatMap((slot) => slot.seats));
  const blank = [];
  for (let s = 0; s < view.players; s += 1) if (!written.has(s)) blank.push(s);
  return h(
    "section.panel.mat-panel",
    null,
    h("h3", null, "The betting mat"),
    h("p.help", null, "Guesses from smallest to largest. A bet pays its slot's odds if that guess is the closest without going over; All Guesses Too High wins when every guess is over."),
    matList(st.mat, allBets(view, ctx), ctx),
    blank.length ? h("p.help", null, "Blank cards: ", seatTags(ctx, blank)) : null,
    st.betting === "secret" && (view.committed || []).length ? h("p.help", null, "Bets placed (hidden until all are in): ", seatTags(ctx, view.committed)) : null,
  );
}

/** The question just answered: the answer, the winning slot, who won what. */
function lastAnswer(view, ctx) {
  const st = view.state;
  const past = st.history || [];
  if (!past.length || st.phase === "bet") return null;
  const q = past[past.length - 1];
  const bets = {};
  for (const bet of q.bets || []) (bets[bet.seat] ||= []).push(bet);
  const changes = q.points.map((p, s) => [s, p - q.points_before[s]]).filter(([, d]) => d !== 0);
  return h(
    "section.panel.last-answer",
    null,
    h("h3", null, `Question ${q.number}: the answer was ${num(q.answer)}${unitAfter(q.unit)}`),
    h("p.help", null, q.text, q.source ? ` (source: ${q.source})` : ""),
    h(
      "p",
      null,
      "Winning: ",
      h("strong", null, q.winning_slot === ALL_TOO_HIGH ? "All Guesses Too High" : num(q.winning_guess)),
      ` (${q.odds} to 1). `,
      changes.length ? changes.map(([s, d], i) => [i ? ", " : "", seatTag(ctx, s, ` ${d > 0 ? "+" : ""}${d}`)]) : "No points changed hands.",
    ),
    matList(q.mat || [], bets, ctx, q.winning_slot),
  );
}

function slotOptions(st, selected) {
  const options = [h("option", { value: "", selected: selected === null }, "no bet")];
  for (const slot of st.mat) {
    if (!slot.all_too_high && slot.guess === null) continue;
    options.push(
      h(
        "option",
        { value: String(slot.slot), selected: selected === slot.slot },
        slot.all_too_high ? `All guesses too high · ${slot.odds} to 1` : `${num(slot.guess)} · ${slot.odds} to 1`,
      ),
    );
  }
  return options;
}

function betForm(view, send, ctx) {
  const st = view.state;
  const points = st.points[ctx.seat] || 0;
  const current = myBets(view, ctx) || [];
  const secret = st.betting === "secret";
  const rows = [0, 1].map((i) => {
    const bet = current[i] || null;
    const select = h("select.bet-slot", { "aria-label": `Betting chip ${i + 1}: slot`, dataset: { chip: String(i) } }, slotOptions(st, bet ? bet.slot : null));
    const chips = h("input.bet-chips", {
      type: "number",
      min: "0",
      max: String(points),
      step: "1",
      inputmode: "numeric",
      value: String(bet ? bet.chips || 0 : 0),
      "aria-label": `Betting chip ${i + 1}: poker chips`,
      disabled: points <= 0,
      dataset: { chip: String(i) },
    });
    return h(
      "div.bet-row",
      null,
      h("span.chip.mine", { style: { "--seat": seatColour(ctx.seat) } }, seatLetter(ctx.seat)),
      h("label", null, h("span.label", null, `Chip ${i + 1} on`), select),
      h("label", null, h("span.label", null, "+ chips"), chips),
    );
  });
  const form = h(
    "form.panel.bet-form",
    {
      onsubmit: (e) => {
        e.preventDefault();
        const bets = [];
        for (const row of form.querySelectorAll(".bet-row")) {
          const slot = row.querySelector(".bet-slot").value;
          if (slot === "") continue;
          const amount = Number(row.querySelector(".bet-chips").value || 0);
          bets.push({ slot: Number(slot), chips: Number.isFinite(amount) ? Math.trunc(amount) : 0 });
        }
        send({ type: "place_bets", bets });
      },
    },
    h("h3", null, secret ? "Your bets (final once placed)" : "Your bets"),
    rows,
    h(
      "p.help",
      null,
      points > 0
        ? `You have ${points} points. Poker chips under a betting chip raise the bet: a winning bet earns odds × (1 + poker chips); a losing bet loses its poker chips. Betting chips always come back.`
        : "Your two betting chips cost nothing to bet: they always come back. Points you win can go under them as poker chips later.",
    ),
    h(
      "div.bet-buttons",
      null,
      h("button.primary", { type: "submit", dataset: { action: "place-bets" } }, secret ? "Place my bets" : current.length ? "Move my bets" : "Place my bets"),
      secret ? null : h("button", { type: "button", dataset: { action: "lock" }, onclick: () => send({ type: "lock_bets" }) }, current.length ? "Lock my bets" : "Lock: no bets"),
    ),
    secret ? null : h("p.help", null, current.length ? `Now: ${describeBets(current, st.mat)}. Lock when you are done; until then you may move them.` : "Place your bets, then lock them. Locking with no bets passes this question."),
  );
  return form;
}

function seats(view, ctx) {
  const st = view.state;
  const acting = new Set(view.turn.seats);
  const committed = new Set(view.committed || []);
  const locked = new Set(st.locked || []);
  const guessOf = {};
  for (const slot of st.mat || []) for (const seat of slot.seats) guessOf[seat] = slot.guess;
  const phase = view.over ? "over" : st.phase;
  const rows = [];
  for (let seat = 0; seat < view.players; seat += 1) {
    let now = "";
    if (phase === "answer") now = committed.has(seat) ? h("span.badge.done", null, "✓ written") : h("span.badge.waiting", null, "writing…");
    else if (phase === "bet") {
      const guess = seat in guessOf ? `guessed ${num(guessOf[seat])}` : "blank card";
      let status;
      if (st.betting === "secret") status = committed.has(seat) ? h("span.badge.done", null, "✓ has bet") : h("span.badge.waiting", null, "betting…");
      else status = locked.has(seat) ? h("span.badge.done", null, "✓ locked") : h("span.badge.waiting", null, "betting…");
      now = [h("small.muted", null, guess), " ", status];
    }
    rows.push(
      h(
        "tr",
        { class: `${acting.has(seat) ? "acting" : ""} ${seat === ctx.seat ? "me" : ""}`, dataset: { seat: String(seat) } },
        h("td", null, seatTag(ctx, seat), team(st, seat)),
        h("td.points", null, String(st.points[seat])),
        h("td.now", null, now),
      ),
    );
  }
  return h(
    "div.panel.players",
    null,
    h("table", null, h("thead", null, h("tr", null, h("th", null, "Player"), h("th", null, "Points"), h("th", null, phase === "answer" ? "Guess" : phase === "bet" ? "Now" : ""))), h("tbody", null, rows)),
  );
}

function team(st, seat) {
  const t = (st.teams || [])[seat];
  if (!t || !t.members) return null;
  const members = t.members.map((m) => m.name);
  if (members.length === 1 && (members[0] === t.name || /^Player \d+$/.test(members[0]))) return null;
  return h("div.team.muted", null, `${t.name}: ${members.join(", ")}`);
}

function shortName(ctx, seat) {
  const name = (ctx.names && ctx.names[seat]) || `P${seat + 1}`;
  return name.length > 7 ? `${name.slice(0, 6)}…` : name;
}

function history(view, ctx) {
  const past = view.state.history || [];
  if (!past.length) return h("p.muted", null, "No question answered yet.");
  return h(
    "div.scroll-x",
    null,
    h(
      "table.history.stack-on-phone", // a card per question on a phone (issue 27 item 6)
      null,
      h("thead", null, h("tr", null, h("th", { title: "Question" }, "Q"), h("th", null, "Answer"), h("th", null, "Winning"), Array.from({ length: view.players }, (_, s) => h("th.seat-col", { title: seatLabel(ctx, s) }, seatDot(s), h("span.short", null, shortName(ctx, s)))))),
      h(
        "tbody",
        null,
        past.map((q) =>
          h(
            "tr",
            { dataset: { question: String(q.number) } },
            h("td", null, String(q.number)),
            h("td", { title: q.text }, `${num(q.answer)}${unitAfter(q.unit)}`),
            h("td", null, q.winning_slot === ALL_TOO_HIGH ? `All too high (${q.odds} to 1)` : `${num(q.winning_guess)} (${q.odds} to 1)`),
            q.points.map((p, s) => {
              const delta = p - q.points_before[s];
              return h("td.delta", { class: delta > 0 ? "up" : delta < 0 ? "down" : "" }, delta > 0 ? `+${delta}` : String(delta));
            }),
          ),
        ),
      ),
    ),
    (() => {
      const last = past[past.length - 1];
      return h("p.help", null, `Question ${last.number}: ${last.text} Answer: ${num(last.answer)}${unitAfter(last.unit)}${last.source ? ` (${last.source})` : ""}.`);
    })(),
  );
}

function helpLines(view) {
  const st = view.state;
  return [
    h("p.help", null, "Seven questions, each answered with a number. Everyone writes a guess in secret; the guesses go on the mat from smallest to largest."),
    h("p.help", null, `Then everyone bets two betting chips on the guesses (or on All Guesses Too High). The closest guess without going over wins: bets on it pay the slot's odds, and whoever wrote it gets ${BONUS} bonus points.`),
    h("p.help", null, st.betting === "secret" ? "Secret betting: bets are hidden until everyone has bet." : "Open betting: everyone sees the bets and may move theirs until they lock them."),
    h("p.help", null, st.time_limit ? `Time limit: ${st.time_limit} s per step; when it runs out the card stays blank or the bets stand.` : "No time limit."),
    h("p.help", null, "Most points after seven questions wins."),
  ];
}

// ------------------------------------------------------------------ render

/** Rebuild a part only when ``key`` changes: keeps what a player is typing. */
function keep(el, name, key, build) {
  const node = part(el, name);
  if (node.dataset.key === key) return;
  node.dataset.key = key;
  fill(node, build());
}

export function render(view, el, send, ctx) {
  if (!el.classList.contains("ww")) {
    el.replaceChildren();
    el.classList.add("ww");
  }
  const st = view.state;
  const act = canAct(view, ctx);
  fill(part(el, "banner"), banner(view, ctx));
  fill(part(el, "question"), questionCard(view));
  keep(el, "guess-form", `${st.phase}|${st.number}|${act}|${view.over}`, () => (act && st.phase === "answer" ? guessForm(view, send, ctx) : null));
  fill(part(el, "last"), lastAnswer(view, ctx));
  fill(part(el, "mat"), mat(view, ctx));
  keep(el, "bet-form", `${st.phase}|${st.number}|${act}|${JSON.stringify(myBets(view, ctx))}|${JSON.stringify(st.points)}`, () => (act && st.phase === "bet" ? betForm(view, send, ctx) : null));
  fill(part(el, "seats"), seats(view, ctx));
  const past = part(el, "history", () => h("details.panel", { open: true }, h("summary", null, "Past questions"), h("div.body")));
  fill(past.querySelector(".body"), history(view, ctx));
  const how = part(el, "help", () => h("details.panel.how", null, h("summary", null, "How to play"), h("div.body")));
  fill(how.querySelector(".body"), helpLines(view));
}
