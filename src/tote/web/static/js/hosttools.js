// The host's tools around the game (issue 16): the clock, seats of absent players
// (let a bot play them, give them back), and every seat's link, shown again.

import { post, savedLinks, saveLinks } from "./api.js";
import { base, context, hooks, loadTable, page, tableId } from "./tablepage.js";
import { normaliseTable } from "./model.js";
import { h, toast, toastRefusal } from "./ui.js";

/** Timeouts in a row after which the host is offered a bot for the seat. */
export const TIMEOUTS_OFFERED = 2;

/** A string that changes whenever what these tools show changes (redraw key). */
export function hostToolsKey() {
  const t = page.table;
  if (!t) return "";
  const seats = t.seats.map((s) => `${s.seat}:${s.taken}:${s.reserved}:${s.standIn}:${s.connected}:${Math.min(s.timeouts, TIMEOUTS_OFFERED)}`);
  return `${t.moveSeconds}|${t.rematch}|${seats.join(",")}|${page.linksOpen ? `open:${page.linksMade || 0}` : "closed"}`;
}

/**
 * After a host's call: the table it answered (the live table, with who is here) or,
 * for answers without one, the table as the store has it.
 */
export async function tableAfter(answer) {
  if (answer && Array.isArray(answer.seats)) {
    page.table = normaliseTable(answer);
    return;
  }
  const before = page.table;
  await loadTable();
  // The store's table does not know who is here: keep what the live table said.
  if (!before || !page.table || before.status !== page.table.status) return;
  for (const seat of page.table.seats) {
    const was = before.seats[seat.seat];
    if (was && seat.connected === null) Object.assign(seat, { connected: was.connected, timeouts: was.timeouts });
  }
}

async function hostCall(path, body, done) {
  try {
    const answer = await post(`${base}/${path}`, body, { headers: { "X-Host-Token": page.host } });
    if (done) toast(done, "info");
    await tableAfter(answer);
    hooks.renderChrome();
    return answer;
  } catch (err) {
    toastRefusal(err.rule, err.message, "Refused");
    return null;
  }
}

/**
 * What the clock does now, in words. A game with timers of its own (Wits & Wagers'
 * 30 s to write a guess, 30 s to bet: its module's `ownTimers(options)`) keeps them,
 * and the table's clock counts only where the game has none (issue 27 item 7).
 */
function clockNow(seconds) {
  const module = page.module;
  const own = module && typeof module.ownTimers === "function" ? module.ownTimers(page.table.options || {}) : null;
  const table = seconds ? `${seconds} s a move; when it runs out, the server moves for the seat.` : "No clock: the game waits for every player.";
  if (!own) return table;
  if (own.always) return `${own.words}; the game keeps its own timers, so the clock below is not used.`;
  return `${own.words}; elsewhere ${seconds ? `${seconds} s a move (the clock below)` : "no clock: the game waits for every player"}.`;
}

/** The clock: its time a move, changed or switched off by the host. */
export function clockTools() {
  const seconds = page.table.moveSeconds;
  const input = h("input#clock-seconds", { type: "number", min: "1", max: "86400", step: "1", inputmode: "numeric", value: seconds ? String(seconds) : "", placeholder: "seconds", "aria-label": "Seconds a move" });
  return h(
    "div.host-clock",
    null,
    h("h4", null, "Clock"),
    h("p.help#clock-now", null, clockNow(seconds)),
    h(
      "div.row",
      null,
      input,
      h("span.muted", null, "s"),
      h(
        "button.small#clock-set",
        {
          type: "button",
          onclick: () => {
            const value = Math.trunc(Number(input.value));
            if (!(value >= 1 && value <= 86400)) {
              toast("The clock takes 1 to 86400 seconds a move.", "error", "Clock");
              return;
            }
            hostCall("clock", { move_seconds: value }, `The clock is ${value} s a move.`);
          },
        },
        "Set",
      ),
      seconds ? h("button.small.ghost#clock-off", { type: "button", onclick: () => hostCall("clock", { move_seconds: null }, "The clock is off.") }, "Switch off") : null,
    ),
  );
}

function presence(s) {
  if (s.standIn) return s.connected ? h("span.pill.back", null, "back") : h("span.pill.bot", null, `${s.standIn} bot plays`);
  if (s.timeouts >= TIMEOUTS_OFFERED) return h("span.pill.away", null, `timed out ${s.timeouts}× in a row`);
  if (s.connected === false) return h("span.pill.away", null, "away");
  if (s.connected) return h("span.pill.here", null, "here");
  return null;
}

