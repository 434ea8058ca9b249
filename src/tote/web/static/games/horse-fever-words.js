// Horse Fever in words and colours: the six horses (their lanes, colours and name
// chips), the names of the cards the view has shown, and Danari.

import { h } from "../js/ui.js";

export const LANES = ["black", "blue", "green", "red", "yellow", "white"];
export const HORSE = { black: "#2b2b2b", blue: "#1f6feb", green: "#23793b", red: "#d62828", yellow: "#f4c430", white: "#f4f4f0" };
const LIGHT = new Set(["yellow", "white"]);

export const cap = (text) => String(text).charAt(0).toUpperCase() + String(text).slice(1);
export const money = (n) => `${Number(n).toLocaleString("en")} D`;
export const ink = (colour) => (LIGHT.has(colour) ? "#222" : "#fff");

/** Names of the cards this page has been shown (a log entry may name a card the view
 *  no longer shows, such as one drawn and put back). */
export const seenNames = {};

/** A card's kind by the letter of its code, for a card the page has no name of. */
const KINDS = { A: "an Action card", C: "a Character card", H: "a Horse card", M: "a Movement card", S: "an Assistant card", T: "a Target card" };

/** A card's name in words: its name, or its kind ("a Movement card"), never "M03" (issue 27 item 3). */
export function cardName(view, id) {
  const info = view.state.cards && view.state.cards[id];
  if (info) return info.name;
  if (seenNames[id]) return seenNames[id];
  return KINDS[String(id).charAt(0)] || "a card";
}

export function horseName(colour) {
  return h("span.horse-name", { style: { "--horse": HORSE[colour] || "#888" } }, h("span.horse-swatch"), cap(colour));
}
