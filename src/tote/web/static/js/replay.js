// The replay page (issue 16): a finished table's record (/replay/<table id>) or an
// uploaded one (/replay?r=<id>), stepped through move by move, from any seat.
//
// Each step is asked of the server (GET .../replay?step=k&seat=s), which replays the
// record; the game's own module draws the view, as at the table, with a `send` that
// makes no move: in a replay every control of the board is inert and says so.

import { ApiError, get } from "./api.js";
import { renderLog } from "./log.js";
import { $, context, page } from "./tablepage.js";
import { fill, h, toast, labelCells } from "./ui.js";
import { readRecordFile, setUpUpload } from "./replayupload.js";
import * as chat from "./chat.js"; // issue 27: the table's chat, as said up to the step shown
import { byStep, chart, decisionLine, progressLine, reviewStatus, runReview, summaryPanel } from "./review.js";

const path = location.pathname.split("/").filter(Boolean);
const tableId = path.length > 1 ? decodeURIComponent(path[1]) : "";
const replay = {
  id: new URLSearchParams(location.search).get("r") || "",
  step: 0, // the step shown
  steps: 0,
  seat: null,
  wanted: 0, // the step last asked for (clicks and keys count from it, not from the answer)
  wantedSeat: null,
  answer: null,
  asked: 0,
  module: null,
  game: "",
  toastAt: 0,
  review: null, // the table's review once done (issue 26), and its decisions by step
  reviewSteps: new Map(),
};

function source() {
  if (tableId) return `/api/tables/${encodeURIComponent(tableId)}/replay`;
  return `/api/replays/${encodeURIComponent(replay.id)}`;
}

async function loadModule(game) {
  try {
    return await import(`/static/games/${encodeURIComponent(game)}.js`);
  } catch (err) {
    return await import("/static/games/generic.js");
  }
}

function readHash() {
  const hash = new URLSearchParams(location.hash.slice(1));
  const step = Number(hash.get("step"));
  const seat = hash.get("seat");
  replay.step = Number.isInteger(step) && step >= 0 ? step : 0;
  replay.seat = seat !== null && /^\d+$/.test(seat) ? Number(seat) : null;
}

function writeHash() {
  const parts = [`step=${replay.step}`];
  if (replay.seat !== null) parts.push(`seat=${replay.seat}`);
  history.replaceState(null, "", `${location.pathname}${location.search}#${parts.join("&")}`);
}

// ------------------------------------------------------------------ stepping
/** Show step `step` from `seat`'s side (null: everyone's); the latest ask wins. */
async function show(step, seat) {
  const asked = ++replay.asked;
  replay.wanted = step;
  replay.wantedSeat = seat;
  let answer;
  try {
    answer = await get(`${source()}?step=${step}${seat === null ? "" : `&seat=${seat}`}`);
  } catch (err) {
    if (asked !== replay.asked) return false;
    replay.wanted = replay.step;
    replay.wantedSeat = replay.seat;
    if (err instanceof ApiError && err.rule === "step" && step !== 0) return show(0, seat);
    if (err instanceof ApiError && err.rule === "seat" && seat !== null) return show(step, null);
    if (!replay.answer) failed(err);
    else toast(err.message, "error", "Cannot show that move");
    return false;
  }
  if (asked !== replay.asked) return false;
  if (!replay.module || replay.game !== answer.game) {
    replay.module = await loadModule(answer.game);
    replay.game = answer.game;
  }
  replay.answer = answer;
  replay.step = answer.step;
  replay.steps = answer.steps;
  replay.seat = answer.seat;
  writeHash();
  draw();
  return true;
}

function failed(err) {
  $("replay-bar").hidden = true;
  $("replay-tools").hidden = true;
  $("replay-layout").hidden = false;
  const unfinished = err instanceof ApiError && err.status === 409;
  fill(
    $("game"),
    h(
      "div.panel",
      null,
      h("h2", null, unfinished ? "Not over yet" : "No replay"),
      h("p", { id: "replay-error" }, err.message),
      tableId ? h("a.button", { href: `/t/${encodeURIComponent(tableId)}` }, "Go to the table") : null,
      " ",
      h("a.button.ghost", { href: "/" }, "Back to the lobby"),
    ),
  );
  if (!tableId) showUpload(err.message);
}

function go(step) {
  const target = Math.max(0, Math.min(replay.steps, step));
  if (target !== replay.wanted || !replay.answer) show(target, replay.wantedSeat);
}

/** A key or button asking for a move that is not there: say why, change nothing. */
function refuse(text) {
  toast(text, "info", "Replay");
}

