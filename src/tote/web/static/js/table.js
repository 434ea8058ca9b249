// The table page: the game-agnostic core.
//
// It joins (or resumes) a seat, keeps a WebSocket to the table with reconnects,
// and hands every view to the game's module (static/games/<game>.js), which
// draws the board and the move buttons: render(view, el, send, ctx).
// Around it the core keeps the log, the timer, the result and error toasts.
//
// It only ever shows what the views contain, keeps only its own seat's token
// (in localStorage; the URL holds just #seat=N) and never logs a view.

import { ApiError, forgetSeat, get, hostToken, post, savedName, savedSeat, saveName, saveSeat } from "./api.js";
import { listOf, normaliseGame, normaliseTable } from "./model.js";
import { fill, h, ordinal, seatColour, toast } from "./ui.js";
import * as toteBoard from "./toteboard.js";

const $ = (id) => document.getElementById(id);
const tableId = decodeURIComponent(location.pathname.split("/")[2] || "");
const base = `/api/tables/${encodeURIComponent(tableId)}`;

const page = {
  table: null, // normalised table info
  module: null, // the game's page module
  game: null, // the game's information (bots, variants)
  seat: null, // our seat, or null when watching
  token: null,
  host: hostToken(tableId),
  view: null,
  deadline: null,
  socket: null,
  connected: false,
  retries: 0,
  retryTimer: null,
  pollTimer: null,
  busyTimer: null,
  watching: false,
  logSize: -1,
};

// ------------------------------------------------------------------ the seat
function readSeatFromUrl() {
  const query = new URLSearchParams(location.search);
  const fragment = new URLSearchParams(location.hash.slice(1));
  page.watching = query.has("watch") || fragment.has("watch");
  const token = query.get("token") || fragment.get("token");
  if (token) {
    // A seat link: keep the token here, and take it out of the address bar.
    const raw = query.get("seat") ?? fragment.get("seat");
    const seat = raw === null || raw === "" ? NaN : Number(raw);
    saveSeat(tableId, Number.isInteger(seat) ? seat : -1, token);
    page.token = token;
    page.seat = Number.isInteger(seat) ? seat : null;
  } else if (!page.watching) {
    const wanted = fragment.has("seat") ? Number(fragment.get("seat")) : null;
    const saved = savedSeat(tableId, wanted);
    if (saved) {
      page.token = saved.token;
      page.seat = saved.seat;
    }
  }
  rewriteUrl();
}

function rewriteUrl() {
  const hash = page.token !== null && page.seat !== null ? `#seat=${page.seat}` : page.watching ? "#watch" : "";
  history.replaceState(null, "", `/t/${encodeURIComponent(tableId)}${hash}`);
}

// ------------------------------------------------------------------ names
const cap = (text) => String(text).charAt(0).toUpperCase() + String(text).slice(1);

function names() {
  const seats = page.table ? page.table.seats : [];
  const players = page.view ? page.view.players : seats.length;
  const out = [];
  // Bots keep the server's placeholder name ("Player 3"): call them by their bot,
  // numbered when a table has several of one kind ("Odds bot 1", "Odds bot 2").
  const unnamed = (s) => s && s.bot && (!s.name || /^Player \d+$/.test(s.name));
  const kinds = {};
  for (const s of seats) if (unnamed(s)) kinds[s.bot] = (kinds[s.bot] || 0) + 1;
  const counted = {};
  for (let i = 0; i < players; i += 1) {
    const s = seats[i];
    if (unnamed(s)) {
      counted[s.bot] = (counted[s.bot] || 0) + 1;
      out.push(`${cap(s.bot)} bot${kinds[s.bot] > 1 ? ` ${counted[s.bot]}` : ""}`);
    } else if (s && s.name) out.push(s.name);
    else out.push(`Seat ${i + 1}`);
  }
  return out;
}

function isBot(seat) {
  const s = page.table && page.table.seats[seat];
  return Boolean(s && s.bot);
}

function context() {
  return {
    seat: page.view ? page.view.seat : page.seat,
    names: names(),
    isBot,
    tableId,
    deadline: page.deadline,
    host: Boolean(page.host),
  };
}

// ------------------------------------------------------------------ table info
async function loadTable() {
  try {
    page.table = normaliseTable(await get(base));
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) {
      fill($("game"), h("div.panel", null, h("h2", null, "No such table"), h("p", null, "The table may have been removed. "), h("a.button", { href: "/" }, "Back to the lobby")));
      return false;
    }
    toast(err.message, "error", "Cannot load the table");
    return page.table !== null;
  }
  return true;
}

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
      // The server does not know our token (it said why in an error message):
      // forget it and watch instead; the join form offers a seat if one is free.
      forgetSeat(tableId, page.seat);
      page.token = null;
      page.seat = null;
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
        page.view = { ...message.view, log };
        const seat = page.view.seat;
        if (page.token && seat !== null && seat !== undefined && seat !== page.seat) {
          // A link without its seat number: file the token under the seat it plays.
          forgetSeat(tableId, page.seat);
          saveSeat(tableId, seat, page.token);
          page.seat = seat;
          rewriteUrl();
        }
      }
      setBusy(false);
      renderAll();
      if (page.view) toteBoard.changed(message.version, page.view.over);
      break;
    case "odds":
      toteBoard.show(message, names());
      break;
    case "table":
      if (message.table) page.table = normaliseTable(message.table);
      renderChrome();
      if (page.view) renderResult();
      break;
    case "error":
      setBusy(false);
      if (toteBoard.refused(message.message || "", message.rule)) break;
      toast(message.message || "The move was refused.", "error", message.rule || "Not allowed");
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
    toast(err.message, "error", err.rule || "Not allowed");
  }
}

