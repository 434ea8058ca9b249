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
  const alike = [...new Set([...others, label])].filter((o) => kindOf(o) === kind).sort();
  if (alike.length < 2) return `the ${kind}`;
  const where = whereOnTile(label);
  const twins = alike.filter((o) => whereOnTile(o) === where);
  if (twins.length < 2) return `the ${kind} ${where}`;
  // Issue 27 item 7: two twins once both read "(1 of 2)"; a field in a corner or on
  // one half of an edge is named so, and only then are twins counted (in label order).
  if (kind === "field") {
    const closer = twins.map(fieldCloser);
    const mine = fieldCloser(label);
    if (mine && closer.filter((c) => c === mine).length === 1) return `the field ${mine}`;
    // The one twin not in a corner or on a half-edge is the larger piece of land.
    if (!mine && closer.filter((c) => !c).length === 1 && new Set(closer).size === closer.length) return `the larger field ${where}`;
  }
  const size = (o) => o.split(":")[1].split(".").length;
  const sizes = twins.map(size);
  const mine = size(label);
  if (twins.length === 2 && sizes[0] !== sizes[1]) return `the ${mine === Math.max(...sizes) ? "larger" : "smaller"} ${kind} ${where}`;
  return `the ${kind} ${where} (${twins.indexOf(label) + 1} of ${twins.length})`;
}

const CORNER_OF = { "ER.SL": "south-east", "SR.WL": "south-west", "NL.WR": "north-west", "EL.NR": "north-east" };
const HALF_OF = { NL: ["north", "west"], NR: ["north", "east"], EL: ["east", "north"], ER: ["east", "south"], SL: ["south", "east"], SR: ["south", "west"], WL: ["west", "south"], WR: ["west", "north"] };

/** A field told apart more closely: "in the south-east corner" (two half-edges either
 * side of a corner), "on the east half of the south edge" (one half-edge), or "". */
function fieldCloser(label) {
  const halves = label.split(":")[1].split(".");
  const corner = CORNER_OF[[...halves].sort().join(".")];
  if (corner) return `in the ${corner} corner`;
  if (halves.length === 1 && HALF_OF[halves[0]]) return `on the ${HALF_OF[halves[0]][1]} half of the ${HALF_OF[halves[0]][0]} edge`;
  return "";
}

const SIDES = { 1: "one side", 2: "two sides", 3: "three sides", 4: "every side" };

function opposite(a, b) {
  return Math.abs("NESW".indexOf(a) - "NESW".indexOf(b)) === 2;
}

/** A city segment in words: "a city cap" (one edge), "a city corner", "a city across the tile". */
function cityWords(edges, pennant) {
  const n = edges.length;
  let noun = "a city cap";
  if (n === 2) noun = opposite(edges[0], edges[1]) ? "a city across the tile" : "a city corner";
  else if (n === 3) noun = "a city on three sides";
  else if (n === 4) noun = "a city filling the tile";
  return pennant ? `${noun} with a pennant` : noun;
}

/** The roads of a tile in words: "a straight road", "a bend in the road", "a road that ends
 * there", "a junction of three roads", "a crossroads". */
function roadWords(roads, what = "road") {
  if (!roads.length) return "";
  const ends = roads.map((r) => r.split("."));
  if (ends.length === 1 && ends[0].length === 2) return opposite(...ends[0]) ? `a straight ${what}` : `a bend in the ${what}`;
  if (ends.length === 1) return `a ${what} leading in`;
  if (ends.every((e) => e.length === 1)) return ends.length === 4 ? "a crossroads" : ends.length === 3 ? "a junction of three roads" : "two roads leading in";
  return `${ends.length} roads`;
}

function joinAnd(parts) {
  return parts.length < 2 ? parts.join("") : `${parts.slice(0, -1).join(", ")} and ${parts[parts.length - 1]}`;
}

