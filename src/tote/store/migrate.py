"""Bring a database up to the newest schema with Alembic, from inside the package."""

from __future__ import annotations

from importlib.resources import files

from alembic import command
from alembic.config import Config
from sqlalchemy.engine import Engine


def alembic_config(engine: Engine) -> Config:
    config = Config()
    config.set_main_option("script_location", str(files("tote.store") / "migrations"))
    # Alembic's config is a ConfigParser: "%" (as in percent-encoded passwords or
    # libpq options) must be doubled to survive its interpolation.
    url = engine.url.render_as_string(hide_password=False).replace("%", "%%")
    config.set_main_option("sqlalchemy.url", url)
    config.attributes["engine"] = engine
    return config


def upgrade(engine: Engine) -> None:
    """Apply every migration not yet applied (a new SQLite file gets the whole schema)."""
    command.upgrade(alembic_config(engine), "head")
