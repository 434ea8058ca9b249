// Carcassonne in words: places named from the start tile, features named by what
// they are and where on the tile, and each seat's letter. The page never shows a
// coordinate or a half-edge code (issue 15); the log sentences written in Python use
// the same rule for places.

/**
 * A board place named relative to the start tile (board.py: x grows east, y south):
 * (0, 0) is "the start tile"; otherwise "the tile <A>[ and <B>] of the start tile",
 * north/south first, then east/west, a count when more than 1, and both counts when
 * there are two parts ("the tile 1 north and 2 west of the start tile").
 */
export function placeName(x, y) {
  if (x === 0 && y === 0) return "the start tile";
  const parts = [];
  if (y) parts.push([Math.abs(y), y < 0 ? "north" : "south"]);
  if (x) parts.push([Math.abs(x), x > 0 ? "east" : "west"]);
  const words = parts.length === 2 ? parts.map(([n, d]) => `${n} ${d}`) : parts.map(([n, d]) => (n > 1 ? `${n} ${d}` : d));
  return `the tile ${words.join(" and ")} of the start tile`;
}

/** Seats are told apart by a letter as well as a colour: the first seat is A, then B, C... */
export function seatLetter(seat) {
  return String.fromCharCode(65 + (seat % 26));
}

const EDGE_WORDS = { N: "north", E: "east", S: "south", W: "west" };
const HALF_POINTS = { NL: [-1, -3], NR: [1, -3], EL: [3, -1], ER: [3, 1], SL: [1, 3], SR: [-1, 3], WL: [-3, 1], WR: [-3, -1] };
const COMPASS = ["east", "south-east", "south", "south-west", "west", "north-west", "north", "north-east"];

function kindOf(label) {
  return label === "monastery" || label === "garden" ? label : label.split(":")[0];
}

/** Where a field lies on its tile: the compass point of the middle of its half-edges. */
function fieldWhere(halves) {
  const pts = halves.map((h) => HALF_POINTS[h]).filter(Boolean);
  const cx = pts.reduce((a, p) => a + p[0], 0) / pts.length;
  const cy = pts.reduce((a, p) => a + p[1], 0) / pts.length;
  if (Math.hypot(cx, cy) < 0.8) return "all around";
  const k = Math.round(Math.atan2(cy, cx) / (Math.PI / 4));
  return `to the ${COMPASS[(k + 8) % 8]}`;
}

/** Where a segment lies on its tile, in words ("on the north edge", "from west to east"). */
export function whereOnTile(label) {
  const kind = kindOf(label);
  if (kind === "monastery" || kind === "garden") return "";
  const parts = label.split(":")[1].split(".");
  if (kind === "field") return fieldWhere(parts);
  const edges = parts.map((e) => EDGE_WORDS[e]);
  if (kind === "road") return edges.length === 1 ? `to the ${edges[0]}` : edges.length === 2 ? `from ${edges[0]} to ${edges[1]}` : `to the ${edges.join(", ")}`;
  if (edges.length === 1) return `on the ${edges[0]} edge`;
  return `on the ${edges.slice(0, -1).join(", ")} and ${edges[edges.length - 1]} edges`;
}

/**
 * A feature on a tile in words: "the city" when the tile has one city among
 * ``others`` (every label offered or printed on the tile), else with where it lies:
 * "the road from west to east", "the field to the north-west"; two fields that would
 * read the same are told apart by size ("the larger field to the south").
 */
export function featureWords(label, others = []) {
  const kind = kindOf(label);
  const alike = [...new Set([label, ...others])].filter((o) => kindOf(o) === kind);
  if (alike.length < 2) return `the ${kind}`;
  const where = whereOnTile(label);
  const twins = alike.filter((o) => whereOnTile(o) === where);
  if (twins.length < 2) return `the ${kind} ${where}`;
  const size = (o) => o.split(":")[1].split(".").length;
  const sizes = twins.map(size);
  const mine = size(label);
  if (twins.length === 2 && sizes[0] !== sizes[1]) return `the ${mine === Math.max(...sizes) ? "larger" : "smaller"} ${kind} ${where}`;
  return `the ${kind} ${where} (${twins.indexOf(label) + 1} of ${twins.length})`;
}

/** A feature on a placed tile: "the city on the tile 2 north of the start tile". */
export function featureOnTile(label, others, x, y) {
  return `${featureWords(label, others)} on ${placeName(x, y)}`;
}
