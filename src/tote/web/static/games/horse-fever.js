// Horse Fever: the page (the turn banner, what one may do now, the board, one's own
// character, cards and hand, the others and past races) and the exports the table,
// the replay and horse-fever-sequence.js use. The board is drawn in
// horse-fever-track.js, the moves in horse-fever-moves.js; names and colours come
// from horse-fever-words.js.
// One page for the three modes: the Board Game, the Family Game and the Party Game.
//
// Everything comes from the view: another seat's Action cards arrive as null (drawn
// face down), its Targets as a count, and a secret Party Game bet only as "committed";
// this page has no other way to know them. Card names and meanings come with the
// view, for the cards it shows.

import { fill, h, keepFocus, ordinal, part, seatTag, seatTags } from "../js/ui.js";
import { actions, betChoice, canAct, cardTile, selectedCard } from "./horse-fever-moves.js";
import { blackboard, drawTrack, raceLine } from "./horse-fever-track.js";
import { LANES, cap, cardName, horseName, money, seenNames } from "./horse-fever-words.js";

export { pastTheLine } from "./horse-fever-track.js";

export const title = "Horse Fever";
/** The result's unit: VP in the Board and Family Games, Danari in the Party Game. */
export let scoreLabel = "VP";

const PHASES = {
  setup_stables: "Preparation: the Stable tokens go on the Blackboard",
  setup_characters: "Preparation: Characters are dealt",
  setup_first_player: "Preparation: who is First Player?",
  copy_assistant: "Purchase Phase: Cédric Copieur copies an Assistant",
  purchase: "Purchase Phase",
  draw: "Drawing cards",
  keep: "Purchase Phase: keep one card",
  offer: "Purchase Phase: an offer to buy",
  lineup: "Starting lineup of Horse cards",
  first_bet: "Betting: first bet",
  race_fixing: "Race-fixing: Action cards face down",
  second_bet: "Betting: second bet",
  secret_bet: "Secret bets",
  change_odds: "Eric Change moves the odds",
  movement: "The race",
  sprint: "The race: sprint",
  photo_finish: "Photo finish",
  dutch_auction: "Dutch auction: the Bank buys one VP",
  english_auction: "English auction: the Bank sells one VP",
  over: "Final stage",
};

// ------------------------------------------------------------------ banner
function phaseName(st) {
  if (st.mode === "party" && st.phase === "race_fixing") return "Race-fixing: everyone plays a card face down at once";
  return PHASES[st.phase] || st.phase;
}

function banner(view, ctx) {
  const st = view.state;
  const turn = view.turn;
  const round = `${st.mode === "party" ? "Race" : "Round"} ${st.round} of ${st.rounds}`;
  if (view.over) return h("div.turn-banner.over", null, `The game is over after ${st.mode === "party" ? "race" : "round"} ${st.round}.`);
  if (turn.chance || !turn.seats.length) return h("div.turn-banner", null, `${round} · ${phaseName(st)}…`);
  const mine = canAct(view, ctx);
  if (turn.simultaneous) {
    const waiting = turn.seats.filter((seat) => seat !== ctx.seat);
    const mineDone = view.my_commitment !== null && view.my_commitment !== undefined;
    const what = st.phase === "secret_bet" ? "bet" : "card";
    return h(
      "div.turn-banner",
      { class: mine ? "mine" : "" },
      `${round} · `,
      mine ? `Your secret ${what}: the others see only that you are done.` : mineDone ? `Your ${what} is in (secret until everyone is done). Waiting for ` : `${phaseName(st)}: waiting for `,
      mine ? null : [seatTags(ctx, waiting.slice(0, 6)), waiting.length > 6 ? ` and ${waiting.length - 6} more` : "", "."],
    );
  }
  const actor = turn.seats[0];
  return h(
    "div.turn-banner",
    { class: mine ? "mine" : "" },
    `${round} · ${phaseName(st)}: `,
    mine ? yourTurnText(view) : [seatTag(ctx, actor), " to act."],
  );
}

