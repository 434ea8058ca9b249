// Carcassonne with The Bets, The River and The Abbot: the board of tiles (SVG,
// carcassonne-board.js) with the tile in hand beside it (carcassonne-hand.js; issue
// 27: named by what it shows, never by its letter), the meeple (and abbot), settling
// and betting choices (each chip says what it wins), the players and the log.
//
// Everything comes from the view: a chip on a betting office shows its face only
// to its owner (the view gives null for the others), and the stack of tiles is only
// a count. One's own moves are clicks on the board or buttons, all reachable by
// keyboard: a "?" place (again, Space or R turns the tile; Enter or "Place tile"
// places it), then a feature of the tile just placed for the meeple. Places are
// named from the start tile, never by coordinates, and every seat has a letter
// (A, B, C... in seat order) on its meeples, abbot and chips as well as a colour.

import { fill, h, part, plural, seatTag, seatTags, toastRefusal } from "../js/ui.js";
import { chosen, drawBoard, featureChoices, myTurn, turnTile } from "./carcassonne-board.js";
import { chipWords, featureWords, placeName, refusalWords, tileWords } from "./carcassonne-words.js";

export const title = "Carcassonne";
export const scoreLabel = "points";

/**
 * A refused move said in words (issue 27 item 3): the engine's sentence names the
 * tile by its letter and the place by coordinates; here the tile is named by what it
 * shows and the place is "there", with the rule's number kept as a small tag. false
 * (the table's toast shows the sentence as it is) when there is nothing to put in words.
 */
export function refused(rule, message, el, view) {
  const words = refusalWords(message, view);
  if (!words) return false;
  toastRefusal(rule, words);
  return true;
}

const PHASES = {
  draw: "Drawing a tile…",
  place: "placing the tile",
  meeple: "placing a meeple",
  settle: "choosing what the chips settle against",
  bet: "betting on the new office",
};

/** A place named in words that lights its tile on the board while pointed at or focused. */
function placeRef(x, y, text = placeName(x, y)) {
  return h("span.cc-place", { dataset: { hlX: String(x), hlY: String(y) }, tabindex: 0 }, text);
}

// ------------------------------------------------------------------ sections
function banner(view, ctx) {
  const st = view.state;
  if (view.over) return h("div.turn-banner.over", null, "The game is over: every tile is placed.");
  const turnInfo = view.turn;
  if (turnInfo.chance || !turnInfo.seats.length) return h("div.turn-banner", null, PHASES.draw);
  const mine = myTurn(view, ctx);
  if (st.phase === "bet") {
    if (mine) return h("div.turn-banner.mine", null, "Bet: put one of your chips face down on the new betting office, or none.");
    const done = view.my_commitment ? "Your chip is down. " : "";
    return h("div.turn-banner", null, done, "Waiting for ", seatTags(ctx, turnInfo.seats));
  }
  if (mine) {
    const what = {
      place: `Place ${tileWords(st.drawn_tile)}: click a ? place (again to turn it), then Place tile.`,
      meeple: `${st.abbot ? "Place a meeple (or your abbot)" : "Place a meeple"}: click a road, city, field or monastery on the tile you just placed, or use the buttons.`,
      settle: "Choose the road or city the chips settle against: click it on the bookmaker tile, or use the buttons.",
    };
    return h("div.turn-banner.mine", null, what[st.phase] || "Your move.");
  }
  return h("div.turn-banner", null, seatTag(ctx, turnInfo.seats[0]), ` is ${PHASES[st.phase] || "playing"}.`);
}

function featureName(label) {
  if (label === "monastery") return "monastery";
  const [kind, where] = label.split(":");
  return `${kind} ${where.replace(/\./g, " ")}`;
}

function button(cls, focus, attrs, text) {
  return h(`button${cls}`, { type: "button", dataset: { focus, ...(attrs.dataset || {}) }, ...attrs }, text);
}

