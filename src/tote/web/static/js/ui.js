// Small DOM helpers shared by the lobby, the table page and the game modules.
// Text always goes in as text nodes (never parsed as markup), so nothing from a view
// or a player's name can turn into markup.

const SVG_NS = "http://www.w3.org/2000/svg";

/**
 * h("div.card.big", {title: "x", onclick: fn}, "text", child, [children])
 * Classes after dots, an optional #id; attributes: on* are listeners,
 * "class" adds classes, "dataset" an object, booleans set or leave out.
 */
export function h(tag, attrs, ...children) {
  const { name, id, classes } = parseTag(tag);
  const node = document.createElement(name || "div");
  if (id) node.id = id;
  for (const cls of classes) node.classList.add(cls);
  applyAttrs(node, attrs);
  append(node, children);
  return node;
}

/** The same for SVG elements (attributes are set as they are). */
export function s(tag, attrs, ...children) {
  const { name, id, classes } = parseTag(tag);
  const node = document.createElementNS(SVG_NS, name);
  if (id) node.id = id;
  for (const cls of classes) node.classList.add(cls);
  applyAttrs(node, attrs);
  append(node, children);
  return node;
}

/** "a.button.big#go" -> {name: "a", id: "go", classes: ["button", "big"]} */
function parseTag(tag) {
  const parts = tag.match(/[.#]?[^.#]+/g) || [];
  let name = "";
  let id = "";
  const classes = [];
  for (const part of parts) {
    if (part[0] === ".") classes.push(part.slice(1));
    else if (part[0] === "#") id = part.slice(1);
    else name = part;
  }
  return { name, id, classes };
}

function applyAttrs(node, attrs) {
  if (!attrs) return;
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") {
      node.addEventListener(key.slice(2), value);
    } else if (key === "class") {
      for (const cls of String(value).split(/\s+/)) if (cls) node.classList.add(cls);
    } else if (key === "dataset") {
      Object.assign(node.dataset, value);
    } else if (key === "style" && typeof value === "object") {
      // CSSOM, not the style attribute: allowed by the page's CSP.
      for (const [prop, v] of Object.entries(value)) {
        if (prop.startsWith("--")) node.style.setProperty(prop, v);
        else node.style[prop] = v;
      }
    } else if (key === "value" && "value" in node && !(node instanceof SVGElement)) {
      node.value = value;
    } else if (key === "checked" || key === "disabled" || key === "selected") {
      node[key] = Boolean(value);
      if (value === true) node.setAttribute(key, "");
    } else {
      node.setAttribute(key, value === true ? "" : String(value));
    }
  }
}

