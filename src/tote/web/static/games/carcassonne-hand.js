// The tile in hand, beside the board (issue 27 item 1): where the eye is while the
// player chooses a place, not below the board. It shows the drawn tile as it is
// turned, names it by what it shows ("a city cap with a straight road", "the
// bookmaker's office beside a bend in the road"), never by its letter, and turns it
// with two buttons (R and Shift+R on the keyboard). On the board the same tile
// follows the pointer (and the keyboard focus) over the "?" places: see
// carcassonne-board.js. With no tile drawn it shows the stack, face down.

import { h, plural, s, seatTag } from "../js/ui.js";
import { T, tileGroup, turnedFace } from "./carcassonne-tiles.js";
import { placeName, tileWords } from "./carcassonne-words.js";

function picture(face, rotation, label) {
  const svg = s("svg", { viewBox: `-2 -2 ${T + 4} ${T + 4}`, class: "cc-drawn", role: "img", "aria-label": label, "data-rotation": rotation });
  svg.append(tileGroup(turnedFace(face, rotation), 0, 0));
  return svg;
}

/** The stack of tiles still to draw, face down, with its count. */
function stack(view) {
  const left = view.state.stack_size;
  const svg = s("svg", { viewBox: `-2 -2 ${T + 8} ${T + 8}`, class: "cc-drawn cc-stack", "aria-hidden": "true" });
  for (const d of [6, 3, 0]) svg.append(s("rect", { x: d, y: d, width: T, height: T, rx: 3, fill: "#6b5a3e", stroke: "#3d3221", "stroke-width": 1 }));
  return h("div.cc-hand-body", null, svg, h("p.cc-hand-name", null, view.over ? "Every tile is placed." : `The stack: ${plural(left, "tile")} left, face down.`));
}

/**
 * The panel's contents: ``view``, ``ctx`` as the page has them; ``hand``: what the
 * board knows of the player's choice, ``{mine, rotation, place, ways, turn(dir)}``
 * (``place``: ``[x, y]`` chosen, or null; ``turn``: turns the tile, +1 clockwise).
 */
export function handPanel(view, ctx, hand) {
  const st = view.state;
  const face = st.drawn_tile;
  if (!face || view.over) return [h("h3.cc-hand-title", null, "Tiles"), stack(view)];
  const words = tileWords(face);
  const whose = hand.mine ? "Your tile" : [seatTag(ctx, view.turn.seats[0] ?? st.active), "'s tile"];
  const body = [picture(face, hand.rotation, `The tile to place: ${words}, turned ${hand.rotation}°`), h("p.cc-hand-name", null, words)];
  if (!hand.mine) return [h("h3.cc-hand-title", null, whose), h("div.cc-hand-body", null, body)];
  const touch = typeof matchMedia === "function" && matchMedia("(hover: none)").matches;
  const where = hand.place ? ["On ", placeName(...hand.place), `, turned ${hand.rotation}°`] : `${touch ? "Tap" : "Point at"} a ? place to try it there.`;
  const turnButton = (dir, text, label) =>
    h("button.small.cc-turn", { type: "button", "aria-label": label, title: label, dataset: { turn: dir > 0 ? "right" : "left", focus: `turn:${dir}` }, disabled: hand.place && hand.ways < 2, onclick: () => hand.turn(dir) }, text);
  return [
    h("h3.cc-hand-title", null, whose),
    h(
      "div.cc-hand-body",
      null,
      body,
      h("div.cc-hand-turns", null, turnButton(-1, "↺", "Turn the tile anticlockwise (Shift+R)"), turnButton(1, "↻", "Turn the tile clockwise (R)")),
      h("p.cc-hand-where", null, where),
    ),
  ];
}