function placeActions(view, ctx, send, rerender) {
  const c = chosen(view, ctx);
  const where = c
    ? ["On ", placeRef(c.x, c.y), `, turned ${c.rotation}°`, c.ways > 1 ? ` (${c.ways} ways fit)` : ""]
    : "Click a ? place on the board (by keyboard: Tab to one, Space chooses and turns, Enter places).";
  return h(
    "div.actions.panel",
    { dataset: { phase: "place" } },
    h("p", null, where),
    h(
      "div.move-buttons",
      null,
      button("", "btn:rotate", { "data-action": "rotate", disabled: Boolean(c) && c.ways < 2, onclick: () => turnTile(view, ctx) && rerender() }, "Turn (R)"),
      button(".primary", "btn:place", { "data-action": "place", disabled: !c, onclick: () => c && send({ type: "place_tile", x: c.x, y: c.y, rotation: c.rotation }) }, "Place tile"),
    ),
  );
}

function actions(view, send, ctx, rerender) {
  if (!myTurn(view, ctx)) return null;
  const st = view.state;
  const moves = view.legal_moves;
  if (st.phase === "place") return placeActions(view, ctx, send, rerender);
  if (st.phase === "meeple") {
    const labels = moves.filter((m) => m.feature).map((m) => m.feature);
    return h(
      "div.actions.panel",
      { dataset: { phase: "meeple" } },
      h(
        "div.move-buttons",
        null,
        moves.map((m) => {
          if (m.type === "place_meeple") return button("", `btn:meeple:${m.feature}`, { "data-feature": m.feature, onclick: () => send(m) }, `Meeple on ${featureWords(m.feature, labels)}`);
          if (m.type === "place_abbot") return button("", `btn:abbot:${m.feature}`, { "data-abbot": m.feature, onclick: () => send(m) }, `Abbot on the ${m.feature}`);
          if (m.type === "return_abbot") return button("", "btn:return-abbot", { "data-action": "return-abbot", onclick: () => send(m) }, `Take the abbot back (+${abbotWorth(st, ctx.seat)})`);
          return button(".ghost", "btn:no-meeple", { "data-action": "no-meeple", onclick: () => send(m) }, "No meeple");
        }),
      ),
    );
  }
  if (st.phase === "settle") {
    const choices = featureChoices(view, ctx)?.choices || [];
    return h(
      "div.actions.panel",
      { dataset: { phase: "settle" } },
      h("p", null, "The chips on ", placeRef(st.settle.x, st.settle.y), " settle against:"),
      h("div.move-buttons", null, choices.map((c) => button("", `btn:settle:${c.feature}`, { "data-feature": c.feature, onclick: () => send(c.moves[0]) }, c.label.replace(/^Settle against t/, "T")))),
    );
  }
  if (st.phase === "bet") {
    return h(
      "div.actions.panel",
      { dataset: { phase: "bet" } },
      st.bet_on ? h("p", null, "The new betting office is on ", placeRef(st.bet_on[0], st.bet_on[1]), ".") : null,
      h(
        "div.move-buttons",
        null,
        moves.map((m) => {
          if (m.type !== "place_chip") return button(".ghost", "btn:no-chip", { "data-action": "no-chip", onclick: () => send(m) }, "No chip");
          // Issue 27 item 7: what each chip face wins, said where it is chosen.
          const wins = chipWords((view.state.chip_faces || {})[m.chip]);
          return button(".cc-chip", `btn:chip:${m.chip}`, { "data-chip": m.chip, "aria-label": `Bet chip ${m.chip}${wins ? `: wins ${wins}` : ""}`, onclick: () => send(m) }, [h("b", null, `Chip ${m.chip}`), wins ? h("small", null, wins) : null]);
        }),
      ),
      h("p.help", null, "A chip bets on how many tiles the road or city through this office will have when it is scored; the chips stay face down until then (CB 2.1, CB 3.3)."),
    );
  }
  return null;
}