function setBusy(busy) {
  clearTimeout(page.busyTimer);
  $("game").classList.toggle("busy", busy);
  if (busy) page.busyTimer = setTimeout(() => setBusy(false), 6000);
}

// ------------------------------------------------------------------ render
function renderAll() {
  renderChrome();
  renderGame();
  renderLog();
  renderResult();
}

function renderChrome() {
  const table = page.table;
  const title = (page.module && page.module.title) || (table && table.game) || "";
  $("game-title").textContent = title;
  document.title = `${title || "table"} · tote`;
  const ctx = context();
  const who = $("who");
  if (ctx.seat !== null && ctx.seat !== undefined && page.token) {
    fill(who, h("span.seat-dot", { style: { background: seatColour(ctx.seat) } }), `${ctx.names[ctx.seat]} · seat ${ctx.seat + 1}`);
  } else {
    fill(who, h("span.watching", null, "watching"));
  }
  renderJoin();
  renderWaiting();
  renderHost();
  schedulePoll();
}

function freeSeats() {
  return page.table ? page.table.seats.filter((s) => s.free) : [];
}

function renderJoin() {
  const box = $("join");
  const free = freeSeats();
  if (page.token || !page.table || page.table.status !== "open" || !free.length) {
    box.hidden = true;
    return;
  }
  if (box.dataset.free === free.map((s) => s.seat).join(",") && !box.hidden) return; // keep what is typed
  box.dataset.free = free.map((s) => s.seat).join(",");
  const nameInput = h("input#join-name", { type: "text", maxlength: "40", placeholder: "Your name", value: savedName(), required: true });
  const seatSelect = h(
    "select#join-seat",
    { "aria-label": "Seat" },
    free.map((s) => h("option", { value: String(s.seat) }, `Seat ${s.seat + 1}`)),
  );
  fill(
    box,
    h("h2", null, "Join this table"),
    h("p.help", null, "Pick a free seat and the name the others will see. You can also just watch."),
    h(
      "form.join-form",
      {
        onsubmit: async (e) => {
          e.preventDefault();
          const name = nameInput.value.trim();
          if (!name) {
            toast("Write your name first.");
            return;
          }
          try {
            const joined = await post(`${base}/join`, { seat: Number(seatSelect.value), name });
            saveName(name);
            saveSeat(tableId, joined.seat, joined.token, name);
            page.seat = joined.seat;
            page.token = joined.token;
            rewriteUrl();
            await loadTable();
            renderAll();
            connect();
          } catch (err) {
            toast(err.message, "error", err.rule || "Cannot join");
            await loadTable();
            renderChrome();
          }
        },
      },
      h("label", null, h("span.label", null, "Name"), nameInput),
      h("label", null, h("span.label", null, "Seat"), seatSelect),
      h("button.primary", { type: "submit" }, "Join"),
      h("button.ghost", { type: "button", onclick: () => { page.watching = true; rewriteUrl(); box.hidden = true; } }, "Just watch"),
    ),
  );
  box.hidden = page.watching;
}

function seatList() {
  const ctx = context();
  return h(
    "ul.seat-list",
    null,
    page.table.seats.map((s) =>
      h(
        "li",
        { dataset: { seat: String(s.seat) } },
        h("span.seat-dot", { style: { background: seatColour(s.seat) } }),
        h("span.seat-number", null, `Seat ${s.seat + 1}`),
        s.free ? h("span.pill.free", null, "free") : h("span", null, ctx.names[s.seat]),
        s.bot ? h("span.pill.bot", null, "bot") : null,
        s.seat === ctx.seat && page.token ? h("span.pill.you", null, "you") : null,
      ),
    ),
  );
}

