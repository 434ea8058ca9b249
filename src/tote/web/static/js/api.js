// The server's JSON API, and where a browser keeps its tokens.

export class ApiError extends Error {
  constructor(status, message, rule = "") {
    super(message);
    this.status = status;
    this.rule = rule;
  }
}

/** The server's refusal as {rule, message}, whatever shape its body has. */
function refusal(status, body) {
  if (body && typeof body === "object") {
    let detail = body.detail !== undefined ? body.detail : body;
    if (Array.isArray(detail)) {
      // FastAPI's request validation: [{loc, msg}, ...]
      const first = detail[0] || {};
      const where = Array.isArray(first.loc) ? first.loc.filter((p) => p !== "body").join(".") : "";
      return { rule: "", message: `${where ? where + ": " : ""}${first.msg || "invalid request"}` };
    }
    if (detail && typeof detail === "object") {
      return { rule: detail.rule || "", message: detail.message || detail.error || JSON.stringify(detail) };
    }
    if (typeof detail === "string") return { rule: body.rule || "", message: detail };
  }
  return { rule: "", message: `the server answered ${status}` };
}

export async function api(method, path, { body, headers = {} } = {}) {
  const init = { method, headers: { Accept: "application/json", ...headers } };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch (err) {
    throw new ApiError(0, "cannot reach the server; check your connection");
  }
  let data = null;
  const text = await response.text();
  if (text) {
    try {
      data = JSON.parse(text);
    } catch (err) {
      data = text;
    }
  }
  if (!response.ok) {
    const { rule, message } = refusal(response.status, data);
    throw new ApiError(response.status, message, rule);
  }
  return data;
}

export const get = (path, opts) => api("GET", path, opts);
export const post = (path, body, opts = {}) => api("POST", path, { ...opts, body });

// ------------------------------------------------------------------ tokens
// A seat token is this browser's own; the host token lets the table's creator
// add bots, start and end it. Both stay in localStorage under the table id.

function read(key) {
  try {
    const raw = localStorage.getItem(key);
    return raw ? JSON.parse(raw) : null;
  } catch (err) {
    return null;
  }
}

function write(key, value) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(value));
  } catch (err) {
    /* private mode: the URL fragment still keeps the seat */
  }
}

export const seatKey = (tableId) => `tote.seat.${tableId}`;
export const hostKey = (tableId) => `tote.host.${tableId}`;

/**
 * This browser's seats at a table: {seats: {"2": {token, name}}, last: 2}. Several
 * seats of one table may be kept (tabs of one browser); the URL fragment (#seat=2)
 * says which one a tab plays, and the token itself never goes into the URL.
 */
function seatsAt(tableId) {
  const value = read(seatKey(tableId));
  return value && typeof value.seats === "object" && value.seats ? value : { seats: {}, last: null };
}

/** The saved {seat, token, name} for ``seat``, or for the last seat used here. */
export function savedSeat(tableId, seat = null) {
  const saved = seatsAt(tableId);
  const key = seat === null || seat === undefined || Number.isNaN(seat) ? saved.last : seat;
  const entry = key === null || key === undefined ? null : saved.seats[String(key)];
  return entry && typeof entry.token === "string" ? { seat: Number(key), token: entry.token, name: entry.name || "" } : null;
}

export function saveSeat(tableId, seat, token, name = "") {
  const saved = seatsAt(tableId);
  saved.seats[String(seat)] = { token, name };
  saved.last = seat;
  write(seatKey(tableId), saved);
}

export function forgetSeat(tableId, seat) {
  const saved = seatsAt(tableId);
  delete saved.seats[String(seat)];
  if (saved.last === seat) saved.last = null;
  write(seatKey(tableId), saved);
}

export function hostToken(tableId) {
  const value = read(hostKey(tableId));
  return value && typeof value.token === "string" ? value.token : null;
}

export function saveHostToken(tableId, token) {
  write(hostKey(tableId), { token });
}

export function savedName() {
  const value = read("tote.name");
  return value && typeof value.name === "string" ? value.name : "";
}

export function saveName(name) {
  write("tote.name", { name });
}

// ------------------------------------------------------------------ seat links
// The seat links a host handed out (issue 16): kept here so the host panel can show
// them again; tokens are stored hashed on the server, which cannot show them twice.

export const linksKey = (tableId) => `tote.links.${tableId}`;

/** The links saved for a table: {"2": {name, token}, ...}. */
export function savedLinks(tableId) {
  const value = read(linksKey(tableId));
  return value && typeof value === "object" ? value : {};
}

export function saveLinks(tableId, links) {
  const saved = savedLinks(tableId);
  for (const link of links) saved[String(link.seat)] = { name: link.name || "", token: link.token };
  write(linksKey(tableId), saved);
}
