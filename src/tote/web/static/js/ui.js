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
 * Run `draw()`, which may replace everything in `root`, and put the keyboard focus
 * back on the same control (the one with the same id, data and text) if it was in
 * `root`: a keyboard player keeps her place when a view arrives (issue 16).
 */
export function keepFocus(root, draw) {
  const active = document.activeElement;
  const key = active && active !== document.body && root.contains(active) ? focusKey(active) : null;
  const result = draw();
  if (key && (!active.isConnected || !root.contains(document.activeElement))) {
    const same = [...root.querySelectorAll(active.tagName)].find((node) => focusKey(node) === key);
    if (same && !same.disabled) same.focus({ preventScroll: true });
  }
  return result;
}

// ------------------------------------------------------------------ toasts
let toastBox = null;

/** A message that goes away by itself; kind: "error" | "info". */
export function toast(message, kind = "error", title = "") {
  if (!toastBox) {
    toastBox = h("div.toasts", { role: "status", "aria-live": "polite" });
    document.body.append(toastBox);
    document.addEventListener("keydown", (e) => {
      if (e.key === "Escape") toastBox.replaceChildren(); // Escape closes the messages
    });
  }
  const item = h(
    `div.toast.${kind}`,
    { onclick: () => item.remove() },
    title ? h("strong", null, title) : null,
    h("span", null, message),
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
