"""bidscli: score, replay, validate and compare games of Bids under every reading of the rules."""

__version__ = "0.1.0"
