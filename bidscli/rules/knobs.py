"""Every variant knob of the rules model (spec rules.md), as data.

A knob is a named setting on which the sources disagree or are silent. The
registry below gives each knob its allowed values and a one-line meaning; the
bundled rulesets (``rulesets/*.toml``) give each knob its value and the source
that says so, or mark it ``unstated`` (a house choice, shown as such by
``rules show``).
"""

from __future__ import annotations

from dataclasses import dataclass

PLAYER_COUNTS = (3, 4, 5, 6)
TABLE_OPTIONS = ("ally", "minus_five", "color_bids", "lowest", "surprise", "thief")


@dataclass(frozen=True, slots=True)
class Knob:
    """A disputed rule: its name (section.key), kind of value and one-line meaning."""

    name: str
    kind: str  # "choice", "bool", "int", "per_players" (int per player count), "players" (list of counts)
    doc: str
    choices: tuple = ()

    @property
    def section(self) -> str:
        return self.name.split(".", 1)[0]

    @property
    def key(self) -> str:
        return self.name.split(".", 1)[1]

    def describe_values(self) -> str:
        if self.kind == "choice":
            return " | ".join(self.choices)
        return {
            "bool": "true | false",
            "int": "an integer",
            "per_players": 'a table of integers by player count, e.g. { 3 = 1, 4 = 1, 5 = 2, 6 = 3 }',
            "players": "a list of player counts, e.g. [3, 4, 5, 6]",
        }[self.kind]

    def values_in_words(self) -> str:
        """The allowed values as docs/knobs.md writes them: with no `|`, which a Markdown
        table reads as a cell border."""
        if self.kind in ("choice", "bool"):
            words = [f"`{c}`" for c in (self.choices if self.kind == "choice" else ("true", "false"))]
            return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"
        return self.describe_values()

    def check(self, value):
        """Return the normalised value or raise ValueError saying what is expected."""
        expected = f"expected {self.describe_values()}"
        if self.kind == "choice":
            if not isinstance(value, str) or value not in self.choices:
                from ..core.errors import did_you_mean

                hint = did_you_mean(value, self.choices) if isinstance(value, str) else ""
                raise ValueError(f"{value!r} is not a value of {self.name}: {expected}{hint}")
            return value
        if self.kind == "bool":
            if not isinstance(value, bool):
                raise ValueError(f"{value!r} is not a value of {self.name}: {expected}")
            return value
        if self.kind == "int":
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 1000:
                raise ValueError(f"{value!r} is not a value of {self.name}: expected an integer 0-1000")
            return value
        if self.kind == "per_players":
            if not isinstance(value, dict):
                raise ValueError(f"{value!r} is not a value of {self.name}: {expected}")
            out = {}
            for k, v in value.items():
                try:
                    n = int(k)
                except (TypeError, ValueError):
                    raise ValueError(f"{self.name}: key {k!r} is not a player count 3-6") from None
                if n not in PLAYER_COUNTS:
                    raise ValueError(f"{self.name}: key {k!r} is not a player count 3-6")
                if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= 100:
                    raise ValueError(f"{self.name}.{k} = {v!r}: expected an integer 0-100")
                out[n] = v
            missing = [n for n in PLAYER_COUNTS if n not in out]
            if missing:
                raise ValueError(f"{self.name}: no value for {', '.join(map(str, missing))} players: {expected}")
            return out
        if self.kind == "players":
            if not isinstance(value, list) or not all(
                isinstance(v, int) and not isinstance(v, bool) and v in PLAYER_COUNTS for v in value
            ):
                raise ValueError(f"{value!r} is not a value of {self.name}: {expected} (3-6)")
            return tuple(sorted(set(value)))
        raise AssertionError(self.kind)


def _k(name, kind, doc, *choices):
    return Knob(name, kind, doc, tuple(choices))