/** During the game: each player's seat, and a bot for the absent ones (or give back). */
export function absentTools() {
  const table = page.table;
  if (table.status !== "playing") return null;
  const ctx = context();
  const bots = (page.game && page.game.bots) || [];
  const fallback = (page.game && page.game.defaultBot) || bots[0] || "random";
  const rows = table.seats
    .filter((s) => !s.bot)
    .map((s) => {
      const absent = s.connected === false || s.timeouts >= TIMEOUTS_OFFERED;
      let action = null;
      if (s.standIn) {
        action = h("button.small#give-back-" + s.seat, { type: "button", dataset: { giveBack: String(s.seat) }, onclick: () => hostCall(`seats/${s.seat}/human`, undefined, `Seat ${s.seat + 1} is ${ctx.names[s.seat]}'s again.`) }, "Give back");
      } else if (absent) {
        const select = h("select", { "aria-label": `Bot for seat ${s.seat + 1}` }, (bots.length ? bots : [fallback]).map((b) => h("option", { value: b, selected: b === fallback }, b)));
        action = h(
          "span.stand-in",
          null,
          select,
          h("button.small", { type: "button", dataset: { standIn: String(s.seat) }, onclick: () => hostCall(`seats/${s.seat}/bot`, { bot: select.value }, `The ${select.value} bot plays seat ${s.seat + 1} until you give it back.`) }, "Let a bot play"),
        );
      }
      return h("li", { dataset: { seat: String(s.seat) } }, h("span.seat-number", null, `Seat ${s.seat + 1}`), h("span", null, ctx.names[s.seat] || s.name), presence(s), action);
    });
  if (!rows.length) return null;
  return h("div.host-seats", null, h("h4", null, "Players"), h("ul.host-seat-list", null, rows));
}

function linkUrl(seat, token) {
  return `${location.origin}/t/${encodeURIComponent(tableId)}?seat=${seat}&token=${encodeURIComponent(token)}`;
}

/**
 * Every player's seat link: the ones this browser handed out, and new ones on demand.
 * The links (secrets) are put on the page only while the host has them open.
 */
export function linkTools() {
  const table = page.table;
  const saved = savedLinks(tableId);
  const seats = table.seats.filter((s) => !s.bot && (s.taken || s.reserved));
  if (!seats.length) return null;
  const ctx = context();
  return h(
    "details.host-links",
    {
      open: page.linksOpen || undefined,
      ontoggle: (e) => {
        if (Boolean(page.linksOpen) === e.target.open) return;
        page.linksOpen = e.target.open;
        hooks.renderChrome();
      },
    },
    h("summary", null, "Seat links"),
    h("p.help", null, "Each link plays its seat: send it only to that player. “New link” makes a new one; the seat's old link then stops working."),
    (page.linksOpen ? seats : []).map((s) => {
      const link = saved[String(s.seat)];
      return h(
        "div.link-row",
        { dataset: { seat: String(s.seat) } },
        h("span.link-label", null, `Seat ${s.seat + 1}: ${ctx.names[s.seat] || s.name}`),
        link ? h("input.link", { type: "text", readonly: true, value: linkUrl(s.seat, link.token), "aria-label": `Link for seat ${s.seat + 1}, ${ctx.names[s.seat] || s.name}`, onfocus: (e) => e.target.select() }) : h("span.muted", null, "not kept in this browser"),
        h(
          "button.small",
          {
            type: "button",
            dataset: { newLink: String(s.seat) },
            onclick: async () => {
              if (!confirm(`Make a new link for seat ${s.seat + 1}? Its old link stops working.`)) return;
              const answer = await hostCall(`seats/${s.seat}/link`, undefined, `Seat ${s.seat + 1} has a new link.`);
              if (answer && answer.token) {
                saveLinks(tableId, [{ seat: s.seat, name: s.name, token: answer.token }]);
                page.linksOpen = true;
                page.linksMade = (page.linksMade || 0) + 1; // redraw (the key holds no secret)
                hooks.renderChrome();
              }
            },
          },
          "New link",
        ),
      );
    }),
  );
}

/** For everyone during the game: which seats a bot plays while their player is away. */
export function standInNote() {
  const table = page.table;
  if (!table || table.status !== "playing") return null;
  const held = table.seats.filter((s) => s.standIn);
  if (!held.length) return null;
  const ctx = context();
  return held.map((s) =>
    h(
      "p.stand-in-note",
      { dataset: { seat: String(s.seat) } },
      s.seat === ctx.seat && page.token
        ? `The ${s.standIn} bot plays your seat while you are away; the host can give it back to you.`
        : `Bot for ${ctx.names[s.seat] || s.name}: the ${s.standIn} bot plays seat ${s.seat + 1} while they are away.`,
    ),
  );
}
