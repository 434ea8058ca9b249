"""WW 1.3 and Data: question packs (the shipped bank, users' CSV and JSON packs)."""

from __future__ import annotations

import json
import random
from fractions import Fraction
from pathlib import Path

import pytest

from tote.core import CHANCE, IllegalMove, Match, OptionsError
from tote.games.wits_and_wagers import GAME
from tote.games.wits_and_wagers.moves import DrawQuestion, Guess
from tote.games.wits_and_wagers.questions import PackError, load_pack

from .ww_helpers import QUESTIONS, Script, new_state, write_pack

HEADER = "id,text,answer,unit,category,source"


def csv_pack(tmp_path: Path, *rows: str, name: str = "mine.csv") -> str:
    path = tmp_path / name
    path.write_text("\n".join([HEADER, *rows]) + "\n", encoding="utf-8")
    return str(path)


# ------------------------------------------------------------ the shipped bank
def test_data_shipped_bank_has_300_complete_questions_with_unique_ids() -> None:
    """Data: at least 300 questions, each with text, a numeric answer, unit, category
    and source; ids unique."""
    bank = load_pack(None)
    assert len(bank) >= 300
    assert len({q.id for q in bank}) == len(bank)
    for q in bank:
        assert q.id and q.text.strip() and q.unit and q.category and q.source, q.id
        assert isinstance(q.value, Fraction)


def test_data_shipped_bank_file_is_cc0_with_the_documented_fields() -> None:
    """Data: the file carries its licence, and every entry exactly the six fields."""
    from importlib.resources import files

    text = files("tote.games.wits_and_wagers").joinpath("data", "questions.json")
    data = json.loads(text.read_text("utf-8"))
    assert data["licence"] == "CC0-1.0"
    fields = {"id", "text", "answer", "unit", "category", "source"}
    assert all(set(q) == fields for q in data["questions"])


def test_data_default_game_draws_from_the_shipped_bank() -> None:
    """Data: without a pack option a game draws among every shipped question."""
    state = new_state(4)
    assert len(state.chance_outcomes()) == len(load_pack(None))


# ------------------------------------------------------------ users' packs
def test_data_a_csv_pack_is_loaded(tmp_path: Path) -> None:
    """Data: a CSV pack with the six columns; thousands in quotes and negatives work."""
    path = csv_pack(
        tmp_path,
        "c1,How many?,12,count,test,me",
        'c2,"Quoted, with a comma?","1,200",m,test,me',
        "c3,Coldest?,-89.2,°C,test,me",
    )
    pack = load_pack(path)
    assert [q.id for q in pack] == ["c1", "c2", "c3"]
    assert [q.value for q in pack] == [12, 1200, Fraction("-89.2")]
    assert pack[1].text == "Quoted, with a comma?"


def test_data_a_json_pack_is_loaded_as_object_or_list(tmp_path: Path) -> None:
    """Data: JSON as ``{"questions": [...]}`` (the shipped shape) or a bare list."""
    as_object = load_pack(write_pack(tmp_path, {"j1": 5, "j2": "2.5"}))
    assert [(q.id, q.value) for q in as_object] == [("j1", 5), ("j2", Fraction(5, 2))]
    bare = tmp_path / "bare.json"
    bare.write_text(json.dumps([{"id": "b1", "text": "T?", "answer": 3}]), encoding="utf-8")
    assert [q.id for q in load_pack(str(bare))] == ["b1"]


def test_data_a_pack_is_played_through_the_option(tmp_path: Path) -> None:
    """Data: the ``question_pack`` option plays a CSV pack; only its questions are drawn."""
    rows = [f"p{k},Question {k}?,{k * 10},count,test,me" for k in range(1, 8)]
    path = csv_pack(tmp_path, *rows)
    match = Match(GAME, 4, {"question_pack": path}, seed=3)
    assert match.state.view(None)["state"]["question"]["id"] in {f"p{k}" for k in range(1, 8)}


