"""Every feature of every Carcassonne tile can be clicked on the board (issue 15).

The page draws a clickable region for each feature a meeple may take on the tile just
placed, worked out from the view's edges and the moves' segment labels. Here the real
page module draws each tile type of the base game, The Bets and The River, in all
four turns, as the tile just placed with every one of its segments offered: each
region must have a point where a click lands on it (no region hidden under another),
and that click must send exactly the move its button sends. The Abbot's garden, a
monastery offering both meeple and abbot, and settling bets by clicking the road or
city are checked the same way.
"""

from __future__ import annotations

from typing import Any

from tote.games.carcassonne.data import EDGES, bookmaker_tiles, land_tiles, river_tiles
from tote.games.carcassonne.tiles import CITY, GARDEN, ROAD, Form, forms_of

from .web_helpers import DESKTOP, LiveServer, NewPage

SET_UP = """async () => {
  window.cc = await import('/static/games/carcassonne.js');
  const root = document.createElement('section');
  root.id = 'cc-test';
  root.className = 'game';
  document.body.replaceChildren(root);
  window.sent = [];
  const ctx = { seat: 0, names: ['Ann', 'Bob'], tableId: 'regions' };
  window.show = (view) => cc.render(view, root, (m) => window.sent.push(m), ctx);
}"""

CLICK_EVERY_REGION = """(view) => {
  const el = document.getElementById('cc-test');
  const sent = window.sent;
  show(view);
  const problems = [];
  for (const move of view.legal_moves.filter((m) => m.feature)) {
    const region = el.querySelector(`.cc-board .region[data-feature="${move.feature}"]`);
    if (!region) { problems.push(`${move.feature}: no region`); continue; }
    const r = region.getBoundingClientRect();
    let hit = null;
    for (let i = 1; i < 16 && !hit; i += 1) for (let j = 1; j < 16 && !hit; j += 1) {
      const [x, y] = [r.left + (r.width * i) / 16, r.top + (r.height * j) / 16];
      const under = document.elementFromPoint(x, y);
      if (under && region.contains(under)) hit = [x, y];
    }
    if (!hit) { problems.push(`${move.feature}: covered`); continue; }
    const before = sent.length;
    document.elementFromPoint(...hit).dispatchEvent(
      new MouseEvent('click', { bubbles: true, clientX: hit[0], clientY: hit[1] }));
    const got = sent.slice(before);
    const moves = view.legal_moves.filter((m) => m.feature === move.feature);
    if (moves.length === 1 && JSON.stringify(got) !== JSON.stringify(moves)) {
      problems.push(`${move.feature}: sent ${JSON.stringify(got)}`);
    }
    if (moves.length > 1 && got.length) problems.push(`${move.feature}: chose for the player`);
  }
  return problems;
}"""


def _entry(form: Form, garden: bool) -> dict[str, Any]:
    """A placed tile as the view gives it (``views.py``)."""

    def segments(kind: int) -> list[str]:
        return [s.label.partition(":")[2] for s in form.segments if s.kind == kind]

    return {
        "x": 0,
        "y": 0,
        "tile": form.tile,
        "rotation": form.rotation,
        "edges": form.edges,
        "cities": segments(CITY),
        "roads": segments(ROAD),
        "monastery": form.monastery >= 0,
        "pennant": any(s.pennant for s in form.segments),
        "office": form.office >= 0,
        "river": [EDGES[e] for e in form.river],
        "garden": form.segments[form.garden_field].label if garden else None,
        "meeples": [],
        "chips": [],
    }


def _view(
    tile: dict[str, Any], moves: list[dict[str, Any]], phase: str = "meeple"
) -> dict[str, Any]:
    return {
        "seat": 0,
        "players": 2,
        "over": False,
        "turn": {"seats": [0], "chance": False},
        "legal_moves": moves,
        "state": {
            "phase": phase,
            "tiles": [tile],
            "last_placed": [0, 0],
            "drawn": None,
            "drawn_tile": None,
            "stack_size": 10,
            "discarded": [],
            "scores": [0, 0],
            "meeples": [7, 7],
            "bets": True,
            "river": False,
            "abbot": True,
            "abbots": [True, True],
            "chips": [["4"], 1],
        },
    }


BLANK = '<!doctype html><link rel="stylesheet" href="/static/css/tote.css"><body></body>'


def _open(new_page: NewPage, live_server: LiveServer) -> Any:
    """A bare page of the server's origin with the site's styles, the Carcassonne
    module loaded and ``show(view)`` drawing it for seat 0 (``sent``: the moves)."""
    page = new_page(**DESKTOP)
    url = live_server.url + "/carcassonne-regions"
    page.route(url, lambda route: route.fulfill(body=BLANK, content_type="text/html"))
    page.goto(url)
    page.evaluate(SET_UP)
    return page


