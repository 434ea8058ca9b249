"""tote: rule-exact betting board games to play, simulate and study."""

__version__ = "0.2.0"
