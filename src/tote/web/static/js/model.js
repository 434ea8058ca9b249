// The API's answers, read into the few shapes the pages use.

import { OPTION_WORDS, wordsOf } from "./optionwords.js";

/** data may be a list or {key: list}. */
export function listOf(data, key) {
  if (Array.isArray(data)) return data;
  if (data && Array.isArray(data[key])) return data[key];
  return [];
}

const BLURBS = {
  "winners-circle": "Horse racing: bet on three horses, then run the race together",
  "wits-and-wagers": "Trivia: guess a number, then bet on the best guess",
  carcassonne: "Tiles: build roads and cities, and bet on how big they grow",
  "horse-fever": "Stables, bets and fixed races: the most victory points wins",
  wetten: "Four horses: secret bet tickets, race cards played face down",
};

const NOTES = {
  "wits-and-wagers": "4 to 20 people, at 2 to 7 seats: with fewer than 4 seats, play in teams of 1 to 3. Write each team's members under its seat (ages break a final tie: the youngest wins).",
};

const DEFAULT_PLAYERS = { "wits-and-wagers": 4, "winners-circle": 3, "horse-fever": 3 };

function variantsOf(raw) {
  if (!raw) return [];
  const list = Array.isArray(raw)
    ? raw.map((v) => (typeof v === "string" ? { name: v } : { ...v, name: v.name || v.id }))
    : Object.entries(raw).map(([name, v]) => {
        if (typeof v === "string") return { name, description: v };
        if (Array.isArray(v)) return { name, description: String(v[0] || "") };
        return { name, ...(v || {}) };
      });
  return list.map((v) => ({
    name: v.name,
    label: v.title || v.label || wordsOf(v.name),
    description: v.description || v.help || "",
    options: v.options && typeof v.options === "object" ? v.options : {},
  }));
}

/**
 * The game options a form can show, from the game's JSON schema: switches, choices
 * and numbers. Left out: switches and choices a variant sets (its checkbox says it), options naming
 * a file on the server (refused over the network), and lists or objects (the JSON
 * box takes those). Each: {name, label, kind: "bool" | "choice" | "number",
 * choices, min, max, default, optional}.
 */
export function formOptions(game) {
  const schema = game.optionsSchema;
  if (!schema || !schema.properties) return [];
  // A variant that turns a switch or picks a choice has its checkbox; numbers stay
  // (a variant applies on top of them: "untimed" clears the timers whatever they say).
  const byVariant = new Set(
    game.variants.flatMap((v) =>
      Object.entries(v.options)
        .filter(([, value]) => typeof value === "boolean" || typeof value === "string")
        .map(([key]) => key),
    ),
  );
  const fields = [];
  for (const [name, prop] of Object.entries(schema.properties)) {
    if (byVariant.has(name) || name.endsWith("_file") || name.endsWith("_pack")) continue;
    if ("const" in prop) continue; // a ruling with one reading: nothing to choose
    const kinds = prop.anyOf || [prop];
    const main = kinds.find((k) => k.type !== "null") || {};
    const optional = kinds.some((k) => k.type === "null");
    // Issue 27 item 3: a label and a one-line explanation in words, never the option's name.
    const words = (OPTION_WORDS[game.id] || {})[name] || {};
    const field = {
      name,
      label: words.label || wordsOf(name),
      default: prop.default,
      optional,
      help: words.help || prop.description || "",
      choiceWords: words.choices || {},
    };
    if (main.type === "boolean") fields.push({ ...field, kind: "bool" });
    else if (Array.isArray(main.enum)) fields.push({ ...field, kind: "choice", choices: main.enum });
    else if (main.type === "integer" || main.type === "number")
      fields.push({ ...field, kind: "number", min: main.minimum, max: main.maximum, integer: main.type === "integer" });
  }
  return fields;
}

function botsOf(raw) {
  if (!raw) return [];
  if (Array.isArray(raw)) return raw.map((b) => (typeof b === "string" ? b : b.name || b.id));
  return Object.keys(raw);
}

function playersOf(g) {
  const p = g.players || g.player_counts || {};
  const min = g.min_players ?? p.min ?? (Array.isArray(p) ? Math.min(...p) : 2);
  const max = g.max_players ?? p.max ?? (Array.isArray(p) ? Math.max(...p) : 6);
  return { min: Number(min), max: Number(max) };
}

export function normaliseGame(g) {
  const { min, max } = playersOf(g);
  return {
    id: g.id,
    title: g.title || g.id,
    min,
    max,
    defaultPlayers: DEFAULT_PLAYERS[g.id] || min,
    variants: variantsOf(g.variants),
    bots: botsOf(g.bots),
    defaultBot: g.default_bot || null,
    botLevels: g.bot_levels || {},
    toteBoard: Boolean(g.tote_board),
    optionsSchema: g.options_schema || null,
    note: NOTES[g.id] || g.players_note || null,
    blurb: BLURBS[g.id] || g.description || "",
  };
}

/** A seat of a table: {seat, name, bot, taken, free}. */
export function normaliseSeat(s, i) {
  const bot = s.bot || null;
  const taken = Boolean(bot) || Boolean(s.taken ?? s.joined ?? s.human ?? false);
  const reserved = Boolean(s.reserved) && !taken;
  // Issue 16: a rematch seat kept for its player, a bot standing in for an absent player.
  const around = { reserved, standIn: s.stand_in || null, connected: s.connected ?? null, timeouts: s.timeouts || 0 };
  return { seat: s.seat ?? i, name: s.name || "", bot, taken, free: !taken && !reserved, ...around };
}

const cap = (text) => String(text).charAt(0).toUpperCase() + String(text).slice(1);

/**
 * Bots keep the server's placeholder name ("Player 3"): call them by their bot,
 * numbered when a table has several of one kind ("Odds bot 1", "Odds bot 2"), in the
 * lobby as at the table (issue 27 item 3).
 */
function nameBots(seats) {
  const unnamed = (s) => s.bot && (!s.name || /^Player \d+$/.test(s.name));
  const kinds = {};
  for (const s of seats) if (unnamed(s)) kinds[s.bot] = (kinds[s.bot] || 0) + 1;
  const counted = {};
  for (const s of seats) {
    if (!unnamed(s)) continue;
    counted[s.bot] = (counted[s.bot] || 0) + 1;
    s.name = `${cap(s.bot)} bot${kinds[s.bot] > 1 ? ` ${counted[s.bot]}` : ""}`;
  }
  return seats;
}

export function normaliseTable(t) {
  const seats = nameBots(listOf(t.seats || [], "seats").map(normaliseSeat));
  let variants = t.variants || [];
  if (!Array.isArray(variants)) variants = Object.keys(variants);
  return {
    id: t.table_id || t.id,
    game: t.game,
    title: t.title || "",
    status: t.status || "open",
    seats,
    variants,
    // The variants in words for lists ("Royal turf", not "royal-turf": issue 27 item 3).
    variantWords: variants.map(wordsOf),
    options: t.options || {},
    players: t.players || seats.length,
    toteBoard: Boolean(t.tote_board),
    moveSeconds: t.move_seconds ?? null,
    rematch: t.rematch || null,
    hostSeat: Number.isInteger(t.host_seat) ? t.host_seat : null, // issue 27, item 8
    spectatorChat: Boolean(t.spectator_chat), // issue 27: the host lets spectators chat
  };
}
