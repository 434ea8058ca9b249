// Turn alerts and the page's short announcements (issue 16).
//
// When it becomes this seat's turn the tab says so: the title starts with
// "● Your turn — " and the favicon gets a marker; both go back once the move is
// made. On top, two choices the player makes (kept in this browser): a short tone,
// and a browser notification while the tab is hidden (permission is asked only
// when the player clicks "Notify me when it is my turn"). Watching never alerts.
//
// The live region #announce (polite, visually hidden) says briefly what changed:
// the newest log sentences and "Your turn", instead of reading the whole board.

import { page, tableId } from "./tablepage.js";
import { fill, h, toast } from "./ui.js";

export const TURN_PREFIX = "● Your turn — ";
const ICON = "/static/favicon.svg";
const TURN_ICON = "/static/favicon-turn.svg";
const SOUND_KEY = "tote.alerts.sound";
const NOTIFY_KEY = "tote.alerts.notify";
const MOST_SENTENCES = 3;

const state = { mine: false, seenLog: null, audio: null, box: null };

function stored(key) {
  try {
    return localStorage.getItem(key) === "on";
  } catch (err) {
    return false;
  }
}

function store(key, on) {
  try {
    localStorage.setItem(key, on ? "on" : "off");
  } catch (err) {
    // Storage refused (private mode): the choice lasts for this page only.
  }
}

const canNotify = () => typeof Notification === "function";
const notifying = () => canNotify() && Notification.permission === "granted" && stored(NOTIFY_KEY);

/** True when this page holds the seat whose move the game waits for. */
export function myTurn() {
  const view = page.view;
  if (!view || view.over || !page.token || page.watching) return false;
  const seat = view.seat;
  if (seat === null || seat === undefined || !view.turn || !view.turn.seats.includes(seat)) return false;
  return !Array.isArray(view.legal_moves) || view.legal_moves.length > 0;
}

// ------------------------------------------------------------------ controls
/** The "Turn alerts" panel (sound and notification choices), added to `parent`. */
export function setUp(parent) {
  state.box = h("section#alerts.panel.alerts", { "aria-label": "Turn alerts", hidden: true });
  parent.append(state.box);
  renderControls();
}

function renderControls() {
  const box = state.box;
  if (!box) return;
  box.hidden = !page.token || page.watching;
  const sound = stored(SOUND_KEY);
  const notify = notifying();
  const denied = canNotify() && Notification.permission === "denied";
  const key = `${box.hidden}|${sound}|${notify}|${denied}`;
  if (box.dataset.key === key) return; // keep the buttons (and the focus) as they are
  box.dataset.key = key;
  fill(
    box,
    h("h3", null, "Turn alerts"),
    h(
      "div.alert-buttons",
      null,
      h(
        "button.small#alert-sound",
        { type: "button", "aria-pressed": String(sound), onclick: toggleSound },
        sound ? "Sound on" : "Sound off",
      ),
      canNotify()
        ? h(
            "button.small#alert-notify",
            { type: "button", "aria-pressed": String(notify), disabled: denied, onclick: toggleNotify },
            denied ? "Notifications blocked by the browser" : notify ? "Notifications on" : "Notify me when it is my turn",
          )
        : null,
    ),
  );
}

function toggleSound() {
  const on = !stored(SOUND_KEY);
  store(SOUND_KEY, on);
  if (on) beep(); // the click is the gesture that lets the page play sound
  renderControls();
  focusAgain("alert-sound");
}

async function toggleNotify() {
  if (notifying()) {
    store(NOTIFY_KEY, false);
  } else {
    const answer = Notification.permission === "granted" ? "granted" : await Notification.requestPermission();
    store(NOTIFY_KEY, answer === "granted");
    if (answer !== "granted") toast("The browser did not allow notifications.", "info");
  }
  renderControls();
  focusAgain("alert-notify");
}

function focusAgain(id) {
  const button = document.getElementById(id);
  if (button) button.focus();
}

// ------------------------------------------------------------------ alerting
function beep() {
  try {
    state.audio = state.audio || new AudioContext();
    const audio = state.audio;
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = 660;
    gain.gain.setValueAtTime(0.12, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.25);
    tone.connect(gain).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.25);
  } catch (err) {
    // No sound on this machine: the title and favicon still tell.
  }
}

function notify(title) {
  try {
    const note = new Notification("tote: your turn", { body: `${title}: it is your turn.`, tag: `tote-${tableId}` });
    note.onclick = () => {
      window.focus();
      note.close();
    };
  } catch (err) {
    // Some browsers only notify from a service worker: the title still tells.
  }
}

function setIcon(href) {
  const link = document.querySelector("link[rel=icon]");
  if (link && link.getAttribute("href") !== href) link.setAttribute("href", href);
}

/**
 * Called on every redraw with the page's plain title: sets the tab's title and
 * favicon, alerts when the turn has just come to us, and announces what changed.
 */
export function update(title) {
  const mine = myTurn();
  document.title = mine ? `${TURN_PREFIX}${title}` : title;
  setIcon(mine ? TURN_ICON : ICON);
  const said = newSentences();
  if (mine && !state.mine) {
    said.push("Your turn.");
    if (stored(SOUND_KEY)) beep();
    if (document.hidden && notifying()) notify(title);
  }
  state.mine = mine;
  if (said.length) announce(said.join(" "));
  renderControls();
}

// ------------------------------------------------------------------ announcing
function newSentences() {
  const log = (page.view && page.view.log) || [];
  const seen = state.seenLog;
  state.seenLog = log.length;
  if (seen === null || log.length <= seen) return []; // the page's first view: nothing "changed"
  const fresh = log.slice(Math.max(seen, log.length - MOST_SENTENCES));
  return fresh.map((event) => sentence(event)).filter(Boolean);
}

/** A log entry's sentence, as the server tells it (`sentence`, issue 15). */
function sentence(event) {
  return typeof event.sentence === "string" && event.sentence ? event.sentence : null;
}

/** Say `text` once in the polite live region #announce (screen readers only). */
export function announce(text) {
  const region = document.getElementById("announce");
  if (!region) return;
  region.textContent = region.textContent === text ? `${text}\u00a0` : text;
}