function stepBy(delta) {
  if (delta < 0 && replay.wanted === 0) return refuse("This is the deal: there is no move before it.");
  if (delta > 0 && replay.wanted >= replay.steps) return refuse("This is the last move of the record: there is none after it.");
  go(replay.wanted + delta);
}

// ------------------------------------------------------------------ drawing
function ctxFor(answer) {
  return { ...context(), seat: answer.seat, deadline: null, host: false, replay: true };
}

function sendNothing() {
  refuse("This is a replay: no moves are made here. Step with the buttons above.");
}

function draw() {
  const answer = replay.answer;
  page.module = replay.module;
  page.table = { seats: answer.players.map((p, seat) => ({ seat, name: p.name, bot: p.bot, taken: true })) };
  page.view = answer.view;
  page.seat = answer.seat;
  page.logSize = -1;
  const ctx = ctxFor(answer);
  const title = replay.module.title || answer.title;
  $("game-title").textContent = title;
  document.title = `${title} replay · tote`;
  $("upload").hidden = true;
  $("replay-bar").hidden = false;
  $("replay-tools").hidden = false;
  $("replay-layout").hidden = false;
  drawBar(answer, ctx);
  const el = $("game");
  el.dataset.step = String(answer.step);
  el.dataset.seat = answer.seat === null ? "" : String(answer.seat);
  try {
    replay.module.render(answer.view, el, sendNothing, ctx);
    labelCells(el);
  } catch (err) {
    fill(el, h("p.error-text", null, `This page cannot draw the game: ${err.message}`));
    throw err;
  }
  // Text fields, lists and boxes of the move forms: nothing to fill in a replay.
  for (const control of el.querySelectorAll("input, select, textarea")) control.disabled = true;
  renderLog();
  if (Number.isInteger(answer.moves)) chat.showUpTo(answer.moves, ctx.names);
  for (const item of $("log").querySelectorAll("li[value]")) {
    item.classList.toggle("replay-new", Number(item.value) > answer.log_from);
  }
  drawMark(answer, ctx);
}

// ------------------------------------------------------------------ review (issue 26)
/** The mark and values of the decision this step shows played, beside the move. */
function drawMark(answer, ctx) {
  const line = $("review-mark");
  const decision = replay.review ? replay.reviewSteps.get(answer.step) : null;
  line.hidden = !decision;
  if (decision) {
    const who = ctx.names[decision.seat] || `Player ${decision.seat + 1}`;
    fill(line, h("span.review-who", null, `${who}: `), decisionLine(decision, replay.review.unit));
    line.dataset.mark = decision.mark || "";
  }
  const box = $("review-chart");
  if (box && replay.review) fill(box, chart(replay.review, ctx.names, replay.steps, answer.step));
}

function showReview(review) {
  replay.review = review;
  replay.reviewSteps = byStep(review);
  const names = ctxFor(replay.answer).names;
  fill(
    $("review-body"),
    h("p.help", null, "Every bet is valued from what its player knew at the time, and every other move by search (its value: the player's expected standing, 0% last to 100% first): each move shows its mark above. Luck is what the bets earned beyond what they were expected to earn."),
    h("div#review-chart"),
    summaryPanel(review, names, { jump: (step, seat) => show(step, seat) }),
  );
  $("review").hidden = false;
  drawMark(replay.answer, ctxFor(replay.answer));
}

async function followReview() {
  const body = $("review-body");
  try {
    const answer = await runReview(tableId, (now) => {
      if (now.status !== "done") fill(body, progressLine(now));
    });
    showReview(answer.review);
  } catch (err) {
    fill(body, h("p.error-text", { role: "alert" }, `No review: ${err.message}`), reviewButton());
  }
}

function reviewButton() {
  return h("button.primary.review-button", { type: "button", onclick: followReview }, "Review the game");
}

/** A finished table's review: shown when done, followed when in the works, else offered. */
async function setUpReview() {
  const answer = await reviewStatus(tableId);
  if (!answer) return;
  $("review").hidden = false;
  if (answer.status === "done") return showReview(answer.review);
  if (answer.status === "waiting" || answer.status === "working") return followReview();
  fill($("review-body"), h("p.help", null, "The review marks every bet best, good, inaccuracy, mistake or blunder, from what its player knew at the time, and tells luck apart from skill; other moves are judged by search."), reviewButton());
}

