// The table page: the game-agnostic core.
//
// It joins (or resumes) a seat, keeps a WebSocket to the table with reconnects,
// and hands every view to the game's module (static/games/<game>.js), which
// draws the board and the move buttons: render(view, el, send, ctx).
// Around it the core keeps the log, the timer, the result and error toasts.
//
// It only ever shows what the views contain, keeps only its own seat's token
// (in localStorage; the URL holds just #seat=N) and never logs a view.

import * as alerts from "./alerts.js";
import * as chat from "./chat.js"; // issue 27: table chat
import { forgetSeat, get, post, saveSeat, savedSeat } from "./api.js";
import { renderLog } from "./log.js";
import * as playback from "./playback.js";
import { listOf, normaliseGame, normaliseTable } from "./model.js";
import { renderHost, renderJoin, renderWaiting } from "./seats.js";
import { renderResult } from "./standings.js";
import { renderTerms } from "./terms.js";
import "./replaylink.js"; // issue 16: "Watch the replay" in the result panel
import "./reviewlink.js"; // issue 26: "Review the game" in the result panel
import { $, base, context, hooks, loadTable, names, page, readSeatFromUrl, rewriteUrl, tableId } from "./tablepage.js";
import * as toteBoard from "./toteboard.js";
import { fill, h, keepFocus, labelCells, seatDot, toast, toastRefusal } from "./ui.js";

// ------------------------------------------------------------------ table info
async function loadModule(game) {
  try {
    return await import(`/static/games/${encodeURIComponent(game)}.js`);
  } catch (err) {
    return await import("/static/games/generic.js");
  }
}

function schedulePoll() {
  clearTimeout(page.pollTimer);
  const status = page.table && page.table.status;
  // The socket tells of seat changes; without it, keep the seat list fresh by asking.
  if (!page.connected && (status === "open" || (!page.view && status !== "ended" && status !== "finished"))) {
    page.pollTimer = setTimeout(async () => {
      if (!document.hidden) {
        const before = page.table && page.table.status;
        await loadTable();
        renderChrome();
        if (before === "open" && page.table.status !== "open" && !page.connected) connect();
      }
      schedulePoll();
    }, 2000);
  }
}

// ------------------------------------------------------------------ socket
function socketUrl() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const query = page.token ? `?token=${encodeURIComponent(page.token)}` : "";
  return `${scheme}://${location.host}/ws/tables/${encodeURIComponent(tableId)}${query}`;
}

function connect() {
  clearTimeout(page.retryTimer);
  if (page.socket) {
    page.socket.onclose = null;
    page.socket.close();
  }
  setConnection("connecting");
  const socket = new WebSocket(socketUrl());
  page.socket = socket;
  socket.onopen = () => {
    page.connected = true;
    setConnection("live");
  };
  socket.onmessage = (event) => {
    page.retries = 0;
    let message;
    try {
      message = JSON.parse(event.data);
    } catch (err) {
      return;
    }
    onMessage(message);
  };
  socket.onclose = (event) => {
    page.connected = false;
    if (page.socket !== socket) return;
    if (event.code === 4403 && page.token) {
      // The server does not know our token (it said why), or no longer: a newer link
      // replaced it (issue 28). If another tab of this browser saved the seat's newer
      // token (it asked for the rematch again), play with that one; else forget ours
      // and watch instead; the join form offers a seat if one is free.
      const newer = typeof page.seat === "number" ? savedSeat(tableId, page.seat) : null;
      if (newer && newer.token !== page.token) {
        page.token = newer.token;
      } else {
        forgetSeat(tableId, page.seat);
        page.token = null;
        page.seat = null;
      }
      rewriteUrl();
      renderChrome();
      page.retryTimer = setTimeout(connect, 300);
      setConnection("connecting");
      return;
    }
    if (event.code === 4404) {
      setConnection("closed");
      return;
    }
    const delay = Math.min(10000, 500 * 2 ** page.retries) * (0.8 + Math.random() * 0.4);
    page.retries += 1;
    setConnection("reconnecting", Math.round(delay / 1000));
    page.retryTimer = setTimeout(connect, delay);
  };
}

