// The lobby: open tables, and a form to create a table and hand out seat links.

import { get, post, saveHostToken, saveLinks, saveSeat, savedName, saveName } from "./api.js";
import { formOptions, normaliseGame, normaliseTable, listOf } from "./model.js";
import { CHOICE_WORDS, wordsOf } from "./optionwords.js";
import { fill, h, plural, toast, toastRefusal } from "./ui.js";

const DEFAULT_MOVE_SECONDS = 120; // the server's default clock (issue 16), shown in the form

const state = {
  games: [],
  game: null, // the chosen game (normalised)
  seats: [], // per seat: {kind: "me" | "friend" | "open" | "bot", name, bot}
};

const $ = (id) => document.getElementById(id);

// ------------------------------------------------------------------ games
async function loadGames() {
  try {
    const data = await get("/api/games");
    state.games = listOf(data, "games").map(normaliseGame);
  } catch (err) {
    fill($("game-choice"), h("p.error-text", null, `Cannot load the games: ${err.message}`));
    return;
  }
  const wanted = new URLSearchParams(location.search).get("game");
  chooseGame(state.games.find((g) => g.id === wanted) || state.games[0]);
}

function chooseGame(game) {
  state.game = game;
  renderGameChoice();
  if (!game) return;
  const count = Math.min(Math.max(game.defaultPlayers, game.min), game.max);
  state.seats = [];
  resizeSeats(count);
  renderSetup();
  $("create-button").disabled = false;
}

function renderGameChoice() {
  const box = $("game-choice");
  if (!state.games.length) {
    fill(box, h("p.muted", null, "This server has no games."));
    return;
  }
  fill(
    box,
    h("div.label", null, "Game"),
    h(
      "div.choice-row",
      { role: "radiogroup" },
      state.games.map((game) =>
        h(
          "button.choice",
          {
            type: "button",
            role: "radio",
            "aria-checked": String(game === state.game),
            class: game === state.game ? "selected" : "",
            dataset: { game: game.id },
            onclick: () => chooseGame(game),
          },
          h("strong", null, game.title),
          h("small", null, game.blurb || `${game.min}–${game.max} players`),
        ),
      ),
    ),
  );
}

function resizeSeats(count) {
  const seats = state.seats.slice(0, count);
  while (seats.length < count) {
    const i = seats.length;
    if (i === 0) seats.push({ kind: "me", name: savedName(), bot: "" });
    else seats.push({ kind: "friend", name: "", bot: state.game.defaultBot || state.game.bots[0] || "" });
  }
  state.seats = seats;
}

function renderSetup() {
  const game = state.game;
  const box = $("game-setup");
  const counts = [];
  for (let n = game.min; n <= game.max; n += 1) counts.push(n);
  fill(
    box,
    game.note ? h("p.help", null, game.note) : null,
    variantFields(game),
    h(
      "label.inline",
      null,
      h("span.label", null, "Seats"),
      h(
        "select#seat-count",
        {
          name: "players",
          onchange: (e) => {
            resizeSeats(Number(e.target.value));
            renderSeats();
          },
        },
        counts.map((n) => h("option", { value: String(n), selected: n === state.seats.length }, String(n))),
      ),
    ),
    h("div#seat-rows.seat-rows"),
    h(
      "label.inline.clock-field",
      null,
      h("span.label", null, "Time per move"),
      h("input#move-seconds", { type: "number", min: "1", max: "86400", step: "1", inputmode: "numeric", placeholder: "no clock", value: String(DEFAULT_MOVE_SECONDS) }),
      h("span.muted", null, "seconds; empty: no clock. When it runs out, the server moves for the seat (games with timers of their own keep theirs)."),
    ),
    h(
      "details.advanced",
      null,
      h("summary", null, "More options"),
      game.toteBoard ? toteBoardFields() : null,
      formOptions(game).map(optionField),
      h(
        "label.block",
        null,
        h("span.label", null, "Other game options (JSON)"),
        h("textarea#options-json", { rows: "3", placeholder: jsonExample(game), spellcheck: "false" }),
      ),
      h("p.help", null, "Rare settings, as the game's options take them. Leave empty for the rulebook's defaults."),
    ),
  );
  renderSeats();
}