/** What the seat's abbot scores if taken back now: 1 + the tiles around it (CA 2.2). */
function abbotWorth(st, seat) {
  const placed = new Set(st.tiles.map((t) => `${t.x},${t.y}`));
  const home = st.tiles.find((t) => (t.meeples || []).some((m) => m.abbot && m.seat === seat));
  if (!home) return 0;
  let worth = 1;
  for (const dx of [-1, 0, 1]) for (const dy of [-1, 0, 1]) if ((dx || dy) && placed.has(`${home.x + dx},${home.y + dy}`)) worth += 1;
  return worth;
}

function players(view, ctx) {
  const st = view.state;
  const acting = new Set(view.turn.seats);
  const rows = [];
  for (let seat = 0; seat < view.players; seat += 1) {
    const chips = st.chips[seat];
    const out = st.tiles.flatMap((t) => (t.chips || []).filter((c) => c.seat === seat).map((c) => ({ ...c, x: t.x, y: t.y })));
    const bets = out.map((c, i) => [i ? ", " : "", `${c.chip ?? "a chip"} on `, placeRef(c.x, c.y)]);
    rows.push(
      h(
        "tr",
        { class: `${acting.has(seat) ? "acting" : ""} ${seat === ctx.seat ? "me" : ""}`, dataset: { seat: String(seat) } },
        h("td", null, seatTag(ctx, seat)), // its dot carries the letter (issue 27 item 7: not twice)
        h("td.points", null, String(st.scores[seat])),
        h("td.meeples", null, String(st.meeples[seat])),
        st.abbot ? h("td.abbot", null, st.abbots[seat] ? "in supply" : "on the board") : null,
        st.bets ? h("td.hand", null, Array.isArray(chips) ? chips.join("  ") || "none" : `${chips} face down`) : null,
        st.bets ? h("td.placed", null, out.length ? bets : "–") : null,
      ),
    );
  }
  const things = ["meeples", st.abbot ? "abbots" : null, st.bets ? "chips" : null].filter(Boolean);
  return h(
    "div.players.panel",
    null,
    h(
      "table",
      null,
      h("thead", null, h("tr", null, h("th", null, "Player"), h("th", null, "Points"), h("th", null, "Meeples"), st.abbot ? h("th", null, "Abbot") : null, st.bets ? h("th", null, "Chips") : null, st.bets ? h("th.placed", null, "Bets out") : null)),
      h("tbody", null, rows),
    ),
    h("p.help.cc-legend", null, `Each player's ${things.join(things.length > 2 ? ", " : " and ").replace(/, (?=[^,]*$)/, " and ")} on the board show the player's letter as well as colour: A for the first seat, B for the second, and so on, as in this list.`),
  );
}

function status(view) {
  const st = view.state;
  const parts = [`${plural(st.stack_size, "tile")} left`];
  if (st.discarded.length) parts.push(`${plural(st.discarded.length, "tile")} discarded (fitting nowhere)`);
  return `${parts.join(" · ")} · drag or pinch to move the board, wheel or +/− to zoom`;
}

function helpLines(view) {
  const st = view.state;
  return [
    h("p.help", null, "Each turn: draw a tile and place it so every touching edge matches; then you may put one meeple on a road, city, field or monastery of that tile that nobody holds yet."),
    h("p.help", null, "Completed roads score 1 a tile, cities 2 a tile and pennant, monasteries 9; the most meeples wins a feature, ties score in full. Farmers score 3 per completed city at the end."),
    h("p.help", null, "The board: drag it (or pinch on a phone) to move it, the wheel or + and − zoom, Fit shows all of it. By keyboard: Tab to the board, arrow keys move it, + and - zoom, F fits; Tab on to the ? places (arrow keys go between them), Space chooses and turns, Enter places; R turns the tile too."),
    st.river ? h("p.help", null, "The River: the river tiles come first, from the spring to the lake; each continues the river at its open end (water meets water) and may not bend the same way as the one before; one that fits nowhere is discarded.") : null,
    st.abbot ? h("p.help", null, "The Abbot: instead of a meeple you may put your abbot on the new tile's monastery or garden (the flower bed; meeples may not go there). A garden scores like a monastery. Instead of placing a meeple you may take the abbot back and score 1 + the tiles around it at once.") : null,
    st.bets ? h("p.help", null, "The Bets: after a bookmaker tile ($) everyone may bet a chip face down on how many tiles its road or city will have. When it is scored, a matching number pays itself; the 4 chip pays 8 on exactly 4; 7+ and 8+ win at that size or more.") : null,
  ];
}

