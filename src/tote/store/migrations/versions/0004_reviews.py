"""A finished table's review (issue 26, "Where people see it": computed once on the
server, in the background, stored with the table).

``reviews``: one row per table whose review was asked for: ``working`` while a server
process computes it (the row is that process's claim), ``done`` with the review's JSON
(``Review.to_json()``) once computed. Deleted with its table.

Revision ID: 0004
Revises: 0003
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "reviews",
        sa.Column(
            "table_id",
            sa.String(32),
            sa.ForeignKey("tables.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("review", sa.JSON, nullable=True),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("engine", sa.String(32), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("reviews")
