"""Rematches, reserved seats and stand-in bots (issue 16).

``tables.rematch``: the table a finished table's rematch was created as (set once).
``seats.reserved``: a rematch seat kept for the player who sat there last game.
``seats.stand_in``: the bot the host let play a player's seat while they are away.

Revision ID: 0002
Revises: 0001
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("rematch", sa.String(32), nullable=True))
    with op.batch_alter_table("seats") as batch:
        batch.add_column(
            sa.Column("reserved", sa.Boolean, nullable=False, server_default=sa.false())
        )
        batch.add_column(sa.Column("stand_in", sa.String(32), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("stand_in")
        batch.drop_column("reserved")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("rematch")
