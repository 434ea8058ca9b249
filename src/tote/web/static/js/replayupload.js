// The replay page's upload form: a record file chosen or dropped, read here (gzip
// too), one game picked out of a run file, sent to POST /api/replays.

import { $ } from "./tablepage.js";
import { fill, h } from "./ui.js";

const MAX_UPLOAD = 256 * 1024; // the server's body limit (tote/server/limits.py)
const MOST_LINES = 5000; // games listed from one run file

/** The text of a record file; gzip-compressed files (.json.gz, .jsonl.gz) unpacked. */
export async function readRecordFile(file) {
  const head = new Uint8Array(await file.slice(0, 2).arrayBuffer());
  if (head[0] === 0x1f && head[1] === 0x8b) {
    if (typeof DecompressionStream === "undefined") throw new Error("this browser cannot unpack gzip files: unpack it first");
    const stream = file.stream().pipeThrough(new DecompressionStream("gzip"));
    return await new Response(stream).text();
  }
  return await file.text();
}

/** The records a file holds: one JSON document, or a run file's lines (JSON Lines). */
function recordsIn(text) {
  const lines = text.split(/\r?\n/).filter((line) => line.trim());
  if (lines.length > 1 && lines.every((line) => line.trimStart().startsWith("{"))) {
    try {
      JSON.parse(text);
    } catch (err) {
      return lines.slice(0, MOST_LINES);
    }
  }
  return [text];
}

function label(line, i) {
  try {
    const record = JSON.parse(line);
    const seed = record.seed === null || record.seed === undefined ? "" : ` · seed ${record.seed}`;
    return `Game ${i + 1}: ${record.game || "?"}${seed}`;
  } catch (err) {
    return `Line ${i + 1} (not JSON)`;
  }
}

// A record's fields in a player's words: what "it has no ..." names.
const FIELD_WORDS = {
  game: ["it names no game", "its game is not a game's name"],
  players: ["it names no players", "its players are not a list of players"],
  moves: ["it lists no moves", "its moves are not a list of moves"],
  seed: ["it has no seed", "its seed is not a number"],
  options: ["it has no game options", "its game options are not a set of options"],
  format: ["it does not say it is a tote record", "it is not in tote's record format"],
  version: ["it does not say which version of the record format it is", "its format version is not a number"],
  result: ["it has no result", "its result cannot be read"],
  engine: ["it does not name the engine that played it", "its engine is not a name"],
};

/**
 * The server's refusal of an upload in a player's words (issue 27 item 3): "not a
 * valid tote record: players: Field required" -> "This file is not a tote record: it
 * names no players." Other refusals keep their words, first letter up.
 */
export function uploadRefusalInWords(message) {
  let text = String(message || "").trim();
  const invalid = /^not a valid tote record: ([\w.]+): (.*)$/.exec(text);
  if (invalid) {
    const [field, index] = invalid[1].split(".");
    const missing = /required/i.test(invalid[2]);
    const words = FIELD_WORDS[field];
    let why;
    if (field === "players" && index !== undefined) why = `player ${Number(index) + 1} is not written as a player (a name)`;
    else if (field === "moves" && index !== undefined) why = `move ${Number(index) + 1} is not written as a move`;
    else if (words) why = words[missing ? 0 : 1];
    else why = missing ? `it has no “${field}”` : `its “${invalid[1]}” cannot be read`;
    text = `this file is not a tote record: ${why}`;
  } else {
    text = text
      .replace(/^the upload is (not JSON|a JSON)/, "this file is $1")
      .replace(/^the upload is /, "this file is ")
      .replace(/^the upload holds /, "this file holds ");
  }
  text = text.charAt(0).toUpperCase() + text.slice(1);
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

/**
 * The form: `read(file)` gives a file's text, `onUploaded(answer)` gets the server's
 * answer, `onRefused(message)` a refusal (from the server or from here) to show.
 */
export function setUpUpload({ onUploaded, onRefused, read }) {
  const input = $("record-file");
  const button = $("upload-button");
  const choice = $("line-choice");
  const select = $("record-line");
  let records = [];

  async function take(file) {
    records = [];
    button.disabled = true;
    choice.hidden = true;
    if (!file) return;
    let text;
    try {
      text = await read(file);
    } catch (err) {
      onRefused(`${file.name} cannot be read: ${err.message}`);
      return;
    }
    records = recordsIn(text);
    if (records.length > 1) {
      fill(select, records.map((line, i) => h("option", { value: String(i) }, label(line, i))));
      choice.hidden = false;
    }
    onRefused("");
    button.disabled = false;
  }

  input.addEventListener("change", () => take(input.files[0]));
  const drop = $("drop");
  drop.addEventListener("dragover", (event) => {
    event.preventDefault();
    drop.classList.add("over");
  });
  drop.addEventListener("dragleave", () => drop.classList.remove("over"));
  drop.addEventListener("drop", (event) => {
    event.preventDefault();
    drop.classList.remove("over");
    const file = event.dataTransfer && event.dataTransfer.files[0];
    if (file) take(file);
  });

  $("upload-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const body = records.length > 1 ? records[Number(select.value) || 0] : records[0];
    if (!body) return onRefused("Choose a record file first.");
    if (new Blob([body]).size > MAX_UPLOAD) {
      return onRefused(`The record is larger than ${MAX_UPLOAD / 1024} KiB, the most the server takes.`);
    }
    button.disabled = true;
    let response;
    try {
      response = await fetch("/api/replays", { method: "POST", headers: { "Content-Type": "application/json", Accept: "application/json" }, body });
    } catch (err) {
      button.disabled = false;
      return onRefused("Cannot reach the server; check your connection.");
    }
    let answer = null;
    try {
      answer = await response.json();
    } catch (err) {
      answer = null;
    }
    button.disabled = false;
    if (!response.ok) return onRefused(answer && answer.error ? uploadRefusalInWords(answer.error) : `The server answered ${response.status}.`);
    onUploaded(answer);
  });
}