/**
 * The variants: a checkbox each, except variants that set one option to different
 * values (Horse Fever's Family and Party Games both set `mode`): those exclude each
 * other, so they are one choice, a radio group with the rulebook's game as its
 * default (issue 27 item 3).
 */
function variantFields(game) {
  if (!game.variants.length) return null;
  const byKey = new Map();
  for (const v of game.variants) {
    for (const [key, value] of Object.entries(v.options)) {
      if (typeof value !== "string") continue;
      if (!byKey.has(key)) byKey.set(key, []);
      byKey.get(key).push(v);
    }
  }
  const grouped = new Set();
  const groups = [];
  for (const [key, list] of byKey) {
    if (list.length < 2 || list.some((v) => grouped.has(v))) continue;
    list.forEach((v) => grouped.add(v));
    groups.push([key, list]);
  }
  const described = (strong, small) => h("span", null, h("strong", null, strong), small ? h("small", null, small) : null);
  return h(
    "fieldset.variants",
    null,
    h("legend", null, "Variants"),
    groups.map(([key, list]) => {
      const words = CHOICE_WORDS[key] || { label: wordsOf(key), none: "As the rulebook plays it" };
      return h(
        "fieldset.variant-choice",
        { dataset: { choice: key } },
        h("legend", null, words.label),
        h("label.check", null, h("input", { type: "radio", name: `variant-${key}`, value: "", checked: true }), described(words.none, "")),
        list.map((v) => h("label.check", null, h("input", { type: "radio", name: `variant-${key}`, value: v.name, dataset: { variant: v.name } }), described(v.label, v.description))),
      );
    }),
    game.variants
      .filter((v) => !grouped.has(v))
      .map((v) => h("label.check", null, h("input", { type: "checkbox", name: "variant", value: v.name, dataset: { variant: v.name } }), described(v.label, v.description))),
  );
}

/** A hint for the JSON box: the game's options that have no field of their own. */
function jsonExample(game) {
  const props = (game.optionsSchema && game.optionsSchema.properties) || {};
  const shown = new Set(formOptions(game).map((f) => f.name));
  const rest = Object.keys(props).filter((name) => !shown.has(name) && !name.endsWith("_file") && !name.endsWith("_pack"));
  const lists = rest.filter((name) => props[name].type === "array" && !(name === "teams" && hasTeams(game)));
  return lists.length ? `{"${lists[0]}": [...]}` : "{}";
}

/** The tote board switch, and how its worlds imagine the others' later play (issue 25):
 *  at random, or as the game's normal bot plays (closer to people, slower). */
function toteBoardFields() {
  const policy = h(
    "select#tote-board-policy",
    { disabled: true, "aria-describedby": "tote-board-policy-help" },
    h("option", { value: "random", selected: true }, "playing at random (quick, narrow ranges)"),
    h("option", { value: "normal" }, "playing as the normal bot does (closer to people, wider ranges)"),
  );
  const box = h("input#tote-board", { type: "checkbox", onchange: () => (policy.disabled = !box.checked) });
  return h(
    "div.tote-board-fields",
    null,
    h("label.inline", null, box, h("span", null, "Tote board (each player sees the odds of their bets, from what they know)")),
    h("label.block", null, h("span.label", null, "The board imagines the other players"), policy),
    h(
      "p.help#tote-board-policy-help",
      null,
      "The board plays the game on many times from what you know. People play better than at random; imagining them as the normal bot takes a few seconds and gives wider ranges.",
    ),
  );
}

