// Table chat (issue 27, Add): a short message box at every table, for its seated
// players and, if the host allows, its spectators; a few quick reactions; the host's
// switch for spectators. On the replay page the same list shows, read-only, the
// messages said up to the step shown.
//
// A message is only what a person typed: it is always put on the page as text
// (h() makes text nodes, never markup), with its seat's letter and colour as
// everywhere else. The server bounds it (length, rate, how many a table keeps) and
// answers a refused one with an error of rule "chat", shown here in one line.

import { post, savedName } from "./api.js";
import { fill, h, seatDot } from "./ui.js";

/** Longest message (the server's MAX_CHAT). */
export const MAX_CHAT = 200;
/** Messages shown at most (the server keeps 300 a table). */
const SHOWN = 300;
/** Quick reactions: one click says them. */
export const REACTIONS = ["Good luck!", "Well played!", "Nice move!", "Oops!", "Thanks!", "Good game!"];

const chat = {
  lines: new Map(), // id -> message
  box: null,
  send: null, // (message) -> bool: sent over the table's socket
  page: null, // the table page's shared state (tablepage.js), or null on the replay page
  base: "",
  upTo: null, // replay: show messages said at or before this many moves
  key: "",
  names: "",
  lastNames: [],
};

function say(text) {
  const note = chat.box && chat.box.querySelector("#chat-note");
  const message = { type: "chat", text };
  const name = chat.box && chat.box.querySelector("#chat-name");
  if (name && name.value.trim()) message.name = name.value.trim();
  if (!chat.send || !chat.send(message)) {
    if (note) note.textContent = "Not connected: the message was not sent. Try again in a moment.";
    return false;
  }
  if (note) note.textContent = "";
  return true;
}

function who(line, names) {
  if (line.seat === null || line.seat === undefined) return [h("span.chat-watching", null, "watching"), ` ${line.name}`];
  return [seatDot(line.seat), ` ${names[line.seat] || line.name}`];
}

function lineItem(line, names) {
  const at = new Date(line.at);
  const time = Number.isNaN(at.getTime()) ? "" : at.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
  return h(
    "li.chat-line",
    { dataset: { id: String(line.id), seat: line.seat === null ? "" : String(line.seat) } },
    h("span.chat-who", null, ...who(line, names), ": "),
    h("span.chat-text", null, line.text),
    time ? h("time.chat-time", { datetime: line.at }, time) : null,
  );
}

function shownLines() {
  const all = [...chat.lines.values()].sort((a, b) => a.id - b.id);
  const lines = chat.upTo === null ? all : all.filter((l) => l.version <= chat.upTo);
  return lines.slice(-SHOWN);
}

function drawLines(names) {
  const list = chat.box && chat.box.querySelector("#chat-lines");
  if (!list) return;
  if (names && names.length) chat.lastNames = names;
  else names = chat.lastNames || [];
  const lines = shownLines();
  const atBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 40;
  fill(list, lines.length ? lines.map((l) => lineItem(l, names)) : h("li.muted.chat-empty", null, chat.upTo === null ? "Nothing said yet." : "Nothing said yet at this point of the game."));
  if (atBottom || lines.length <= 1) list.scrollTop = list.scrollHeight;
}

/** Who may write here: seated players; spectators when the host allows it. */
function mayWrite() {
  const page = chat.page;
  if (!page || !page.table) return false;
  if (page.token && page.seat !== null && page.seat !== undefined) return true;
  return page.table.spectatorChat;
}

function hostSwitch() {
  const page = chat.page;
  if (!page || !page.host || !page.table) return null;
  return h(
    "label.chat-host.inline",
    null,
    h("input#chat-spectators", {
      type: "checkbox",
      checked: page.table.spectatorChat || undefined,
      onchange: async (e) => {
        const allow = e.target.checked;
        const note = chat.box.querySelector("#chat-note");
        try {
          await post(`${chat.base}/chat/spectators`, { spectators: allow }, { headers: { "X-Host-Token": page.host } });
          page.table.spectatorChat = allow;
          note.textContent = allow ? "Spectators may chat now." : "Only the players chat now.";
        } catch (err) {
          e.target.checked = !allow;
          note.textContent = err.message;
        }
        update();
      },
    }),
    " Spectators may chat (host)",
  );
}