@pytest.mark.parametrize(
    ("rows", "line", "reason"),
    [
        (["a,First?,10,m,t,s", "b,Second?,lots,m,t,s", "c,Third?,3,m,t,s"], 3, "answer"),
        (["a,First?,10,m,t,s", "b,,10,m,t,s"], 3, "text"),
        (["a,First?,10,m,t,s", "b,Second?,1/0,m,t,s"], 3, "divides by zero"),
        (["a,First?,10,m,t,s", "c,Third?,3,m,t,s", "d,Fourth?,4,m,t,s,extra"], 4, "more cells"),
        (["a,First?,10,m,t,s", "b,Second?,,m,t,s"], 3, "answer"),
    ],
    ids=["text answer", "empty text", "zero division", "extra cell", "empty answer"],
)
def test_data_a_bad_csv_row_names_its_line_and_reason_and_nothing_loads(
    tmp_path: Path, rows: list[str], line: int, reason: str
) -> None:
    """Data: the first bad row is reported with its line number (the header is line 1)
    and why; the whole file is refused, so nothing of it is loaded."""
    path = csv_pack(tmp_path, *rows)
    with pytest.raises(PackError) as info:
        load_pack(path)
    message = str(info.value)
    assert f"line {line}:" in message
    assert reason in message
    assert "nothing was loaded" in message
    with pytest.raises(OptionsError, match=f"line {line}"):
        new_state(4, question_pack=path)


def test_data_a_bad_json_entry_names_its_line_and_reason(tmp_path: Path) -> None:
    """Data: in JSON the line is where the bad question starts."""
    path = tmp_path / "bad.json"
    path.write_text(
        '{"questions": [\n'
        ' {"id": "a", "text": "A?", "answer": 1},\n'
        ' {"id": "b", "text": "B?", "answer": 2},\n'
        ' {"id": "c", "text": "C?",\n'
        '  "answer": "many"},\n'
        ' {"id": "d", "text": "D?", "answer": 4}\n'
        "]}\n",
        encoding="utf-8",
    )
    with pytest.raises(PackError, match=r"line 4: answer: .*not a number.*nothing was loaded"):
        load_pack(str(path))


@pytest.mark.parametrize(
    ("entry", "reason"),
    [
        ('"just text"', "must be an object"),
        ('{"id": "x", "text": "X?", "answer": 1, "colour": "red"}', "colour"),
        ('{"id": "x", "answer": 1}', "text"),
        ('{"id": "x", "text": "X?", "answer": true}', "answer"),
    ],
)
def test_data_json_entries_are_checked(tmp_path: Path, entry: str, reason: str) -> None:
    """Data: a JSON entry must be an object with known fields, a text and a number."""
    path = tmp_path / "p.json"
    path.write_text('[\n{"id": "ok", "text": "Ok?", "answer": 1},\n' + entry + "\n]", "utf-8")
    with pytest.raises(PackError, match=f"line 3: .*{reason}"):
        load_pack(str(path))


def test_data_broken_json_names_its_line(tmp_path: Path) -> None:
    """Data: a file that is not JSON at all is reported with the line of the fault."""
    path = tmp_path / "broken.json"
    path.write_text('{"questions": [\n  {"id": "a",\n  "text": }\n]}', encoding="utf-8")
    with pytest.raises(PackError, match="line 3: not valid JSON"):
        load_pack(str(path))


def test_data_duplicate_ids_are_refused_naming_both_lines(tmp_path: Path) -> None:
    """Data: ids are unique within a pack; a repeat names the line of the first use."""
    path = csv_pack(tmp_path, "a,First?,1,m,t,s", "b,Second?,2,m,t,s", "a,Again?,3,m,t,s")
    with pytest.raises(PackError, match="line 4: id 'a' is already used on line 2"):
        load_pack(path)


def test_data_an_unknown_column_or_missing_header_is_refused(tmp_path: Path) -> None:
    """Data: the CSV header must name the pack's columns."""
    wrong = tmp_path / "wrong.csv"
    wrong.write_text("id,text,answer,colour\na,A?,1,red\n", encoding="utf-8")
    with pytest.raises(PackError, match="line 1: unknown column"):
        load_pack(str(wrong))
    missing = tmp_path / "missing.csv"
    missing.write_text("id,question\na,A?\n", encoding="utf-8")
    with pytest.raises(PackError, match=r"line 1: .*missing: text, answer"):
        load_pack(str(missing))


def test_data_a_missing_file_or_a_small_pack_is_refused(tmp_path: Path) -> None:
    """Data: an unreadable pack, or one with fewer than seven questions, cannot be played."""
    with pytest.raises(OptionsError, match="cannot read"):
        new_state(4, question_pack=str(tmp_path / "nowhere.json"))
    six = write_pack(tmp_path, {f"s{k}": k for k in range(6)}, "six.json")
    with pytest.raises(OptionsError, match="7 questions; the pack holds 6"):
        new_state(4, question_pack=six)