/** One game option as a form field, showing the rulebook's default. */
function optionField(field) {
  const attrs = { dataset: { option: field.name, kind: field.kind } };
  if (field.kind === "bool") {
    return h(
      "label.check",
      null,
      h("input", { type: "checkbox", checked: Boolean(field.default), ...attrs }),
      h("span", null, h("strong", null, field.label), field.help ? h("small", null, field.help) : null),
    );
  }
  const input =
    field.kind === "choice"
      ? h(
          "select",
          attrs,
          field.choices.map((c) => h("option", { value: String(c), selected: c === field.default }, field.choiceWords[c] || wordsOf(c))),
        )
      : h("input", {
          type: "number",
          step: field.integer ? "1" : "any",
          min: field.min === undefined ? null : String(field.min),
          max: field.max === undefined ? null : String(field.max),
          placeholder: field.default === null || field.default === undefined ? "none" : String(field.default),
          inputmode: "numeric",
          ...attrs,
        });
  return h(
    "div.option-field",
    null,
    h("label.inline", null, h("span.label", null, field.label), input),
    field.help ? h("small.help", null, field.help) : null,
  );
}

/** The option fields changed from their defaults, as the game's options take them. */
function changedOptions() {
  const fields = new Map(formOptions(state.game).map((f) => [f.name, f]));
  const options = {};
  for (const el of document.querySelectorAll("#game-setup [data-option]")) {
    const field = fields.get(el.dataset.option);
    if (!field) continue;
    let value;
    if (field.kind === "bool") value = el.checked;
    else if (field.kind === "choice") value = el.value;
    else if (el.value.trim() === "") continue;
    else value = Number(el.value);
    if (value !== field.default) options[field.name] = value;
  }
  return options;
}

function renderSeats() {
  const game = state.game;
  const rows = state.seats.map((seat, i) => {
    const kinds = [
      ["me", "Me"],
      ["friend", "A friend (send a link)"],
      ["open", "Anyone with the table link"],
      ...game.bots.map((b) => [`bot:${b}`, `Bot: ${b}${b === game.defaultBot ? " (default)" : ""}`]),
    ];
    const value = seat.kind === "bot" ? `bot:${seat.bot}` : seat.kind;
    const needsName = seat.kind === "me" || seat.kind === "friend";
    return h(
      "div.seat-row",
      { dataset: { seat: String(i) } },
      h("span.seat-number", null, `Seat ${i + 1}`),
      h(
        "select.seat-kind",
        {
          "aria-label": `Seat ${i + 1}`,
          onchange: (e) => {
            const v = e.target.value;
            if (v.startsWith("bot:")) Object.assign(seat, { kind: "bot", bot: v.slice(4) });
            else {
              if (v === "me") for (const other of state.seats) if (other !== seat && other.kind === "me") other.kind = "friend";
              seat.kind = v;
            }
            renderSeats();
          },
        },
        kinds.map(([v, label]) => h("option", { value: v, selected: v === value }, label)),
      ),
      needsName
        ? h("input.seat-name", {
            type: "text",
            maxlength: "40",
            placeholder: seat.kind === "me" ? "Your name" : "Friend's name",
            "aria-label": `Seat ${i + 1} name`,
            value: seat.name,
            oninput: (e) => {
              seat.name = e.target.value;
            },
          })
        : h("span.seat-hint.muted", null, seat.kind === "open" ? "picks a seat and a name" : botHint(game, seat.bot)),
      hasTeams(game) && seat.kind !== "bot"
        ? h("input.seat-members", {
            type: "text",
            maxlength: "120",
            placeholder: "Members if a team: Ann 34, Bo 12",
            "aria-label": `Seat ${i + 1} team members`,
            value: seat.members || "",
            oninput: (e) => {
              seat.members = e.target.value;
            },
          })
        : null,
    );
  });
  fill($("seat-rows"), rows);
}

/** What a bot seat says beside it: how a level plays (issue 25), else that it plays alone. */
function botHint(game, bot) {
  const levels = game.botLevels || {};
  return levels[bot] ? `${bot}: ${levels[bot]}` : "plays by itself";
}

