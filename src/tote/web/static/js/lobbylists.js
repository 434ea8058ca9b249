// The lobby's lists (issue 27, Add): the games in progress, to watch (game, players,
// how far along, and which wait on an absent player: item 8), and the finished games
// (date, winner, variant), each linked to its replay. Read from GET /api/lobby, which
// says everything in words (names, variants), never in ids.

import { get } from "./api.js";
import { fill, h, plural } from "./ui.js";

const SHOWN = 10;
const REFRESH_MS = 15000;

/** "5 minutes ago", "2 hours ago", or the date for older moments. */
export function ago(iso, now = Date.now()) {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return "";
  const minutes = Math.max(0, Math.round((now - at.getTime()) / 60000));
  if (minutes < 1) return "just now";
  if (minutes < 60) return `${plural(minutes, "minute")} ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${plural(hours, "hour")} ago`;
  return at.toLocaleDateString([], { year: "numeric", month: "short", day: "numeric" });
}

function when(iso) {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return "";
  return at.toLocaleString([], { year: "numeric", month: "short", day: "numeric", hour: "2-digit", minute: "2-digit" });
}

function andList(words) {
  if (words.length <= 1) return words.join("");
  return `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}`;
}

function titleOf(t) {
  return h("strong", null, t.title, t.variants.length ? h("small.muted", null, ` · ${t.variants.join(", ")}`) : null);
}

function playingItem(t) {
  const facts = `${andList(t.players)} · ${plural(t.moves, "move")} played · started ${ago(t.started)}`;
  return h(
    "li.table-item",
    { dataset: { table: t.id } },
    h(
      "div",
      null,
      titleOf(t),
      h("div.table-facts", null, facts),
      t.waiting_on.length ? h("span.waiting", null, `Waiting on ${andList(t.waiting_on)}: timed out twice in a row`) : null,
    ),
    h("a.button.watch-link", { href: `/t/${encodeURIComponent(t.id)}`, "aria-label": `Watch ${t.title}: ${andList(t.players)}` }, "Watch"),
  );
}

function finishedItem(t) {
  const won = t.winners.length ? `${andList(t.winners)} ${t.winners.length > 1 ? "shared the win" : "won"}` : "no winner recorded";
  return h(
    "li.table-item",
    { dataset: { table: t.id } },
    h(
      "div",
      null,
      titleOf(t),
      h("div.table-facts", null, h("span.winner", null, won), ` · ${andList(t.players)}`),
      h("div.table-facts", null, `Finished ${when(t.finished || t.started)} · ${plural(t.moves, "move")}`),
    ),
    h("a.button.replay-link", { href: `/replay/${encodeURIComponent(t.id)}`, "aria-label": `Watch the replay: ${t.title}, ${won}` }, "Watch the replay"),
  );
}

export async function loadLobbyLists() {
  const playing = document.getElementById("playing-list");
  const finished = document.getElementById("finished-list");
  if (!playing || !finished) return;
  let lists;
  try {
    lists = await get(`/api/lobby?limit=${SHOWN}`);
  } catch (err) {
    fill(playing, h("p.error-text", null, `Cannot load the games: ${err.message}`));
    return;
  }
  fill(playing, lists.playing.length ? h("ul.table-list.lobby-list", null, lists.playing.map(playingItem)) : h("p.muted", null, "No game in progress right now."));
  fill(finished, lists.finished.length ? h("ul.table-list.lobby-list", null, lists.finished.map(finishedItem)) : h("p.muted", null, "No finished games yet."));
}

loadLobbyLists();
setInterval(() => {
  if (!document.hidden) loadLobbyLists();
}, REFRESH_MS);
