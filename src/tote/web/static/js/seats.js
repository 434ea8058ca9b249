// The panels around the board before and beside the game: joining a seat, the
// seats while the table waits, and the host's tools (bots, start, end).

import { post, savedName, saveName, saveSeat } from "./api.js";
import { $, base, context, hooks, loadTable, page, rewriteUrl, tableId } from "./tablepage.js";
import { absentHostOffer } from "./absent.js";
import { absentTools, clockTools, hostToolsKey, linkTools, standInNote, tableAfter } from "./hosttools.js";
import { fill, h, seatDot, toast, toastRefusal } from "./ui.js";

export function freeSeats() {
  return page.table ? page.table.seats.filter((s) => s.free) : [];
}

export function renderJoin() {
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
            hooks.renderAll();
            hooks.connect();
          } catch (err) {
            toastRefusal(err.rule, err.message, "Cannot join");
            await loadTable();
            hooks.renderChrome();
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

export function seatList() {
  const ctx = context();
  return h(
    "ul.seat-list",
    null,
    page.table.seats.map((s) =>
      h(
        "li",
        { dataset: { seat: String(s.seat) } },
        seatDot(s.seat),
        h("span.seat-number", null, `Seat ${s.seat + 1}`),
        s.free ? h("span.pill.free", null, "free") : h("span", null, ctx.names[s.seat]),
        s.reserved ? h("span.pill.kept", null, "kept for them") : null,
        s.bot ? h("span.pill.bot", null, "bot") : null,
        s.seat === ctx.seat && page.token ? h("span.pill.you", null, "you") : null,
      ),
    ),
  );
}

export function renderWaiting() {
  const box = $("waiting");
  const table = page.table;
  if (table && table.status === "ended") {
    box.hidden = false;
    fill(box, h("h2", null, "The host has ended this table"), h("p.help", null, "No more moves can be played here."), h("a.button", { href: "/" }, "Back to the lobby"));
    return;
  }
  const offer = absentHostOffer(); // issue 27, item 8: the host is the absent one
  const notes = standInNote() || offer;
  if (table && table.status === "playing" && notes) {
    box.hidden = false;
    fill(box, standInNote(), offer);
    return;
  }
  if (!table || table.status !== "open") {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  const free = freeSeats().length;
  const kept = table.seats.filter((s) => s.reserved).length;
  fill(
    box,
    h("h2", null, "Waiting for the game to start"),
    seatList(),
    h(
      "p.help",
      null,
      kept
        ? `${kept === 1 ? "One seat is kept for its player" : `${kept} seats are kept for their players`} from the last game: they join with that game's Rematch button${page.host ? ", or you give the seat a bot" : ""}.`
        : free
        ? `${free === 1 ? "One seat is" : `${free} seats are`} free. Share the table link: ${location.origin}/t/${tableId}`
        : page.host
          ? "Everyone is seated: start the game when you are ready."
          : "Everyone is seated: the host starts the game.",
    ),
  );
}

export function renderHost() {
  const box = $("host");
  const table = page.table;
  if (!page.host || !table || table.status === "ended" || table.status === "finished" || (page.view && page.view.over)) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  const open = table.status === "open";
  const free = table.seats.filter((s) => !s.taken);
  const key = `${table.status}|${free.map((s) => s.seat).join(",")}|${hostToolsKey()}`;
  if (box.dataset.key === key) return;
  box.dataset.key = key;
  const hostCall = async (path, body, done) => {
    try {
      const answer = await post(`${base}/${path}`, body, { headers: { "X-Host-Token": page.host } });
      if (done) toast(done, "info");
      await tableAfter(answer);
      hooks.renderChrome();
      if (path === "start" && !page.connected) hooks.connect();
    } catch (err) {
      toastRefusal(err.rule, err.message, "Refused");
    }
  };
  const bots = (page.game && page.game.bots) || [];
  const levels = (page.game && page.game.botLevels) || {};
  fill(
    box,
    h("h3", null, "Host"),
    open && free.length
      ? h(
          "div.bot-add",
          null,
          free.map((s) => {
            const select = h("select", { "aria-label": `Bot for seat ${s.seat + 1}` }, (bots.length ? bots : ["random"]).map((b) => h("option", { value: b, title: levels[b] || "" }, levels[b] ? `${b}: ${levels[b]}` : b)));
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
    clockTools(),
    absentTools(),
    linkTools(),
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