/** Games whose seats may be teams of people (a `teams` option, as Wits & Wagers has). */
function hasTeams(game) {
  const props = (game.optionsSchema && game.optionsSchema.properties) || {};
  return Boolean(props.teams && props.teams.type === "array");
}

/**
 * The `teams` option from the seats' member fields ("Ann 34, Bo 12": names, each with
 * an optional age, which breaks a final tie), or null when no seat names members.
 * A seat without members is a team of one named after the seat.
 */
function teamsFromSeats() {
  if (!hasTeams(state.game) || !state.seats.some((seat) => (seat.members || "").trim())) return null;
  return state.seats.map((seat, i) => {
    const name = seat.name.trim() || (seat.kind === "bot" ? `Bot ${i + 1}` : `Seat ${i + 1}`);
    const members = (seat.members || "")
      .split(",")
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const found = part.match(/^(.*?)\s+(\d{1,3})$/);
        return found ? { name: found[1], age: Number(found[2]) } : { name: part };
      });
    return { name, members: members.length ? members : [{ name }] };
  });
}

// ------------------------------------------------------------------ create
async function createTable(event) {
  event.preventDefault();
  const game = state.game;
  if (!game) return;
  const variants = [...document.querySelectorAll("input[name=variant]:checked, .variant-choice input:checked")].map((i) => i.value).filter(Boolean);
  let options = changedOptions();
  const teams = teamsFromSeats();
  if (teams) options.teams = teams;
  const raw = ($("options-json") && $("options-json").value.trim()) || "";
  if (raw) {
    try {
      options = { ...options, ...JSON.parse(raw) };
    } catch (err) {
      toast(`The game options are not JSON: ${err.message}`);
      return;
    }
  }
  for (const [i, seat] of state.seats.entries()) {
    if ((seat.kind === "me" || seat.kind === "friend") && !seat.name.trim()) {
      toast(`Seat ${i + 1}: write a name (or make the seat open).`);
      return;
    }
  }
  const bots = state.seats
    .map((seat, i) => (seat.kind === "bot" ? { seat: i, bot: seat.bot } : null))
    .filter(Boolean);
  const button = $("create-button");
  button.disabled = true;
  try {
    const body = { game: game.id, players: state.seats.length, variants, options, bots };
    const seconds = Number(($("move-seconds") && $("move-seconds").value) || 0);
    body.move_seconds = seconds > 0 ? Math.trunc(seconds) : null; // null: no clock (issue 16)
    if ($("tote-board") && $("tote-board").checked) {
      body.tote_board = true;
      const policy = $("tote-board-policy") ? $("tote-board-policy").value : "random";
      if (policy !== "random") body.tote_board_policy = policy; // issue 25
    }
    const created = await post("/api/tables", body);
    const tableId = created.table_id || created.id;
    saveHostToken(tableId, created.host_token);
    const links = [];
    for (const [i, seat] of state.seats.entries()) {
      if (seat.kind !== "me" && seat.kind !== "friend") continue;
      // The host's own seat is joined with the host token: the table knows it is the
      // host's (issue 27, item 8: if the host is the absent one, the others may hand it over).
      const asHost = seat.kind === "me" ? { headers: { "X-Host-Token": created.host_token } } : {};
      const joined = await post(`/api/tables/${encodeURIComponent(tableId)}/join`, { seat: i, name: seat.name.trim() }, asHost);
      if (seat.kind === "me") {
        saveSeat(tableId, joined.seat, joined.token, seat.name.trim());
        saveName(seat.name.trim());
      }
      links.push({ seat: joined.seat, kind: seat.kind, name: seat.name.trim(), token: joined.token });
    }
    saveLinks(tableId, links.map((l) => ({ seat: l.seat, name: l.name, token: l.token }))); // the host panel shows them again
    showCreated(tableId, game, links);
    loadTables();
  } catch (err) {
    toastRefusal(err.rule, err.message, "Cannot create the table");
  } finally {
    button.disabled = false;
  }
}