function setConnection(status, seconds) {
  const conn = $("conn");
  conn.dataset.status = status;
  conn.textContent = { live: "● live", connecting: "● connecting", reconnecting: "● reconnecting", closed: "● closed" }[status];
  const banner = $("banner");
  if (status === "reconnecting" && page.retries > 1) {
    banner.hidden = false;
    banner.textContent = `Connection lost. Trying again${seconds ? ` in ${seconds} s` : ""}…`;
  } else {
    banner.hidden = true;
  }
}

function onMessage(message) {
  switch (message.type) {
    case "view":
      if (page.table && typeof message.status === "string") page.table.status = message.status;
      page.deadline = typeof message.deadline === "number" ? message.deadline : null;
      if (message.view) {
        const log = wholeLog(message);
        if (log === null) {
          askForView();
          break;
        }
        const before = page.view;
        page.view = { ...message.view, log };
        page.standings = message.standings || null;
        playback.noteView(before, page.view, renderAll, drawBoard);
        const seat = page.view.seat;
        if (page.token && seat !== null && seat !== undefined && seat !== page.seat) {
          // A link without its seat number: file the token under the seat it plays.
          forgetSeat(tableId, page.seat);
          saveSeat(tableId, seat, page.token);
          page.seat = seat;
          rewriteUrl();
        }
      }
      if (typeof message.version === "number") page.version = message.version;
      setBusy(false);
      renderAll();
      break;
    case "odds":
      toteBoard.show(message, names());
      break;
    case "chat":
      chat.received(message, names());
      break;
    case "table":
      if (message.table) page.table = normaliseTable(message.table);
      renderChrome();
      if (page.view && !playback.playing()) renderResult();
      break;
    case "error":
      setBusy(false);
      if (chat.refused(message)) break;
      if (toteBoard.refused(message.message || "", message.rule)) break;
      showRefusal(message.rule, message.message);
      break;
    case "timeout": {
      const who = message.seat === page.seat && page.token ? "You" : names()[message.seat] || "A player";
      toast(`${who} ran out of time: the table played for ${who === "You" ? "you" : "them"}.`, "info");
      break;
    }
    default:
      break;
  }
}

/**
 * The whole log a view message stands for. Over the socket the server sends each
 * log entry once: the message carries the entries from `log_from` on and the view's
 * own `log` is null (see tote/server/client.py); an HTTP answer holds the whole log.
 * null when entries are missing here.
 */
function wholeLog(message) {
  if (typeof message.log_from !== "number") return message.view.log || [];
  const had = page.view ? page.view.log : [];
  if (message.log_from > had.length) return null;
  return had.slice(0, message.log_from).concat(message.log || []);
}

/** Ask the server for the whole view again (it starts the log from 0). */
function askForView() {
  if (page.socket && page.socket.readyState === WebSocket.OPEN) {
    page.socket.send(JSON.stringify({ type: "view" }));
  }
}

/** Send a move: over the socket, or over HTTP while the socket is down. */
async function send(move) {
  if (!page.token) {
    toast("You are watching: join a seat to play.", "info");
    return;
  }
  setBusy(true);
  if (page.socket && page.socket.readyState === WebSocket.OPEN) {
    page.socket.send(JSON.stringify({ type: "move", move }));
    return;
  }
  try {
    const answer = await post(`${base}/moves`, { move }, { headers: { "X-Seat-Token": page.token } });
    if (answer && answer.type === "view") onMessage(answer);
  } catch (err) {
    setBusy(false);
    showRefusal(err.rule, err.message);
  }
}

/**
 * A refused move (issue 27 items 3, 4): where the game's page can show it next to the
 * field at fault (its `refused(rule, message, el)` says so), there; else in one toast,
 * headed in words with the rule's number as a small "rule" link.
 */
function showRefusal(rule, message) {
  const module = page.module;
  if (module && typeof module.refused === "function" && page.view && !playback.playing()) {
    if (module.refused(rule || "", message || "", $("game"), page.view)) return;
  }
  toastRefusal(rule, message || "The move was refused.");
}

function setBusy(busy) {
  clearTimeout(page.busyTimer);
  $("game").classList.toggle("busy", busy);
  if (busy) page.busyTimer = setTimeout(() => setBusy(false), 6000);
}

