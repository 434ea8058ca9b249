// Watching what happened (issue 15): the new log entries of a view are played as a
// sequence before the new board is drawn, so a race can be watched instead of
// jumping to its end.
//
// When a view brings new log entries (never the first view after loading the page:
// history is not replayed), each entry the game calls a step (a die roll, a
// movement card, a tile placed, an answer...) is shown in turn on the "stage" (a
// banner with the entry's sentence), its log entry highlighted, and the game's
// optional hook animates the board; then the latest view is drawn. Views arriving
// meanwhile add their entries to the queue, and the board follows the story: before
// an entry is shown, the last view that came before it is drawn. Skip (or Escape)
// ends it at once; move buttons are disabled while it plays and come back with the
// final board.
//
// Per-game hooks: static/games/<game>-sequence.js, all optional:
//   isStep(event) -> bool          which entries are shown (default: all but "committed")
//   label(event) -> string         the stage's small heading ("Die", "Movement card")
//   weight(event) -> number        how many step lengths it stays (default 1)
//   describe(event, ctx) -> string the stage's sentence (default: the entry's
//                                  ``text``, else its line in the log)
//   animate(event, gameEl, ctx, ms) moves tokens on the board drawn so far
//   chips(event, gameEl) -> [{shape: "die"|"disc"|"card", text, colour}] drawn
//                                  beside the sentence (a die, a horse, a card)
//   moment(event) -> string        what the banner says is being watched (default:
//                                  the stage's heading), e.g. "Round 2 of 6: the race"
//
// Everything around the board tells the moment on the stage (issue 27, 2): the board
// drawn is an older view, so while a sequence plays its turn banner gives way to a
// "Watching" banner, the move forms (the `actions`, `guess-form` and `bet-form` parts)
// are hidden (tote.css, `#game.playing`), and the clock says whose move comes next
// (table.js) rather than "left for you" beside another seat's move. A keyboard player's
// focus, lost while the forms are hidden, comes back to the control it was on when the
// sequence ends (issue 16), unless she has moved it meanwhile.
// Settings (localStorage): "tote.animations" = "off" turns it off (the page's
// toggle); "tote.playbackMs" = step length in ms (tests use a short one; 0: off).
// A player asking for reduced motion gets no playback at all.

import { renderLog } from "./log.js";
import { $, context, page } from "./tablepage.js";
import { fill, focusMark, h, restoreFocus } from "./ui.js";

export const STEP_MS = 450;
const KEY_ON = "tote.animations";
const KEY_MS = "tote.playbackMs";

const play = {
  running: false,
  queue: [], // log indices still to show
  next: 0, // the first log index not queued yet
  current: null, // the log index on the stage
  skip: null, // ends the current wait
  skipped: false,
  hooks: null, // the promise of the game's hooks
  loaded: null, // the hooks, once loaded
  views: [], // views still to draw on the way: {view, size} (size: its log's length)
  focus: null, // where the keyboard focus was on the board when the sequence began
  redraw: () => {},
  drawBoard: () => {},
};

function stored(key) {
  try {
    return localStorage.getItem(key);
  } catch (err) {
    return null;
  }
}

function reducedMotion() {
  return Boolean(window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches);
}

/** The step length in ms; 0 when the player does not want to watch. */
export function stepMs() {
  if (reducedMotion() || stored(KEY_ON) === "off") return 0;
  const raw = stored(KEY_MS);
  const ms = raw === null || raw === "" ? STEP_MS : Number(raw);
  return Number.isFinite(ms) && ms > 0 ? Math.min(ms, 5000) : 0;
}

/** Is a sequence being shown (the board then waits for its end)? */
export function playing() {
  return play.running;
}

function loadHooks() {
  if (!play.hooks) {
    const game = page.table ? page.table.game : "";
    play.hooks = import(`/static/games/${encodeURIComponent(game)}-sequence.js`)
      .catch(() => ({}))
      .then((hooks) => {
        play.loaded = hooks;
        return hooks;
      });
  }
  return play.hooks;
}

function isStep(hooks, event) {
  if (!event || typeof event.kind !== "string") return false;
  if (hooks.isStep) return Boolean(hooks.isStep(event));
  return event.kind !== "committed";
}

/**
 * A view has arrived: queue its new log entries (``before`` is the view drawn so
 * far, null on the first view) and start showing them. ``redraw`` draws the latest
 * view when the sequence ends.
 */
