"""Issue 27: migration 0003 (table chat, finished games' results, timeouts in a row)
upgrades a database made before it, on SQLite and on PostgreSQL: its tables, seats and
moves stay, finished tables get no invented result, every seat counts no timeout, and
the table can be chatted at at once."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import create_engine, text

from tote.store import Store


@pytest.fixture(params=["sqlite", "postgresql"])
def old_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'old.db'}"
    url: str = request.getfixturevalue("own_postgres_url")
    return url


def test_migration_0003_upgrades_an_older_database(old_url: str) -> None:
    from alembic import command

    from tote.store.migrate import alembic_config

    engine = create_engine(old_url)
    command.upgrade(alembic_config(engine), "0002")
    with engine.begin() as connection:
        connection.execute(
            text(
                "INSERT INTO tables (id, game, options, seed, status, version, settings,"
                " host_token, engine, created_at) VALUES ('old', 'winners-circle', '{}', 7,"
                " 'finished', 0, '{}', 'x', '0.1', '2026-01-01 00:00:00+00')"
            )
        )
        for seat in (0, 1):
            connection.execute(
                text(
                    "INSERT INTO seats (table_id, seat, name, bot, token)"
                    f" VALUES ('old', {seat}, 'Player {seat + 1}', 'odds', NULL)"
                )
            )
    engine.dispose()
    store = Store(old_url)
    try:
        table = store.table("old")
        assert table.status == "finished" and table.seed == 7
        assert table.result is None and table.finished_at is None
        assert [s.timeouts for s in table.seats] == [0, 0]
        line = store.say("old", 0, "Player 1", "still here", 300)
        assert [m.text for m in store.chat("old")] == ["still here"] and line.version == 0
        store.set_timeouts("old", 1, 2)
        assert [s.timeouts for s in store.table("old").seats] == [0, 2]
    finally:
        store.engine.dispose()