function renderWaiting() {
  const box = $("waiting");
  const table = page.table;
  if (table && table.status === "ended") {
    box.hidden = false;
    fill(box, h("h2", null, "The host has ended this table"), h("p.help", null, "No more moves can be played here."), h("a.button", { href: "/" }, "Back to the lobby"));
    return;
  }
  if (!table || table.status !== "open") {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  const free = freeSeats().length;
  fill(
    box,
    h("h2", null, "Waiting for the game to start"),
    seatList(),
    h(
      "p.help",
      null,
      free
        ? `${free === 1 ? "One seat is" : `${free} seats are`} free. Share the table link: ${location.origin}/t/${tableId}`
        : page.host
          ? "Everyone is seated: start the game when you are ready."
          : "Everyone is seated: the host starts the game.",
    ),
  );
}

function renderHost() {
  const box = $("host");
  const table = page.table;
  if (!page.host || !table || table.status === "ended" || table.status === "finished" || (page.view && page.view.over)) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  const open = table.status === "open";
  const free = freeSeats();
  const key = `${table.status}|${free.map((s) => s.seat).join(",")}`;
  if (box.dataset.key === key) return;
  box.dataset.key = key;
  const hostCall = async (path, body, done) => {
    try {
      await post(`${base}/${path}`, body, { headers: { "X-Host-Token": page.host } });
      if (done) toast(done, "info");
      await loadTable();
      renderChrome();
      if (path === "start" && !page.connected) connect();
    } catch (err) {
      toast(err.message, "error", err.rule || "Refused");
    }
  };
  const bots = (page.game && page.game.bots) || [];
  fill(
    box,
    h("h3", null, "Host"),
    open && free.length
      ? h(
          "div.bot-add",
          null,
          free.map((s) => {
            const select = h("select", { "aria-label": `Bot for seat ${s.seat + 1}` }, (bots.length ? bots : ["random"]).map((b) => h("option", { value: b }, b)));
            return h(
              "div.row",
              null,
              h("span", null, `Seat ${s.seat + 1}:`),
              select,
              h("button.small", { type: "button", dataset: { addBot: String(s.seat) }, onclick: () => hostCall("bots", { seat: s.seat, bot: select.value }, `A bot takes seat ${s.seat + 1}.`) }, "Add bot"),
            );
          }),
        )
      : null,
    open ? h("button.primary#start-game", { type: "button", onclick: () => hostCall("start", {}, "The game starts.") }, "Start the game") : null,
    h(
      "button.danger.small#end-table",
      {
        type: "button",
        onclick: () => {
          if (confirm("End this table for everyone?")) hostCall("end", {}, "The table is ended.");
        },
      },
      "End the table",
    ),
  );
}

function renderGame() {
  const el = $("game");
  if (!page.view) {
    if (page.table && page.table.status === "open") fill(el, h("p.muted.center", null, "The board appears when the game starts."));
    return;
  }
  try {
    page.module.render(page.view, el, send, context());
  } catch (err) {
    fill(el, h("p.error-text", null, `This page cannot draw the game: ${err.message}`));
    throw err;
  }
}

function describe(event) {
  // The server tells every entry in words (issue 15): `sentence`, in this view's names.
  if (event && typeof event.sentence === "string" && event.sentence) return event.sentence;
  return "Something happens in the game.";
}

function renderLog() {
  const log = (page.view && page.view.log) || [];
  const list = $("log");
  if (log.length === page.logSize) return;
  page.logSize = log.length;
  const shown = log.slice(-80);
  const items = shown
    .map((event, i) => {
      const index = log.length - shown.length + i;
      return h("li", { class: `ev-${event.kind}`, value: String(index + 1), "data-log-index": String(index) }, describe(event));
    })
    .filter(Boolean)
    .reverse();
  fill(list, items.length ? items : h("li.muted", null, "Nothing yet."));
}

function renderResult() {
  const box = $("result");
  const view = page.view;
  if (!view || !view.over || !view.result) {
    box.hidden = true;
    return;
  }
  const ctx = context();
  const result = view.result;
  const order = result.scores.map((score, seat) => ({ seat, score, rank: result.ranking[seat] })).sort((a, b) => a.rank - b.rank || a.seat - b.seat);
  const label = (page.module && page.module.scoreLabel) || "score";
  const winners = result.winners.map((s) => ctx.names[s]);
  const iWon = ctx.seat !== null && result.winners.includes(ctx.seat);
  box.hidden = false;
  fill(
    box,
    h("h2", null, iWon ? "★ You win!" : `★ ${winners.join(" and ")} ${winners.length > 1 ? "share the win" : "wins"}`),
    h(
      "ol.ranking",
      null,
      order.map((r) =>
        h(
          "li",
          { class: result.winners.includes(r.seat) ? "winner" : "", dataset: { seat: String(r.seat) } },
          h("span.rank", null, ordinal(r.rank)),
          h("span.seat-dot", { style: { background: seatColour(r.seat) } }),
          h("span.name", null, ctx.names[r.seat] + (r.seat === ctx.seat ? " (you)" : "")),
          h("span.score", null, `${r.score.toLocaleString("en")} ${label}`),
        ),
      ),
    ),
    h("p", null, h("a.button", { href: "/" }, "Back to the lobby")),
  );
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
  timer.hidden = false;
  const mine = page.seat !== null && view.turn.seats.includes(page.seat) && page.token;
  timer.textContent = `${left} s left${mine ? " for you" : ""}`;
  timer.classList.toggle("urgent", left <= 10);
}

// ------------------------------------------------------------------ start
async function main() {
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