function writeForm() {
  const page = chat.page;
  if (!mayWrite()) {
    return h("p.help#chat-closed", null, "Only the players chat at this table; the host can let spectators join in.");
  }
  const spectator = !(page.token && page.seat !== null && page.seat !== undefined);
  const input = h("input#chat-input", { type: "text", maxlength: String(MAX_CHAT), placeholder: "Say something", "aria-label": "Chat message", autocomplete: "off", enterkeyhint: "send" });
  return [
    h(
      "div.chat-reactions",
      { role: "group", "aria-label": "Quick reactions" },
      REACTIONS.map((text) => h("button.small.ghost.chat-reaction", { type: "button", onclick: () => say(text) }, text)),
    ),
    spectator ? h("input#chat-name", { type: "text", maxlength: "40", placeholder: "Your name (watching)", "aria-label": "Your name in the chat", value: savedName() }) : null,
    h(
      "form.chat-form",
      {
        onsubmit: (e) => {
          e.preventDefault();
          const text = input.value.trim();
          if (!text) return;
          if (say(text)) input.value = "";
        },
      },
      input,
      h("button.small.primary#chat-send", { type: "submit" }, "Send"),
    ),
  ];
}

/** Redraw the writing part when who may write changes (renderChrome calls this). */
export function update(names) {
  if (!chat.box || !chat.page) return;
  const page = chat.page;
  const key = `${mayWrite()}|${Boolean(page.host)}|${page.table && page.table.spectatorChat}|${page.seat}|${Boolean(page.token)}`;
  if (names && names.join("\n") !== chat.names) {
    chat.names = names.join("\n");
    drawLines(names);
  }
  if (key === chat.key) return;
  chat.key = key;
  fill(chat.box.querySelector("#chat-write"), hostSwitch(), writeForm());
}

function panel() {
  return h(
    "section#chat.panel.chat",
    { "aria-labelledby": "chat-title" },
    h("h3#chat-title", null, "Table chat"),
    h("ol#chat-lines.chat-lines", { "aria-live": "polite", "aria-label": "Messages", tabindex: "0" }),
    h("div#chat-write"),
    h("p#chat-note.chat-note", { role: "status" }),
  );
}

/**
 * The table page: put the panel in `aside` (before the log), `send` a message over
 * the socket (returns false when it is down), `page` the shared state, `base` the
 * table's API path.
 */
export function setUp(aside, send, page, base) {
  Object.assign(chat, { send, page, base, box: panel() });
  const log = aside.querySelector("#log-panel");
  aside.insertBefore(chat.box, log);
  drawLines([]);
  update();
}

/** A "chat" message from the server: the lines kept (on connecting), or new ones. */
export function received(message, names) {
  for (const line of message.messages || []) {
    if (line && Number.isInteger(line.id) && typeof line.text === "string") chat.lines.set(line.id, line);
  }
  while (chat.lines.size > SHOWN) chat.lines.delete(Math.min(...chat.lines.keys()));
  drawLines(names);
}

/** An error of rule "chat" is the chat's to show (one line, under the box). */
export function refused(message) {
  if (message.rule !== "chat" || !chat.box) return false;
  chat.box.querySelector("#chat-note").textContent = message.message || "The message was refused.";
  return true;
}

/** The replay page: the table's messages, read once, shown up to the step's moves. */
export async function setUpReplay(aside, tableId, get) {
  chat.box = panel();
  chat.box.querySelector("#chat-title").textContent = "Table chat";
  aside.insertBefore(chat.box, aside.querySelector("#log-panel"));
  if (chat.upTo === null) chat.upTo = 0;
  try {
    const answer = await get(`/api/tables/${encodeURIComponent(tableId)}/chat`);
    received({ messages: answer.messages }, []);
  } catch (err) {
    chat.box.querySelector("#chat-note").textContent = `The chat cannot be read: ${err.message}`;
  }
}

/** The replay shows `moves` moves of the record: the messages said by then. */
export function showUpTo(moves, names) {
  if (!chat.box) return;
  chat.upTo = moves;
  drawLines(names);
}