function yourTurnText(view) {
  const st = view.state;
  const me = st.players[view.seat];
  switch (st.phase) {
    case "purchase":
      return `your purchase (step ${st.purchase_step} of 2).`;
    case "keep":
      return "keep one of the cards you drew.";
    case "offer":
      return `${view.state.offer ? `seat ${view.state.offer.buyer + 1}` : "a player"} wants to buy from you.`;
    case "first_bet":
      return `your bet, at least ${money(me.minimum_bet)}.`;
    case "second_bet":
      return "a second bet, or skip.";
    case "race_fixing":
      return "play an Action card face down behind a horse.";
    case "photo_finish":
      return "you order the tied horses.";
    case "dutch_auction":
      return `sell one VP to the Bank for ${money(st.auction.price)}?`;
    case "english_auction":
      return `buy one VP from the Bank for ${money(st.auction.price)}?`;
    default:
      return "your move.";
  }
}

// ------------------------------------------------------------------ me and the others
function mine(view, ctx) {
  if (ctx.seat === null || ctx.seat === undefined || !view.state.players[ctx.seat]) return null;
  const st = view.state;
  const me = st.players[ctx.seat];
  const party = st.mode === "party";
  const stats = [
    ["Danari", money(me.danari)],
    party ? null : ["VP", String(me.vp)],
    party ? null : ["Minimum bet", money(me.minimum_bet)],
  ].filter(Boolean);
  const owned = [];
  if (me.stables.length) owned.push(h("div", null, h("span.label", null, "Stables "), me.stables.map((c, i) => [i ? " " : "", horseName(c)])));
  if (me.loans.length) owned.push(h("div", null, h("span.label", null, "Loans "), me.loans.map((l) => `${cap(l)} (repay ${l === "bank" ? "2,500" : "5,000"} D)`).join(", ")));
  const cards = [...me.assistants, ...me.horses, ...(st.my_targets || [])];
  const commitment = view.my_commitment;
  return h(
    "div.panel.hf-me",
    null,
    h("h3", null, me.character ? `You: ${me.character}` : "You"),
    h("div.hf-stats", null, stats.map(([k, v]) => h("div.stat", null, h("small", null, k), h("strong", null, v)))),
    owned,
    cards.length ? [h("div.label", null, "Your cards"), h("div.hf-hand", null, cards.map((id) => cardTile(view, id)))] : null,
    st.hand && st.hand.length ? [h("div.label", null, "Your Action cards"), h("div.hf-hand.my-hand", null, st.hand.map((id) => cardTile(view, id)))] : null,
    commitment && commitment.type === "place_bet" ? h("p.my-secret", null, `Your secret bet: ${money(commitment.amount)} to ${commitment.bet} on ${commitment.stable}.`) : null,
    commitment && commitment.type === "play_action_card" ? h("p.my-secret", null, `Your card: ${cardName(view, commitment.card)} behind ${commitment.stable} (secret until all have played).`) : null,
    me.eliminated ? h("p.error-text", null, "You have lost the game.") : null,
  );
}

function players(view, ctx) {
  const st = view.state;
  const party = st.mode === "party";
  const acting = new Set(view.turn.seats);
  const committed = new Set(view.committed || []);
  const head = party ? ["Player", "Danari", "Bet this race"] : ["Player", "Danari", "VP", "Cards", "Bets this round"];
  const rows = st.players.map((p) => {
    const bets = st.bets.filter((b) => b.seat === p.seat);
    const cards = party
      ? null
      : [p.character ? h("div.muted", null, p.character) : null, p.stables.map((c) => horseName(c)), h("div.muted.small-text", null, `${p.assistants.length} asst · ${p.horses.length} horse · ${p.targets} target · ${p.action_cards} action${p.loans.length ? ` · ${p.loans.length} loan` : ""}`)];
    let status = null;
    if (view.turn.simultaneous && !view.over) status = committed.has(p.seat) ? h("span.badge.done", null, "✓ done") : acting.has(p.seat) ? h("span.badge.waiting", null, "choosing…") : null;
    return h(
      "tr",
      { class: `${acting.has(p.seat) ? "acting" : ""} ${p.seat === ctx.seat ? "me" : ""} ${p.eliminated ? "out" : ""}`, dataset: { seat: String(p.seat) } },
      h("td", null, seatTag(ctx, p.seat), p.seat === st.first_player ? h("span.badge.first", { title: "First Player" }, "1st") : null, p.eliminated ? h("span.badge", null, "out") : null),
      h("td.money", null, money(p.danari)),
      party ? null : h("td.vp", null, String(p.vp)),
      party ? null : h("td.cards", null, cards),
      h("td.hf-bets", null, bets.length ? bets.map((b) => h("div.bet", null, horseName(b.stable), ` ${b.bet} ${b.amount}`)) : status || h("span.muted", null, "–")),
    );
  });
  return h(
    "div.players.panel",
    null,
    h("div.scroll-x", { tabindex: "0", role: "region", "aria-label": "Players" }, h("table", null, h("thead", null, h("tr", null, head.map((t) => h("th", null, t)))), h("tbody", null, rows))),
  );
}