function drawBar(answer, ctx) {
  const slider = $("slider");
  slider.max = String(answer.steps);
  slider.value = String(answer.step);
  $("first").disabled = $("back").disabled = answer.step === 0;
  $("forward").disabled = $("last").disabled = answer.step >= answer.steps;
  $("counter").textContent = answer.step === 0 ? `The deal · ${answer.steps} moves` : `Move ${answer.step} of ${answer.steps}`;
  const words = played(answer, ctx);
  $("played").textContent = words;
  $("played").title = words;
  const select = $("seat-choice");
  if (select.options.length !== answer.players.length + 1) {
    fill(select, h("option", { value: "" }, "Everyone (public view)"), ctx.names.map((name, seat) => h("option", { value: String(seat) }, `Seat ${seat + 1}: ${name}`)));
  }
  select.value = answer.seat === null ? "" : String(answer.seat);
  const download = $("download");
  download.href = answer.record;
  download.download = `${answer.game}-${tableId || (answer.replay_id || "").slice(0, 8)}.json`;
  const table = $("to-table");
  table.hidden = !tableId;
  if (tableId) table.href = `/t/${encodeURIComponent(tableId)}`;
}

/** The move this step shows played, in words: the log's entries it added. */
function played(answer, ctx) {
  if (!answer.move) return answer.steps ? "Before the first move." : "The record holds no move.";
  const events = (answer.view.log || []).slice(answer.log_from);
  const words = [];
  for (const event of events) {
    if (typeof event.sentence === "string" && event.sentence) words.push(event.sentence);
  }
  if (!words.length) {
    const who = ctx.names[answer.move.by] || `Seat ${answer.move.by + 1}`;
    const what = answer.move.words || "a move";
    words.push(`${who}: ${what.charAt(0).toLowerCase()}${what.slice(1)}.`);
  }
  const shown = words.slice(0, 3).join(" ");
  return words.length > 3 ? `${shown} …` : shown;
}

// ------------------------------------------------------------------ controls
function isTyping(target) {
  return target instanceof HTMLElement && (target.isContentEditable || ["INPUT", "SELECT", "TEXTAREA"].includes(target.tagName));
}

function setUpControls() {
  $("first").addEventListener("click", () => go(0));
  $("back").addEventListener("click", () => stepBy(-1));
  $("forward").addEventListener("click", () => stepBy(1));
  $("last").addEventListener("click", () => go(replay.steps));
  $("slider").addEventListener("input", (event) => go(Number(event.target.value)));
  $("seat-choice").addEventListener("change", (event) => {
    const value = event.target.value;
    event.target.blur(); // the arrow keys step again, rather than change the seat
    show(replay.wanted, value === "" ? null : Number(value));
  });
  document.addEventListener("keydown", (event) => {
    if (!replay.answer || event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target)) return;
    const keys = {
      ArrowLeft: () => stepBy(-1),
      ArrowRight: () => stepBy(1),
      Home: () => (replay.wanted === 0 ? refuse("This is already the deal.") : go(0)),
      End: () => (replay.wanted >= replay.steps ? refuse("This is already the last move.") : go(replay.steps)),
    };
    if (!keys[event.key]) return;
    event.preventDefault();
    keys[event.key]();
  });
  // The board's own controls make moves at a table; here they do nothing, and say so.
  const game = $("game");
  const inert = (event) => {
    const target = event.target instanceof Element ? event.target : null;
    if (!target || target.closest("summary, a[href]") || !replay.answer) return;
    if (event.type === "keydown" && event.key !== "Enter" && event.key !== " ") return;
    event.preventDefault();
    event.stopPropagation();
    if (target.closest("button, input, select, textarea, label, [tabindex], [role=button], [data-action]") && Date.now() - replay.toastAt > 2500) {
      replay.toastAt = Date.now();
      sendNothing();
    }
  };
  for (const type of ["click", "keydown", "submit"]) game.addEventListener(type, inert, true);
}

// ------------------------------------------------------------------ upload
function showUpload(message = "") {
  $("upload").hidden = false;
  const error = $("upload-error");
  error.hidden = !message;
  error.textContent = message;
}

async function uploaded(answer) {
  replay.id = answer.replay_id;
  replay.answer = null;
  history.pushState(null, "", `/replay?r=${encodeURIComponent(answer.replay_id)}`);
  await show(0, null);
}

async function main() {
  setUpControls();
  window.addEventListener("popstate", () => location.reload());
  setUpUpload({ onUploaded: uploaded, onRefused: showUpload, read: readRecordFile });
  readHash();
  if (!tableId && !replay.id) {
    $("game-title").textContent = "Replay";
    showUpload();
    return;
  }
  if (tableId) chat.setUpReplay(document.querySelector("#replay-layout aside.side"), tableId, get);
  const shown = await show(replay.step, replay.seat);
  if (tableId && shown) await setUpReview();
}

main();