// ------------------------------------------------------------------ focus, keys, highlights
function focusKey(el) {
  const active = document.activeElement;
  return active && el.contains(active) ? active.getAttribute("data-focus") || "" : null;
}

/** Keep the keyboard where it was across a redraw; if that is gone, on the first thing to do. */
function restoreFocus(el, key) {
  if (key === null || el.contains(document.activeElement)) return;
  const same = key && el.querySelector(`[data-focus="${CSS.escape(key)}"]`);
  const next = same || el.querySelector(".cc-board .region, .cc-board .spot") || el.querySelector(".actions button:not([disabled])") || el.querySelector("svg.cc-board");
  if (next) next.focus({ preventScroll: true });
}

function lightUp(el, target, on) {
  for (const node of el.querySelectorAll(".cc-board .hl")) node.classList.remove("hl");
  if (!on || !target) return;
  const ref = target.closest("[data-hl-x], .actions button[data-feature], .actions button[data-abbot]");
  if (!ref) return;
  if (ref.dataset.hlX !== undefined) {
    const at = `[data-x="${ref.dataset.hlX}"][data-y="${ref.dataset.hlY}"]`;
    const tile = el.querySelector(`.cc-board g.tile:not(.ghost)${at}`) || el.querySelector(`.cc-board .spot${at}`);
    if (tile) tile.classList.add("hl");
  }
  const feature = ref.dataset.feature || ref.dataset.abbot;
  if (feature) {
    const region = el.querySelector(`.cc-board .region[data-feature="${CSS.escape(feature)}"]`);
    if (region) region.classList.add("hl");
  }
}

function hooks(el) {
  if (el._ccHooks) return;
  el._ccHooks = true;
  el.addEventListener("keydown", (e) => {
    if ((e.key !== "r" && e.key !== "R") || e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.target.closest("input, textarea, select") || el.classList.contains("busy") || !el._ccCur) return;
    const { view, ctx, rerender } = el._ccCur;
    if (turnTile(view, ctx, e.shiftKey ? -1 : 1)) rerender();
  });
  // On the whole page: anything carrying data-hl-x/data-hl-y (a place named in the log,
  // say) lights that place on the board while pointed at or focused.
  const page = el.ownerDocument;
  const light = (target, on) => target instanceof Element && lightUp(el, target, on);
  page.addEventListener("mouseover", (e) => light(e.target, true));
  page.addEventListener("mouseout", (e) => (e.relatedTarget ? light(e.relatedTarget, true) : lightUp(el, null, false)));
  page.addEventListener("focusin", (e) => light(e.target, true));
  page.addEventListener("focusout", () => lightUp(el, null, false));
}

// ------------------------------------------------------------------ render

export function render(view, el, send, ctx) {
  if (!el.classList.contains("cc")) {
    el.replaceChildren();
    el.classList.add("cc");
  }
  const rerender = () => render(view, el, send, ctx);
  const focused = focusKey(el);
  el._ccCur = { view, ctx, rerender };
  hooks(el);
  fill(part(el, "banner", () => h("div")), banner(view, ctx));
  fill(part(el, "actions", () => h("div")), actions(view, send, ctx, rerender));
  drawBoard(part(el, "board", () => h("div.board")), view, ctx, send, rerender, status(view));
  fill(part(el, "players", () => h("div")), players(view, ctx));
  restoreFocus(el, focused);
  const help = part(el, "help", () => h("details.panel.how", null, h("summary", null, "How to play"), h("div.body")));
  fill(help.querySelector(".body"), helpLines(view));
}
