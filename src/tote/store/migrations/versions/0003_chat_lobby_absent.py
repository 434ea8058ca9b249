"""Table chat, the lobby's lists and absent seats (issue 27).

``chat``: one row per message said at a table (issue 27, Add: table chat): the seat
that said it (null: a spectator), the name shown, the words, when, and the table's
version (moves stored) at that moment, so a replay shows it at its place.
``tables.finished_at`` and ``tables.result``: when the game ended and its winners
(issue 27, Add: the lobby lists finished games with their date and winner).
``seats.timeouts``: the seat's timeouts in a row (issue 27, item 8: the lobby says
which tables wait on an absent player, and a restart keeps the count).

Revision ID: 0003
Revises: 0002
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "chat",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column(
            "table_id",
            sa.String(32),
            sa.ForeignKey("tables.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("text", sa.String(400), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
    )
    op.create_index("ix_chat_table_id_id", "chat", ["table_id", "id"])
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True))
        batch.add_column(sa.Column("result", sa.JSON, nullable=True))
    with op.batch_alter_table("seats") as batch:
        batch.add_column(
            sa.Column("timeouts", sa.Integer, nullable=False, server_default=sa.text("0"))
        )


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("timeouts")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("result")
        batch.drop_column("finished_at")
    op.drop_index("ix_chat_table_id_id", "chat")
    op.drop_table("chat")