export function noteView(before, after, redraw, drawBoard) {
  play.redraw = redraw;
  play.drawBoard = drawBoard || (() => {});
  const size = after && Array.isArray(after.log) ? after.log.length : 0;
  if (!before || !Array.isArray(before.log) || stepMs() === 0) {
    play.next = size;
    return;
  }
  const from = Math.max(play.running ? play.next : before.log.length, 0);
  // Entries that are no step (a secret move committed...) hold nothing up.
  for (let i = from; i < size; i += 1) if (!play.loaded || isStep(play.loaded, after.log[i])) play.queue.push(i);
  play.next = Math.max(play.next, size);
  if (play.queue.length) play.views.push({ view: after, size });
  if (play.running) sayWhoIsNext();
  if (!play.running && play.queue.length) run();
}

async function run() {
  play.running = true;
  play.skipped = false;
  play.focus = focusMark($("game"));
  freeze(true);
  try {
    const hooks = await loadHooks();
    while (play.queue.length && !play.skipped) {
      const index = play.queue.shift();
      const event = page.view && page.view.log ? page.view.log[index] : null;
      if (!isStep(hooks, event)) continue;
      boardBefore(index);
      await show(index, event, hooks);
    }
  } finally {
    // A failing hook ends the sequence with the latest board drawn (and the error
    // still reported by the browser).
    finish();
  }
}

async function show(index, event, hooks) {
  const ctx = context();
  play.current = index;
  renderLog();
  markLog($("log"));
  const weight = hooks.weight ? Number(hooks.weight(event)) || 1 : 1;
  // Long runs go faster: a whole race stays watchable without being tedious; the
  // big moments (a payout, an answer: weight over 2) keep their time.
  const left = play.queue.length;
  const pace = weight > 2 ? 1 : left > 30 ? 0.4 : left > 12 ? 0.65 : 1;
  const ms = stepMs() * weight * pace;
  drawStage(index, event, hooks, ms);
  drawMoment(index, event, hooks);
  if (hooks.animate) hooks.animate(event, $("game"), ctx, ms);
  await new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    play.skip = () => {
      clearTimeout(timer);
      resolve();
    };
  });
  play.skip = null;
}

/** Ends the sequence at once and draws the latest view (the Skip button, Escape). */
export function skip() {
  if (!play.running) return;
  play.skipped = true;
  play.queue = [];
  if (play.skip) play.skip();
}

/** The board follows the story: before entry ``index`` is shown, the latest view
 *  that came before it is drawn (a sequence may span several views: a whole race,
 *  a question's bets and its answer). */
function boardBefore(index) {
  let latest = null;
  while (play.views.length && play.views[0].size <= index) latest = play.views.shift().view;
  if (!latest) return;
  freeze(false);
  play.drawBoard(latest);
  freeze(true);
}

function finish() {
  play.queue = [];
  play.views = [];
  play.current = null;
  play.running = false;
  play.skip = null;
  hideStage();
  freeze(false);
  play.redraw();
  restoreFocus($("game"), play.focus, true);
  play.focus = null;
  markLog($("log"));
}

/** While a sequence plays, the board's move buttons wait for the final board. */
function freeze(on) {
  const game = $("game");
  if (!game) return;
  game.classList.toggle("playing", on);
  if (on) {
    for (const button of game.querySelectorAll(".actions button:not([disabled])")) {
      button.disabled = true;
      button.classList.add("held");
    }
  } else {
    for (const button of game.querySelectorAll(".actions button.held")) {
      button.disabled = false;
      button.classList.remove("held");
    }
  }
}

// ------------------------------------------------------------------ the log
/** How many entries the log lists: while a sequence plays, those up to the one on
 *  the stage (the rest appear as they are shown); else all. */
export function listedUpTo(size) {
  if (!play.running) return size;
  const shown = play.current !== null ? play.current + 1 : play.queue.length ? play.queue[0] : size;
  return Math.min(size, shown);
}

/** Highlight the log entry on the stage. */
export function markLog(list) {
  if (!list) return;
  for (const li of list.querySelectorAll("li[data-log-index]")) {
    const on = play.current === Number(li.dataset.logIndex);
    li.classList.toggle("current", on);
    if (on) li.setAttribute("aria-current", "step");
    else li.removeAttribute("aria-current");
  }
}

// ------------------------------------------------------------------ the stage
let stage = null;