function history(view) {
  const past = view.state.history || [];
  if (!past.length) return h("p.muted", null, "No race run yet.");
  return past
    .slice()
    .reverse()
    .map((race) =>
      h(
        "div.race",
        { dataset: { round: String(race.round) } },
        h("strong", null, `Race ${race.round}: `),
        race.ranking.map((c, i) => [i ? ", " : "", `${ordinal(i + 1)} `, horseName(c)]),
        h("div.muted.small-text", null, "New odds: ", LANES.map((c) => `${c} 1:${race.odds_after[c]}`).join(", ")),
      ),
    );
}

function helpLines(view) {
  const st = view.state;
  if (st.mode === "party") {
    return [
      h("p.help", null, `The Party Game (proposed): ${st.rounds} races; everyone starts with 1,000 D. Before each race everyone picks a horse, Win or Show and a stake in secret; the bets show together.`),
      h("p.help", null, "Horses move by the Movement card's number for their odds row, plus the sprint dice. Win pays stake × odds, Show (1st to 3rd) stake × 2. The game ends early when someone is broke; the richest player wins."),
    ];
  }
  return [
    h("p.help", null, st.mode === "family" ? "The Family Game: two free Action cards a round, then first bet, race-fixing, second bet and the race." : "Each round: Purchase Phase (two steps), bets (first bet, race-fixing, second bet), the race, payoffs, new odds and two auctions of one VP."),
    h("p.help", null, "Horses move by the Movement card's number for their odds row, plus one square for each sprint die showing their colour. Win pays stake × odds and 3 VP; Show (1st to 3rd) pays stake × 2 and 1 VP; Stable owners get 600/400/200 D. Most VP wins."),
  ];
}

// ------------------------------------------------------------------ render
let last = null;

export function rerender() {
  if (last) keepFocus(last[1], () => render(...last));
}

export function render(view, el, send, ctx) {
  last = [view, el, send, ctx];
  for (const [id, info] of Object.entries(view.state.cards || {})) seenNames[id] = info.name;
  scoreLabel = view.state.mode === "party" ? "D" : "VP";
  if (!el.classList.contains("hf")) {
    el.replaceChildren();
    el.classList.add("hf");
  }
  const st = view.state;
  fill(part(el, "banner"), banner(view, ctx));
  // The bet form keeps what is typed while the view does not change it.
  const act = part(el, "actions");
  const key = JSON.stringify([st.phase, st.round, view.legal_moves, canAct(view, ctx), betChoice, selectedCard, st.bets.length]);
  if (act.dataset.key !== key) {
    act.dataset.key = key;
    fill(act, actions(view, send, ctx));
  }
  const board = part(el, "board", () => h("div.board.hf-board", null, h("div.track-holder"), h("div.bb-holder"), h("div.race-holder")));
  drawTrack(board.querySelector(".track-holder"), view, ctx);
  fill(board.querySelector(".bb-holder"), blackboard(view));
  fill(board.querySelector(".race-holder"), raceLine(view));
  fill(part(el, "me"), mine(view, ctx));
  fill(part(el, "players"), players(view, ctx));
  const past = part(el, "history", () => h("details.panel", { open: true }, h("summary", null, "Past races"), h("div.body")));
  fill(past.querySelector(".body"), history(view));
  const how = part(el, "help", () => h("details.panel.how", null, h("summary", null, "How to play"), h("div.body")));
  fill(how.querySelector(".body"), helpLines(view));
}