function append(node, children) {
  for (const child of children.flat(Infinity)) {
    if (child === undefined || child === null || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** Replace everything in ``node`` with ``children``. */
/**
 * The child of `el` that holds one part of a page (`data-part=name`), made by
 * `make()` (a div by default) the first time. Pages refill their parts on every
 * view, so what does not change (a form being typed into) can be kept.
 */
export function part(el, name, make) {
  let node = el.querySelector(`:scope > [data-part="${name}"]`);
  if (!node) {
    node = make ? make() : h("div");
    node.dataset.part = name;
    el.append(node);
  }
  return node;
}

export function fill(node, ...children) {
  node.replaceChildren();
  append(node, children);
  return node;
}

// ------------------------------------------------------------------ focus
/** What tells a control apart from its neighbours when a redraw makes it anew. */
function focusKey(node) {
  return [node.tagName, node.id, JSON.stringify({ ...node.dataset }), node.getAttribute("aria-label") || "", node.textContent.trim().slice(0, 80)].join("|");
}

/**
 * Where the keyboard focus is, if it is on a control in `root`: what `restoreFocus`
 * needs to put it back on the same control later (null when it is not in `root`).
 */
export function focusMark(root) {
  const active = document.activeElement;
  return active && active !== document.body && root && root.contains(active) ? { node: active, key: focusKey(active) } : null;
}

/**
 * Put the keyboard focus back where `mark` (from `focusMark`) saw it, if it has left
 * `root`: on the same element if it is still there, else on the control made anew with
 * the same id, data and text. `onlyIfLost`: leave it alone if the player has moved it
 * somewhere else meanwhile (it is on the page, not on the page's body).
 */
export function restoreFocus(root, mark, onlyIfLost = false) {
  if (!mark || !root || root.contains(document.activeElement)) return;
  if (onlyIfLost && document.activeElement && document.activeElement !== document.body) return;
  const { node, key } = mark;
  const same = node.isConnected && root.contains(node) && focusKey(node) === key ? node : [...root.querySelectorAll(node.tagName)].find((n) => focusKey(n) === key);
  if (same && !same.disabled) same.focus({ preventScroll: true });
}

/**
 * Run `draw()`, which may replace everything in `root`, and put the keyboard focus
 * back on the same control (the one with the same id, data and text) if it was in
 * `root`: a keyboard player keeps her place when a view arrives (issue 16).
 */
export function keepFocus(root, draw) {
  const mark = focusMark(root);
  const result = draw();
  restoreFocus(root, mark);
  return result;
}

// ------------------------------------------------------------------ toasts
let toastBox = null;

/**
 * A message that goes away by itself; kind: "error" | "info". An error replaces the
 * error shown before it (issue 27 item 4: one message, not a stack of red toasts).
 * `message` may be a node (a refusal from `refusal()`).
 */
export function toast(message, kind = "error", title = "") {
  if (!toastBox) {
    toastBox = h("div.toasts", { role: "status", "aria-live": "polite" });
    document.body.append(toastBox);
    document.addEventListener("keydown", (e) => {
      if (e.key === "Escape") toastBox.replaceChildren(); // Escape closes the messages
    });
  }
  if (kind === "error") for (const old of toastBox.querySelectorAll(".toast.error")) old.remove();
  const item = h(
    `div.toast.${kind}`,
    { onclick: () => item.remove() },
    title ? h("strong", null, title) : null,
    message instanceof Node ? message : h("span", null, message),
  );
  toastBox.append(item);
  setTimeout(() => item.classList.add("fading"), kind === "error" ? 7000 : 2500);
  setTimeout(() => item.remove(), kind === "error" ? 7600 : 3100);
  return item;
}

// ------------------------------------------------------------------ seats
// Seat colours: distinct from the Winner's Circle horse colours, and dark enough for
// a white seat letter on them (contrast 4.5:1 or more).
export const SEAT_COLOURS = ["#0a7580", "#c2255c", "#8d5a2b", "#3949ab", "#4f6a17", "#5f6b7a", "#7d5c07"];

export function seatColour(seat) {
  return SEAT_COLOURS[seat % SEAT_COLOURS.length];
}

/**
 * A seat's letter, so that seats are told apart by more than colour (issue 16):
 * seat 1 is A, seat 2 is B, ... The one rule for every dot, chip, token and meeple.
 */
export function seatLetter(seat) {
  return String.fromCharCode(65 + (Number(seat) % 26));
}

/** A seat's coloured dot with its letter (the name beside it says who, for screen readers). */
export function seatDot(seat) {
  return h("span.seat-dot", { style: { background: seatColour(seat) }, "aria-hidden": "true" }, seatLetter(seat));
}

/** A seat's display name from the names list the table page passes in. */
export function seatName(ctx, seat) {
  const names = ctx && ctx.names;
  if (names && names[seat]) return names[seat];
  return `Player ${seat + 1}`;
}

/** "Ann (you)" for one's own seat. */
export function seatLabel(ctx, seat) {
  const name = seatName(ctx, seat);
  return ctx && ctx.seat === seat ? `${name} (you)` : name;
}

/** A little coloured dot + name, for lists. */
export function seatTag(ctx, seat, extra = "") {
  return h(
    "span.seat-tag",
    { dataset: { seat: String(seat) } },
    seatDot(seat),
    seatLabel(ctx, seat) + extra,
  );
}

/** Seats named in a list, "A Ann, B Bob, C Cleo": each comma stays on its tag's line
 *  (a line never starts with ", "). */
export function seatTags(ctx, seats, extra = () => "") {
  return seats.map((seat, i) => [i ? " " : "", h("span.seat-item", null, seatTag(ctx, seat, extra(seat, i)), i < seats.length - 1 ? "," : "")]);
}

export function plural(n, word, words = `${word}s`) {
  return `${n} ${n === 1 ? word : words}`;
}

/** 4294967296 -> "4,294,967,296" for plain integers; other numbers as they are. */
export function groupDigits(text) {
  if (text === null || text === undefined) return "";
  const str = String(text);
  const digits = str.replace(/^-/, "");
  if (/^\d{5,}$/.test(digits)) return (str.startsWith("-") ? "-" : "") + digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return str;
}

export function ordinal(n) {
  const suffix = n % 10 === 1 && n % 100 !== 11 ? "st" : n % 10 === 2 && n % 100 !== 12 ? "nd" : n % 10 === 3 && n % 100 !== 13 ? "rd" : "th";
  return `${n}${suffix}`;
}

// ------------------------------------------------------------------ refusals
// A rule's number as the rules write it: "WT 2.3", "CC 2.2", "WW 3", "ruling R19", "ruling 15".
const RULE_CODE = /^\s*((?:ruling\s+R?\d+[a-z]?)|(?:[A-Z]{2,3}\s+\d+(?:\.\d+)*[a-z]?))\b[\s:,-]*/;

/**
 * A refusal as players read it (issue 27 item 3): the sentence in words, first letter
 * up and a full stop, and the rule's number split off (from the rule, or from the
 * head of the message) to be shown small, never as the headline. The refusal strings
 * themselves stay as the rules engine writes them (tools and tests read them).
 * -> {sentence, code, ruleName}; code is "" for refusals that cite no rule
 * ("move format", "turn order", "limit").
 */
export function splitRefusal(rule, message) {
  let text = String(message || "").trim();
  let code = "";
  let ruleName = "";
  const fromRule = RULE_CODE.exec(String(rule || ""));
  if (fromRule) {
    code = fromRule[1];
    ruleName = String(rule).slice(fromRule[0].length).trim();
  }
  const fromText = RULE_CODE.exec(text);
  if (fromText) {
    if (!code) code = fromText[1];
    text = text.slice(fromText[0].length).trim();
  }
  if (!text) text = ruleName ? `${ruleName} (see the rule)` : "That is not allowed now";
  text = text.charAt(0).toUpperCase() + text.slice(1);
  if (!/[.!?…)]$/.test(text)) text += ".";
  return { sentence: text, code, ruleName };
}

/** The sentence of a refusal with its rule as a small "rule" tag after it. */
export function refusal(rule, message) {
  const { sentence, code, ruleName } = splitRefusal(rule, message);
  return h(
    "span.refusal",
    null,
    h("span.refusal-text", null, sentence),
    code ? [" ", ruleTag(code, ruleName)] : null,
  );
}

/**
 * "rule WT 2.3": a small link to the rules text (the Help panel, where each term
 * names its rule) when the page has one, a plain tag otherwise.
 */
export function ruleTag(code, ruleName = "") {
  const label = `rule ${code}`;
  const title = `The rulebook's rule ${code}${ruleName ? ` (${ruleName})` : ""}`;
  const help = document.getElementById("help-button");
  if (help && !help.hidden) {
    return h(
      "a.rule-ref",
      {
        href: "#help",
        title,
        dataset: { rule: code },
        onclick: (event) => {
          event.preventDefault();
          event.stopPropagation();
          help.click();
          const search = document.getElementById("help-search");
          if (search) {
            search.value = code;
            search.dispatchEvent(new Event("input"));
          }
        },
      },
      label,
    );
  }
  return h("small.rule-ref", { title, dataset: { rule: code } }, label);
}

/** Show a refusal in a toast: a headline in words, the sentence, the rule small. */
export function toastRefusal(rule, message, headline = "Not allowed") {
  return toast(refusal(rule, message), "error", headline);
}

// ------------------------------------------------------------------ board text
const readable = new WeakSet();
const sizer = typeof ResizeObserver === "function" ? new ResizeObserver((entries) => entries.forEach((e) => unitOf(e.target))) : null;

/** Sets `--px` on a board's SVG: its user units per screen pixel. */
function unitOf(svg) {
  const box = svg.viewBox && svg.viewBox.baseVal;
  const rect = svg.getBoundingClientRect();
  if (!box || !box.width || !box.height || !rect.width || !rect.height) return;
  const scale = Math.min(rect.width / box.width, rect.height / box.height); // "meet"
  const px = (1 / scale).toFixed(3);
  if (svg.style.getPropertyValue("--px") === px) return;
  svg.style.setProperty("--px", px);
  if (typeof svg.onUnit === "function") svg.onUnit(Number(px)); // a board that lays out by it
}

/** A board's user units per screen pixel, at least 1 (`--px`, set by readableText). */
export function unitsPerPixel(svg) {
  return Math.max(1, Number(svg && svg.style.getPropertyValue("--px")) || 1);
}

/**
 * Keep a board's text readable however small the board is drawn (issue 27 item 6: no
 * text on a board under 11 px at its default zoom, on a 390 px phone too). The
 * stylesheet writes the board's font sizes as `max(<size>, calc(11px * var(--px, 0)))`;
 * this keeps `--px` right as the board is laid out and resized. Returns `svg`.
 */
export function readableText(svg) {
  if (svg && sizer && !readable.has(svg)) {
    readable.add(svg);
    sizer.observe(svg);
  }
  return svg;
}

// ------------------------------------------------------------------ players tables
/**
 * Give each cell of the players' tables in `root` its column's heading (data-label),
 * so that on a phone the stylesheet lays each player out as a card of labelled values
 * instead of a table wider than the screen (issue 27 item 6).
 */
export function labelCells(root) {
  if (!root) return;
  for (const table of root.querySelectorAll(".players table, table.stack-on-phone")) {
    const heads = [];
    const headRow = table.querySelector("thead tr");
    if (!headRow) continue;
    for (const th of headRow.children) {
      const span = Number(th.getAttribute("colspan")) || 1;
      for (let i = 0; i < span; i += 1) heads.push(th.getAttribute("title") || th.textContent.trim());
    }
    for (const row of table.querySelectorAll("tbody tr")) {
      let col = 0;
      for (const cell of row.children) {
        const label = heads[col] || "";
        if (cell.dataset.label !== label) cell.dataset.label = label;
        col += Number(cell.getAttribute("colspan")) || 1;
      }
    }
  }
}
