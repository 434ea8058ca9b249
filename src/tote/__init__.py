"""tote: rule-exact betting board games to play, simulate and study."""

__version__ = "0.1.0"