def test_every_segment_of_every_tile_turned_every_way_is_a_region_its_click_plays(
    new_page: NewPage, live_server: LiveServer
) -> None:
    """Issue 15: each road, city, field, monastery (and garden) of the tile just placed
    is a clickable region of its own, and its click sends the meeple move for it."""
    page = _open(new_page, live_server)
    specs = [*land_tiles().tiles, *bookmaker_tiles().tiles, *river_tiles().tiles]
    checked = 0
    for spec in specs:
        for form in forms_of(spec, garden=spec.gardens > 0):
            labels = [s.label for s in form.segments if s.kind != GARDEN]
            moves: list[dict[str, Any]] = [{"type": "place_meeple", "feature": f} for f in labels]
            if form.garden >= 0:
                moves.append({"type": "place_abbot", "feature": "garden"})
            moves.append({"type": "no_meeple"})
            problems = page.evaluate(
                CLICK_EVERY_REGION, _view(_entry(form, form.garden >= 0), moves)
            )
            assert not problems, f"tile {form.tile} turned {form.rotation}: {problems}"
            checked += len(moves) - 1
    assert checked > 500


def test_a_monastery_offering_meeple_and_abbot_asks_which_and_settling_is_by_clicking(
    new_page: NewPage, live_server: LiveServer
) -> None:
    """Issue 15 with The Abbot: a click on a monastery that may take the meeple or the
    abbot sends nothing and asks, focusing the button; The Bets: the road or city the
    chips settle against is chosen by clicking it on the bookmaker tile."""
    page = _open(new_page, live_server)
    spec = next(t for t in land_tiles().tiles if t.monastery and t.roads)
    form = forms_of(spec)[0]
    moves = [
        {"type": "place_meeple", "feature": "monastery"},
        {"type": "place_abbot", "feature": "monastery"},
        {"type": "no_meeple"},
    ]
    assert not page.evaluate(CLICK_EVERY_REGION, _view(_entry(form, False), moves))
    assert "Meeple or abbot" in page.inner_text(".cc-note")
    assert page.evaluate("() => document.activeElement.dataset.feature") == "monastery"

    office = next(t for t in bookmaker_tiles().tiles if t.roads and t.cities)
    form = forms_of(office)[1]
    tile = _entry(form, False)
    labels = [s.label for s in form.segments if s.kind in (CITY, ROAD)]
    view = _view(tile, [{"type": "settle_bets", "feature": f} for f in labels], phase="settle")
    view["state"]["settle"] = {
        "x": 0,
        "y": 0,
        "chooser": 0,
        "features": [{"feature": f, "kind": f.split(":")[0], "tiles": 3} for f in labels],
    }
    tile["chips"] = [{"seat": 0, "chip": "4"}, {"seat": 1, "chip": None}]
    assert not page.evaluate(CLICK_EVERY_REGION, view)
    settle = page.locator(".cc-board .region[aria-label^='Settle against the']")
    assert settle.count() == len(labels)

    # Issue 16: chips on the office carry their seat's letter; issue 15: bets name
    # their place from the start tile, never by coordinates.
    assert page.locator(".cc-board .chip text").all_text_contents() == ["A", "B"]
    assert page.inner_text(".players tr[data-seat='0'] td.placed") == "4 on the start tile"
    assert page.inner_text(".players tr[data-seat='1'] td.placed") == "a chip on the start tile"


def test_after_the_meeple_the_keyboard_lands_on_the_chips_when_a_bet_is_due(
    new_page: NewPage, live_server: LiveServer
) -> None:
    """Issue 16: when the feature that had the keyboard focus goes (the meeple is
    placed) and a betting office asks for a chip, the focus moves to the first chip, so
    Enter bets it: no mouse needed."""
    page = _open(new_page, live_server)
    spec = next(t for t in bookmaker_tiles().tiles if t.roads)
    form = forms_of(spec)[0]
    label = next(s.label for s in form.segments if s.kind == ROAD)
    meeple = {"type": "place_meeple", "feature": label}
    page.evaluate("v => show(v)", _view(_entry(form, False), [meeple, {"type": "no_meeple"}]))
    page.focus(f".cc-board .region[data-feature='{label}']")
    page.keyboard.press("Enter")
    bet = _view(
        _entry(form, False), [{"type": "place_chip", "chip": "4"}, {"type": "no_chip"}], "bet"
    )
    bet["state"]["bet_on"] = [0, 0]
    page.evaluate("v => show(v)", bet)
    assert page.evaluate("() => document.activeElement.dataset.chip") == "4"
    page.keyboard.press("Enter")
    assert page.evaluate("() => window.sent") == [meeple, {"type": "place_chip", "chip": "4"}]
    assert (
        page.inner_text(".actions[data-phase='bet'] p")
        == "The new betting office is on the start tile."
    )
