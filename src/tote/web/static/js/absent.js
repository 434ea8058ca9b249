// Item 8 of issue 27, "abandoned tables": when the host is the absent one (the host's
// own seat timed out twice in a row and no bot plays it), every other seated player is
// offered to hand that seat to a bot in one click. The host's own tools
// (hosttools.js) make the same offer for any player's seat.

import { post } from "./api.js";
import { TIMEOUTS_OFFERED, tableAfter } from "./hosttools.js";
import { base, context, hooks, page } from "./tablepage.js";
import { h, toast } from "./ui.js";

/** The offer, for a seated player who is not the host, or null. */
export function absentHostOffer() {
  const table = page.table;
  if (!table || table.status !== "playing" || page.host || !page.token) return null;
  const hostSeat = table.hostSeat;
  if (hostSeat === null || hostSeat === page.seat || page.seat === null) return null;
  const seat = table.seats[hostSeat];
  if (!seat || seat.bot || seat.standIn || seat.timeouts < TIMEOUTS_OFFERED) return null;
  const name = context().names[hostSeat] || seat.name;
  const bot = (page.game && page.game.defaultBot) || "";
  return h(
    "div.absent-host",
    { dataset: { seat: String(hostSeat) } },
    h("p", null, `${name} (the host) ran out of time ${seat.timeouts} times in a row. Any player may let a bot play their seat until they come back.`),
    h(
      "button.primary#absent-hand-over",
      {
        type: "button",
        onclick: async (e) => {
          e.target.disabled = true;
          try {
            const answer = await post(`${base}/seats/${hostSeat}/bot`, bot ? { bot } : undefined, { headers: { "X-Seat-Token": page.token } });
            toast(`A bot plays ${name}'s seat until they come back.`, "info");
            await tableAfter(answer);
            hooks.renderChrome();
          } catch (err) {
            e.target.disabled = false;
            toast(err.message, "error", "Refused");
          }
        },
      },
      `Let a bot play for ${name}`,
    ),
  );
}