KNOBS: dict[str, Knob] = {
    k.name: k
    for k in [
        # -- deck and deal (rules.md 2) -----------------------------------------
        _k("deck.colours", "per_players", "how many colours are used at each player count"),
        _k("deck.numbers", "per_players", "cards are numbered 1..N at each player count"),
        _k("deck.black_in_hands", "per_players", "black cards dealt into the hand pool (whole table)"),
        _k("deck.hand_size", "int", "cards dealt to each hand (and tricks a round)"),
        _k("deck.minus_five_always", "players", "player counts at which the -5 card is always in the black deck"),
        _k("deck.minus_five_by_option", "bool", "the -5 option also adds the -5 card to the black deck"),
        _k("deck.double_always", "players", "player counts at which the 2x card is in the black deck"),
        _k("deck.ally_always", "players", "player counts at which the Ally card is always dealt"),
        _k("deck.ally_allowed", "players", "player counts at which the Ally option may be used"),
        _k("deck.short", "choice", "hand pool smaller than players x hand size", "shorten", "error"),
        _k("deck.short_pile", "choice", "a trick with no pile card left", "empty_centre", "error"),
        # -- game ------------------------------------------------------------------
        _k("game.rounds", "int", "rounds in a game (deal and simulate; logs may hold any number)"),
        _k("game.first_leader", "choice", "who leads trick 1 when the log does not say", "rotate", "first_seat"),
        _k("specials.bid", "choice", "special cards and Ally played from hand are not bids", "none"),
        # -- lucky loser (rules.md 4) ----------------------------------------------
        _k("lucky_loser.condition", "choice", "what makes a lucky loser round", "no_tricks", "no_black_cards"),
        _k("lucky_loser.progression", "choice", "the n-th lucky round pays base x n, or base", "progressive", "flat"),
        _k("lucky_loser.points", "per_players", "base lucky-loser points by player count"),
        _k("lucky_loser.shared_with_ally", "bool", "lucky-loser points go into the Ally split"),
        # -- 2x ------------------------------------------------------------------------
        _k("double.scope", "choice", "which points 2x doubles: this round's, or all the player has", "round", "game"),
        _k("double.includes_trick", "bool", "the other points of the 2x trick are added before doubling"),
        # -- -5 ------------------------------------------------------------------------
        _k("minus_five.bonus", "choice", "the -5 bonus at game end", "threshold", "split_most"),
        _k("minus_five.points", "int", "points of the -5 bonus"),
        _k("minus_five.threshold", "int", "wins of the -5 needed for the threshold bonus"),
        _k("minus_five.rounding", "choice", "rounding of an uneven split_most bonus", "floor", "ceil"),
        # -- Ally ------------------------------------------------------------------------
        _k("ally.rounding", "choice", "rounding of half an odd sum of allies' round points", "floor", "ceil"),
        _k("ally.on_burn", "choice", "a burned trick with the Ally played forms no alliance", "none"),
        # -- Lowest ------------------------------------------------------------------------
        _k("lowest.reveal", "choice", "Lowest revealed: set aside for the next pile card, or stays as a 0-point prize", "replace", "prize"),
        _k("lowest.from_hand", "choice", "Lowest played from hand starts lowest-wins mode, or does nothing", "activate", "none"),
        # -- Surprise ------------------------------------------------------------------------
        _k("surprise.on_burn", "choice", "the hidden prize of a burned Surprise trick", "stays", "discard"),
        _k("surprise.from_hand", "choice", "Surprise played from hand", "winner_takes_next", "replace_center"),
        _k("surprise.displaced", "choice", "the centre card replaced by a Surprise from hand (replace_center)", "discard", "bottom"),
        # -- Thief ------------------------------------------------------------------------
        _k("thief.timing", "choice", "steal at once when the Thief is won, or a right used later", "immediate", "deferred"),
        _k("thief.mandatory", "bool", "the steal is a duty, not a right"),
        _k("thief.first_chance", "choice", "deferred right: first usable at the end of the trick it was won in, or the next", "same_trick", "next_trick"),
        _k("thief.pool", "choice", "black cards that can be stolen: won this round, or at any time", "round", "game"),
        _k("thief.fallback", "choice", "immediate steal when the weakest bidder has nothing to take", "strongest_with_cards", "next_weakest_with_cards", "none"),
        _k("thief.with_color_bids", "choice", "Thief together with Color Bids", "refuse", "allow"),
        _k("thief.right_lasts", "choice", "an unused deferred right ends with the round, or lasts the game", "round", "game"),
        # -- Color Bids ------------------------------------------------------------------------
        _k("color_bids.mode", "choice", "colour count first, or number first", "majority_first", "number_first"),
        _k("color_bids.center_can_win", "bool", "the centre card can be the best card (then nobody wins)"),
        _k("color_bids.center_burn_leader", "choice", "who leads after the centre card burned a trick: its leader, or the next seat", "same", "next"),
    ]
}

SECTIONS = sorted({k.section for k in KNOBS.values()})


def knob_value(value):
    """A knob value as the outputs show it: a bool as the text "true"/"false", player-count keys as
    text, tuples as lists."""
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, dict):
        return {str(k): v for k, v in value.items()}
    if isinstance(value, tuple):
        return list(value)
    return value
