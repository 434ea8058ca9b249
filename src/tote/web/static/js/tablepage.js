// The table page's shared state: which table, which seat, the latest view, and
// the names the page calls the seats by. The page's modules (table.js, seats.js,
// log.js, standings.js) all read this one `page` object; table.js owns the socket
// and sets `hooks` so the panels can ask for a redraw or a reconnect.

import { ApiError, get, hostToken, savedSeat, saveSeat } from "./api.js";
import { normaliseTable } from "./model.js";
import { fill, h, toast } from "./ui.js";

export const $ = (id) => document.getElementById(id);
export const tableId = decodeURIComponent(location.pathname.split("/")[2] || "");
export const base = `/api/tables/${encodeURIComponent(tableId)}`;

export const page = {
  table: null, // normalised table info
  module: null, // the game's page module
  game: null, // the game's information (bots, variants)
  seat: null, // our seat, or null when watching
  token: null,
  host: hostToken(tableId),
  view: null,
  standings: null, // the final standings the server sends once the game is over
  version: null, // the number of moves of the latest view (the tote board asks by it)
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

/** What table.js lends the panels: redraw everything, redraw the chrome, reconnect. */
export const hooks = { renderAll: () => {}, renderChrome: () => {}, connect: () => {} };

// ------------------------------------------------------------------ the seat
export function readSeatFromUrl() {
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

export function rewriteUrl() {
  const hash = page.token !== null && page.seat !== null ? `#seat=${page.seat}` : page.watching ? "#watch" : "";
  history.replaceState(null, "", `/t/${encodeURIComponent(tableId)}${hash}`);
}

// ------------------------------------------------------------------ names
const cap = (text) => String(text).charAt(0).toUpperCase() + String(text).slice(1);

export function names() {
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

export function isBot(seat) {
  const s = page.table && page.table.seats[seat];
  return Boolean(s && s.bot);
}

export function context() {
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
export async function loadTable() {
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