function sentence(index, event, hooks) {
  const own = hooks.describe ? hooks.describe(event, context()) : null;
  if (own) return own;
  if (typeof event.sentence === "string" && event.sentence) return event.sentence;
  const li = document.querySelector(`#log li[data-log-index="${index}"]`);
  if (li && li.textContent) return li.textContent;
  return event.kind.replace(/_/g, " ");
}

function drawStage(index, event, hooks, ms) {
  if (!stage) {
    stage = h("div.stage#stage", { role: "status", "aria-live": "polite" });
    document.body.append(stage);
  }
  const label = (hooks.label && hooks.label(event)) || event.kind.replace(/_/g, " ");
  const left = play.queue.length;
  const chips = hooks.chips ? hooks.chips(event, $("game")) || [] : [];
  fill(
    stage,
    chips.length
      ? h(
          "span.stage-chips",
          { "aria-hidden": "true" },
          chips.map((chip) => h(`span.stage-chip.${chip.shape || "card"}`, { style: chip.colour ? { "--chip": chip.colour } : undefined }, chip.text || "")),
        )
      : null,
    h(
      "div.stage-card",
      { dataset: { logIndex: String(index), kind: event.kind } },
      h("span.stage-kind", null, label),
      h("span.stage-text", null, sentence(index, event, hooks)),
    ),
    h("span.stage-left.muted", null, left ? `${left} more` : ""),
    h("button.stage-skip#skip", { type: "button", onclick: skip, title: "Show the board as it is now (Escape)" }, "Skip"),
  );
  stage.style.setProperty("--step", `${Math.round(ms)}ms`);
  stage.hidden = false;
  // Restart the card's entrance animation for every step.
  const card = stage.querySelector(".stage-card");
  card.classList.remove("enter");
  void card.offsetWidth;
  card.classList.add("enter");
}

/** The turn banner of the board drawn (an older view: "Ann to act", "Write your
 *  guess") gives way to what is being watched, and whether this seat moves after it
 *  (issue 27, 2). The final board's own banner comes back with it. */
function drawMoment(index, event, hooks) {
  const banner = document.querySelector('#game > [data-part="banner"]');
  if (!banner) return;
  const what = (hooks.moment && hooks.moment(event)) || (hooks.label && hooks.label(event)) || event.kind.replace(/_/g, " ");
  fill(
    banner,
    h(
      "div.turn-banner.watching",
      { dataset: { logIndex: String(index) } },
      h("span.watching-what", null, `Watching what happened: ${what}`),
      h("span.watching-next"),
    ),
  );
  sayWhoIsNext();
}

/** " · your move comes next" in the watching banner, as the latest view says (views
 *  arrive while a step is shown: the clock beside it says the same, table.js). */
function sayWhoIsNext() {
  const next = document.querySelector('#game > [data-part="banner"] .watching .watching-next');
  if (next) next.textContent = myMoveNext() ? " · your move comes next" : "";
}

/** Does this seat move once the sequence ends (the latest view's turn)? */
export function myMoveNext() {
  const view = page.view;
  if (!view || view.over || !view.turn || !page.token) return false;
  const seat = view.seat ?? page.seat;
  return seat !== null && seat !== undefined && view.turn.seats.includes(seat);
}

function hideStage() {
  if (stage) {
    stage.hidden = true;
    stage.replaceChildren();
  }
}

// ------------------------------------------------------------------ the toggle
function drawToggle(button) {
  const on = stored(KEY_ON) !== "off";
  button.textContent = on ? "Animations on" : "Animations off";
  button.setAttribute("aria-pressed", on ? "true" : "false");
  button.title = reducedMotion() ? "Your device asks for reduced motion: nothing is animated" : on ? "Turn the replay of each step off" : "Show each step in turn";
}

/** The page's "Animations on/off" toggle (in the top bar) and the Escape key. */
export function setUp() {
  loadHooks();
  const bar = document.querySelector(".topbar");
  if (bar && !$("animations")) {
    const button = h("button.animations.small#animations", { type: "button" });
    button.addEventListener("click", () => {
      const on = stored(KEY_ON) !== "off";
      try {
        localStorage.setItem(KEY_ON, on ? "off" : "on");
      } catch (err) {
        // A browser without storage keeps the default.
      }
      drawToggle(button);
      if (on) skip();
    });
    drawToggle(button);
    bar.insertBefore(button, $("timer"));
  }
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && play.running) {
      event.preventDefault();
      skip();
    }
  });
}