// ------------------------------------------------------------------ render
function renderAll() {
  renderChrome();
  tickTimer(); // at once: a sequence starting or ending changes what the clock says
  if (playback.playing()) {
    renderLog();
    return;
  }
  renderGame();
  renderLog();
  renderResult();
  renderTerms();
  // The tote board follows the board shown: while a sequence plays it keeps the odds
  // of the position the sequence started from, and asks again at its end (issue 27, 2).
  if (page.view) toteBoard.changed(page.version ?? 0, page.view.over);
}

function renderChrome() {
  const table = page.table;
  const title = (page.module && page.module.title) || (table && table.game) || "";
  $("game-title").textContent = title;
  alerts.update(`${title || "table"} · tote`);
  const ctx = context();
  const who = $("who");
  if (ctx.seat !== null && ctx.seat !== undefined && page.token) {
    fill(who, seatDot(ctx.seat), `${ctx.names[ctx.seat]} · seat ${ctx.seat + 1}`);
  } else {
    fill(who, h("span.watching", null, "watching"));
  }
  renderJoin();
  renderWaiting();
  renderHost();
  chat.update(ctx.names);
  schedulePoll();
}

function renderGame() {
  const el = $("game");
  if (!page.view) {
    if (page.table && page.table.status === "open") fill(el, h("p.muted.center", null, "The board appears when the game starts."));
    return;
  }
  // A table the host ended before the game's end takes no more moves: draw it with
  // nobody to act, so no live move controls are left on it (issue 27 item 7).
  const ended = page.table && page.table.status === "ended" && !page.view.over;
  el.classList.toggle("ended", Boolean(ended));
  const view = ended ? { ...page.view, turn: { ...page.view.turn, seats: [] }, legal_moves: [] } : page.view;
  try {
    keepFocus(el, () => page.module.render(view, el, send, context()));
    labelCells(el);
  } catch (err) {
    fill(el, h("p.error-text", null, `This page cannot draw the game: ${err.message}`));
    throw err;
  }
}

/** Draw the board of an earlier view while a sequence is played (js/playback.js). */
function drawBoard(view) {
  const latest = page.view;
  page.view = view;
  try {
    renderGame();
  } finally {
    page.view = latest;
  }
}

// ------------------------------------------------------------------ timer
function tickTimer() {
  const timer = $("timer");
  const view = page.view;
  if (page.deadline === null || !view || view.over) {
    timer.hidden = true;
    return;
  }
  const left = Math.max(0, Math.ceil(page.deadline - Date.now() / 1000));
  const mine = page.seat !== null && view.turn.seats.includes(page.seat) && page.token;
  if (playback.playing()) {
    // The deadline is the latest turn's; the board shows an earlier moment (another
    // seat's move): say it is the next move's clock, or nothing (issue 27, 2).
    timer.hidden = !mine;
    timer.textContent = `Your move next: ${left} s`;
  } else {
    timer.hidden = false;
    timer.textContent = `${left} s left${mine ? " for you" : ""}`;
  }
  timer.classList.toggle("urgent", left <= 10);
}

// ------------------------------------------------------------------ start
async function main() {
  Object.assign(hooks, { renderAll, renderChrome, connect });
  if (!tableId) {
    location.href = "/";
    return;
  }
  readSeatFromUrl();
  if (!(await loadTable())) return;
  const [module, games] = await Promise.all([loadModule(page.table.game), get("/api/games").catch(() => [])]);
  page.module = module;
  page.game = listOf(games, "games").map(normaliseGame).find((g) => g.id === page.table.game) || null;
  toteBoard.setUp(document.querySelector("aside.side"), page.table.toteBoard, (message) => {
    if (!page.socket || !page.connected) return false;
    page.socket.send(JSON.stringify(message));
    return true;
  });
  playback.setUp();
  chat.setUp(document.querySelector("aside.side"), (message) => {
    if (!page.socket || !page.connected) return false;
    page.socket.send(JSON.stringify(message));
    return true;
  }, page, base);
  alerts.setUp(document.querySelector("aside.side"));
  renderAll();
  connect();
  setInterval(tickTimer, 250);
  window.addEventListener("online", () => {
    if (!page.connected) connect();
  });
  document.addEventListener("visibilitychange", () => {
    if (!document.hidden && !page.connected) connect();
  });
}

main();