# ------------------------------------------------------------ WW 1.3 never repeated
def test_ww_1_3_a_seven_question_pack_asks_each_question_once(tmp_path: Path) -> None:
    """WW 1.3: with exactly seven questions, a game asks every one of them once."""
    path = write_pack(tmp_path, {f"q{k}": k for k in range(7)}, "seven.json")
    for seed in range(5):
        match = Match(GAME, 4, {"question_pack": path}, seed=seed)
        rng = random.Random(seed)
        while not match.state.is_over:
            seat = match.state.turn().seats[0]
            match.play(seat, match.state.random_move(seat, rng))
        asked = [q["id"] for q in match.state.view(None)["state"]["history"]]
        assert sorted(asked) == [f"q{k}" for k in range(7)]


def test_ww_1_3_an_asked_question_is_not_a_possible_draw(pack: str) -> None:
    """WW 1.3: once asked, a question leaves the chance outcomes and is refused as a
    draw."""
    game = Script(4, question_pack=pack)
    game.question("a45", {})
    ids = [o.question for o, _ in game.state.chance_outcomes()]  # type: ignore[attr-defined]
    assert "a45" not in ids and len(ids) == len(QUESTIONS) - 1
    with pytest.raises(Exception, match="not a possible outcome"):
        game.state.apply(CHANCE, DrawQuestion("a45"))
    with pytest.raises(Exception, match="not a possible outcome"):
        game.state.apply(CHANCE, DrawQuestion("no-such-question"))


def test_ww_1_3_an_asked_question_is_refused_naming_when_it_was_asked(pack: str) -> None:
    """WW 1.3: drawing a question already asked is refused, saying which question it
    was this game."""
    game = Script(4, question_pack=pack)
    game.question("a45", {})
    game.question("a35", {})
    with pytest.raises(IllegalMove) as info:
        game.state.apply(CHANCE, DrawQuestion("a45"))
    assert info.value.message.endswith(
        "is not a possible outcome now: question a45 was already asked this game, as"
        " question 1; no question comes twice (WW 1.3)"
    )


def test_ww_1_3_a_question_not_in_the_pack_is_refused_as_unknown(pack: str) -> None:
    """WW 1.3: a question is drawn from the game's pack; an id outside it is refused,
    saying so."""
    game = Script(4, question_pack=pack)
    with pytest.raises(IllegalMove) as info:
        game.state.apply(CHANCE, DrawQuestion("no-such-question"))
    assert info.value.message.endswith(
        "is not a possible outcome now: there is no question 'no-such-question' in this"
        " game's question pack (WW 1.3)"
    )


def test_ww_1_3_only_a_question_draw_is_a_chance_move(pack: str) -> None:
    """WW 1.3: the only chance event is the draw of a question; another chance move is
    refused, naming it."""
    game = Script(4, question_pack=pack)
    with pytest.raises(IllegalMove) as info:
        game.state.apply(CHANCE, Guess("5"))
    assert info.value.message.endswith(
        "is not a possible outcome now: the pending chance event is the draw of a question (WW 1.3)"
    )


def test_data_a_csv_pack_with_a_byte_order_mark_is_loaded(tmp_path: Path) -> None:
    """Data: spreadsheet programs often start a UTF-8 CSV with a byte-order mark."""
    path = tmp_path / "excel.csv"
    path.write_text("\ufeff" + HEADER + "\na,A?,1,m,t,s\n", encoding="utf-8")
    assert [q.id for q in load_pack(str(path))] == ["a"]


def test_data_a_pack_is_read_with_a_bound(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 29 review (every input has a bound): a pack is a regular file of at most
    ``MAX_DATA_FILE`` bytes, like every replacement data file; a folder or a larger file
    is one line, nothing read whole."""
    monkeypatch.setattr("tote.core.data.MAX_DATA_FILE", 100)
    big = tmp_path / "big.csv"
    big.write_text(HEADER + "\n" + "a,A?,1,m,t,s\n" * 20, encoding="utf-8")
    with pytest.raises(OptionsError, match="is over 100 bytes; give a smaller one"):
        load_pack(str(big))
    with pytest.raises(OptionsError, match="is not a regular file"):
        load_pack(str(tmp_path))


def test_ww_1_3_draws_follow_the_seed() -> None:
    """WW 1.3: question draws come from the match's seed: the same seed asks the same
    questions, another seed (here) others."""

    def first_question(seed: int) -> str:
        return Match(GAME, 4, {}, seed=seed).state.view(None)["state"]["question"]["id"]

    assert first_question(11) == first_question(11)
    assert len({first_question(seed) for seed in range(6)}) > 1