function copyButton(text) {
  return h(
    "button.small",
    {
      type: "button",
      onclick: async (e) => {
        try {
          await navigator.clipboard.writeText(text);
          toast("Copied.", "info");
        } catch (err) {
          // No clipboard (plain http): select the text instead.
          const input = e.target.closest(".link-row").querySelector("input");
          input.select();
        }
      },
    },
    "Copy",
  );
}

function linkRow(label, url, extra) {
  return h(
    "div.link-row",
    null,
    h("span.link-label", null, label),
    h("input.link", { type: "text", readonly: true, value: url, "aria-label": label, onfocus: (e) => e.target.select() }),
    copyButton(url),
    extra || null,
  );
}

function showCreated(tableId, game, links) {
  const origin = location.origin;
  const tablePath = `/t/${encodeURIComponent(tableId)}`;
  const mine = links.find((l) => l.kind === "me");
  const friends = links.filter((l) => l.kind === "friend");
  const open = state.seats.filter((s) => s.kind === "open").length;
  const box = $("created");
  fill(
    box,
    h("h2", null, `Your ${game.title} table is ready`),
    friends.length
      ? [
          h("p.help", null, "Send each friend their own link: it is their seat. Anyone holding a seat link plays that seat, so send it only to them. These links are shown only here."),
          friends.map((l) =>
            linkRow(`Seat ${l.seat + 1}: ${l.name}`, `${origin}${tablePath}?seat=${l.seat}&token=${encodeURIComponent(l.token)}`),
          ),
        ]
      : null,
    h("p.help", null, open ? `${plural(open, "seat is", "seats are")} open: anyone with the table link picks a seat and a name. Spectators watch with it too.` : "Spectators watch with the table link."),
    linkRow("Table link", `${origin}${tablePath}`),
    h(
      "p.actions",
      null,
      h("a.button.primary.big#go-to-table", { href: mine ? `${tablePath}#seat=${mine.seat}` : tablePath }, mine ? "Go to my seat" : "Open the table"),
    ),
    h("p.help", null, "On the table page you (the host) start the game once everyone is seated, or fill empty seats with bots."),
  );
  box.hidden = false;
  box.scrollIntoView({ behavior: "smooth", block: "start" });
}

// ------------------------------------------------------------------ open tables
async function loadTables() {
  let tables;
  try {
    tables = listOf(await get("/api/tables"), "tables").map(normaliseTable);
  } catch (err) {
    fill($("table-list"), h("p.error-text", null, `Cannot load the tables: ${err.message}`));
    return;
  }
  if (!tables.length) {
    fill($("table-list"), h("p.muted", null, "No open tables. Create one!"));
    return;
  }
  const titles = Object.fromEntries(state.games.map((g) => [g.id, g.title]));
  fill(
    $("table-list"),
    h(
      "ul.table-list",
      null,
      tables.map((t) => {
        const free = t.seats.filter((s) => s.free).length;
        return h(
          "li.table-item",
          { dataset: { table: t.id } },
          h(
            "div",
            null,
            h("strong", null, titles[t.game] || t.game),
            t.variants.length ? h("small.muted", null, ` · ${t.variantWords.join(", ")}`) : null,
            h(
              "div.seat-summary",
              null,
              t.seats.map((s) => h(`span.pill${s.free ? ".free" : s.bot ? ".bot" : ""}`, null, s.free ? "free" : s.name || s.bot || "taken")),
            ),
          ),
          h("a.button" + (free ? ".primary" : ""), { href: `/t/${encodeURIComponent(t.id)}` }, free ? `Join (${free} free)` : "Watch"),
        );
      }),
    ),
  );
}

$("create-form").addEventListener("submit", createTable);
$("refresh-tables").addEventListener("click", loadTables);
loadGames().then(loadTables);
setInterval(() => {
  if (!document.hidden) loadTables();
}, 8000);
