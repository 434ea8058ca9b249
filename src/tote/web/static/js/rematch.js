// The rematch (issue 16): at the end of a game, one click starts a new table with the
// same seats, options and bots, or follows the rematch another player started. Each
// player gets their own seat back there; the host stays the host.

import { post, savedSeat, saveHostToken, saveSeat } from "./api.js";
import { base, page, tableId } from "./tablepage.js";
import { h, toast, toastRefusal } from "./ui.js";

/** Whether this browser may start or follow the rematch: it sat here, or hosts. */
function mayRematch() {
  return Boolean(page.token || page.host) && Boolean(page.view && page.view.over) && !(page.table && page.table.status === "ended");
}

/** The "Rematch" button for the end of the game (null for spectators). */
export function rematchButton() {
  if (!mayRematch()) return null;
  const started = Boolean(page.table && page.table.rematch);
  return h("button.primary#rematch", { type: "button", onclick: followRematch }, started ? "Join the rematch" : "Rematch");
}

/** A line saying a rematch has started, for the players who have not followed yet. */
export function rematchNote() {
  if (!mayRematch() || !page.table.rematch) return null;
  announceRematch();
  return h("p.rematch-note", null, "A rematch has started: your seat there is kept for you.");
}

export async function followRematch() {
  const headers = {};
  if (page.token) headers["X-Seat-Token"] = page.token;
  if (page.host) headers["X-Host-Token"] = page.host;
  try {
    const answer = await post(`${base}/rematch`, undefined, { headers });
    const next = answer.table_id;
    if (answer.host_token) saveHostToken(next, answer.host_token);
    if (answer.token && answer.seat !== null) {
      const mine = savedSeat(tableId, page.seat);
      saveSeat(next, answer.seat, answer.token, (mine && mine.name) || "");
    }
    location.href = `/t/${encodeURIComponent(next)}${answer.seat !== null ? `#seat=${answer.seat}` : ""}`;
  } catch (err) {
    toastRefusal(err.rule, err.message, "No rematch");
  }
}

let announced = null;

/** Tell the players once when someone else started the rematch (a `table` message). */
function announceRematch() {
  const next = page.table && page.table.rematch;
  if (!next || announced === next || !mayRematch()) return;
  announced = next;
  toast("Rematch started: press “Join the rematch” to keep your seat.", "info");
}