/**
 * A tile by what it shows, never by its letter (issue 27 item 1): "a city cap with a
 * straight road", "a monastery with a road", "the bookmaker's office beside a bend in
 * the road", "the river's spring". ``face``: a tile face of the view (edges, cities,
 * roads, monastery, pennant, office, river, garden); a turned face reads the same.
 */
export function tileWords(face) {
  if (!face) return "a tile";
  const cities = face.cities || [];
  const roads = face.roads || [];
  const river = face.river || [];
  const parts = [];
  cities.forEach((c, i) => parts.push(cityWords(c.split("."), face.pennant && i === 0)));
  if (cities.length === 2 && cities.every((c) => !c.includes("."))) {
    parts.splice(0, 2, opposite(cities[0], cities[1]) ? "two city caps on opposite sides" : "two city caps on neighbouring sides");
  }
  if (face.monastery) parts.unshift("a monastery");
  const road = roadWords(roads);
  if (road) parts.push(road);
  if (face.garden) parts.push("a garden");
  let head = "";
  // The spring and the lake look alike (one water edge): the data names the lake RL.
  if (river.length === 1) head = face.tile === "RL" ? "the river's lake" : "the river's spring";
  else if (river.length === 2) head = opposite(...river) ? "a straight stretch of river" : "a bend in the river";
  if (face.office) return parts.length ? `the bookmaker's office beside ${joinAnd(parts)}` : "the bookmaker's office";
  if (head) parts.unshift(head);
  if (!parts.length) return "fields only";
  const [first, ...rest] = parts;
  if (!rest.length) return first;
  return `${first}${first.includes(" with ") ? " and" : " with"} ${joinAnd(rest)}`;
}

/** What a betting chip wins (CB 3.3), from its face in the view's ``chip_faces``, said
 * where it is chosen (issue 27 item 7): "2 points on 2 tiles, 3 on 3", "8 points on 4
 * tiles", "7 points on 7 tiles, 8 on 8 or more" (tiles of the road or city it bets on). */
export function chipWords(face) {
  if (!face || !Array.isArray(face.numbers)) return "";
  const bits = face.numbers.map((n, i) => {
    const pts = n.points ?? n.size;
    const size = n.or_more ? `${n.size} or more` : String(n.size);
    return i === 0 ? `${pts} ${pts === 1 ? "point" : "points"} on ${size} ${n.size === 1 && !n.or_more ? "tile" : "tiles"}` : `${pts} on ${size}`;
  });
  return bits.join(", ");
}

/**
 * A refusal of the engine in words (issue 27 item 3: "CC 2.2 ... tile BK3 ... on 4 1"
 * reached players): the tile named by what it shows (the tile in ``view``'s hand), the
 * place by "there" (it is the one the player just chose), a feature by "that" instead
 * of its half-edge code. "" when the message is not one of the engine's with a code
 * in it (the page then shows it as it is).
 */
export function refusalWords(message, view) {
  const text = String(message || "");
  const tile = tileWords(view && view.state ? view.state.drawn_tile : null);
  const says = [
    [/^tile \S+ turned (\d+) does not match its neighbours on -?\d+ -?\d+$/, (m) => `${tile} does not fit there this way round (turned ${m[1]}°): its edges must match the tiles beside it`],
    [/^a tile already lies on -?\d+ -?\d+$/, () => "a tile already lies there"],
    [/^-?\d+ -?\d+ touches no placed tile edge to edge$/, () => `${tile} must go next to a placed tile, touching it edge to edge`],
    [/^the tile just placed has no feature /, () => "the tile just placed has no such road, city, field or monastery"],
    [/^the (\w+) of \S+ already holds a meeple further along$/, (m) => `that ${m[1]} already holds a meeple further along`],
    [/^the abbot goes on a monastery or a garden of the tile just placed/, () => "the abbot goes on a monastery or a garden of the tile just placed"],
    [/^the chips cannot settle against /, () => "the chips cannot settle against that: choose a road or city of the bookmaker's tile"],
  ];
  for (const [pattern, words] of says) {
    const m = pattern.exec(text);
    if (m) return words(m);
  }
  return "";
}
