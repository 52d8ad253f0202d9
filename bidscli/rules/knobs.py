"""Every variant knob of the rules model (spec rules.md), as data.

A knob is a named setting on which the sources disagree or are silent. The
registry below gives each knob its allowed values, a one-line meaning and a short label
in the players' words, which the pages, ``bids diff`` and ``bids rules show`` print
before the knob's name ("2x doubles: this round / the whole game"); the
bundled rulesets (``rulesets/*.toml``) give each knob its value and the source
that says so, or mark it ``unstated`` (a house choice, shown as such by
``rules show``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeAlias

from ..core.i18n import ENGLISH, N_, Message, text

# A knob's value, checked (Knob.check): a choice's word, a bool, an int, an int per player count,
# or player counts. Which one follows the knob's kind, known by its name at run time only.
KnobValue: TypeAlias = str | bool | int | dict[int, int] | tuple[int, ...]

PLAYER_COUNTS = (3, 4, 5, 6)
_COUNT_KEYS = {str(n): n for n in PLAYER_COUNTS}  # a per_players table's keys, as TOML reads them
TABLE_OPTIONS = ("ally", "minus_five", "color_bids", "lowest", "surprise", "thief")


@dataclass(frozen=True, slots=True)
class Knob:
    """A disputed rule: its name (section.key), kind of value, one-line meaning and label.

    ``label`` is the rule in the players' words. For a choice or a bool it is a title, a
    colon and one plain alternative per value, in the order of ``choices`` (true before
    false): "2x doubles: this round / the whole game"; for the other kinds, a title alone.
    """

    name: str
    kind: str  # "choice", "bool", "int", "per_players" (int per player count), "players" (list of counts)
    doc: str
    label: str
    choices: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        values = self.choices if self.kind == "choice" else (True, False) if self.kind == "bool" else ()
        if len(self.alternatives) != len(values):
            raise AssertionError(f"{self.name}: the label {self.label!r} needs one alternative per value")

    @property
    def title(self) -> str:
        """The label without its alternatives ("2x doubles")."""
        return self.label.split(": ", 1)[0]

    @property
    def alternatives(self) -> tuple[str, ...]:
        """The label's plain words for each value, in the order of the values; () for the other kinds."""
        if self.kind not in ("choice", "bool"):
            return ()
        return tuple(self.label.split(": ", 1)[1].split(" / ")) if ": " in self.label else ()

    def words(self, value: object) -> str | None:
        """A value in the players' words ("the whole game" for double.scope = game, "with 6 players"
        for a list of player counts); None when the value says it best (numbers, tables)."""
        if self.kind == "players" and isinstance(value, (list, tuple)):
            return "at no player count" if not value else f"with {', '.join(map(str, value))} players"
        values = self.choices if self.kind == "choice" else (True, False) if self.kind == "bool" else ()
        if isinstance(value, str) and self.kind == "bool":
            value = {"true": True, "false": False}.get(value, value)
        for v, w in zip(values, self.alternatives):
            if v == value and type(v) is type(value):
                return w
        return None

    @property
    def section(self) -> str:
        return self.name.split(".", 1)[0]

    @property
    def key(self) -> str:
        return self.name.split(".", 1)[1]

    def describe_values(self) -> str:
        """The allowed values in English (JSON's "values")."""
        return text(self.values_said(), ENGLISH)

    def values_said(self) -> Message | str:
        """The allowed values, worded when shown: the choices as a ruleset writes them
        (``immediate | deferred``), the other kinds in words."""
        if self.kind == "choice":
            return " | ".join(self.choices)
        if self.kind == "bool":
            return "true | false"
        return Message(_DESCRIBED[self.kind])

    def values_in_words(self) -> str:
        """The allowed values as docs/knobs.md writes them: with no `|`, which a Markdown
        table reads as a cell border."""
        if self.kind in ("choice", "bool"):
            words = [f"`{c}`" for c in (self.choices if self.kind == "choice" else ("true", "false"))]
            return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"
        return self.describe_values()

    def check(self, value: object) -> KnobValue:
        """Return the normalised value or raise KnobValueError saying what is expected (values
        shown as TOML writes them: ``true``, ``{ 4 = 5 }``)."""
        from ..core.sanitize import toml_value

        shown = toml_value(value)
        if self.kind == "choice":
            if not isinstance(value, str) or value not in self.choices:
                from ..core.errors import suggestion

                hint = suggestion(value, self.choices) if isinstance(value, str) else ""
                raise KnobValueError(Message("{value} is not a value of {knob}: expected {values}{hint}",
                                             value=shown, knob=self.name, values=self.values_said(), hint=hint))
            return value
        if self.kind == "bool":
            if not isinstance(value, bool):
                raise KnobValueError(Message("{value} is not a value of {knob}: expected {values}", value=shown,
                                             knob=self.name, values=self.values_said()))
            return value
        if self.kind == "int":
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 1000:
                raise KnobValueError(Message("{value} is not a value of {knob}: expected an integer 0-1000",
                                             value=shown, knob=self.name))
            return value
        if self.kind == "per_players":
            if not isinstance(value, dict):
                raise KnobValueError(Message("{value} is not a value of {knob}: expected {values}", value=shown,
                                             knob=self.name, values=self.values_said()))
            out: dict[int, int] = {}
            for k, v in value.items():
                # A TOML key is a string: a player count is written as TOML writes the number, "3"
                # (or 3 bare); "03", "3.0" or another script's digit ("٣") is no player count,
                # and is refused rather than read as 3 beside a "3" of its own.
                n = k if isinstance(k, int) and not isinstance(k, bool) else _COUNT_KEYS.get(k)
                if n is None or n not in PLAYER_COUNTS:
                    raise KnobValueError(Message("{knob}: key {key} is not a player count: expected 3, 4, 5 or 6, "
                                                 "written as a plain number (3 = 1)", knob=self.name,
                                                 key=toml_value(str(k))))
                if n in out:
                    raise KnobValueError(Message("{knob}: player count {n} is given twice", knob=self.name, n=n))
                if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= 100:
                    raise KnobValueError(Message("{knob}.{key} = {value}: expected an integer 0-100", knob=self.name,
                                                 key=k, value=toml_value(v)))
                out[n] = v
            missing = [n for n in PLAYER_COUNTS if n not in out]
            if missing:
                raise KnobValueError(Message("{knob}: no value for {counts} players: expected {values}", knob=self.name,
                                             counts=", ".join(map(str, missing)), values=self.values_said()))
            return out
        if self.kind == "players":
            if not isinstance(value, list) or not all(
                isinstance(v, int) and not isinstance(v, bool) and v in PLAYER_COUNTS for v in value
            ):
                raise KnobValueError(Message("{value} is not a value of {knob}: expected {values} (3-6)", value=shown,
                                             knob=self.name, values=self.values_said()))
            return tuple(sorted(set(value)))
        raise AssertionError(self.kind)


class KnobValueError(ValueError):
    """A value that is none of a knob's (Knob.check): ``message``, worded when shown (``str``: in
    the output language, as a usage error prints it)."""

    def __init__(self, message: Message) -> None:
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return str(self.message)


_DESCRIBED = {
    "int": N_("an integer"),
    "per_players": N_("a table of integers by player count, e.g. {{ 3 = 1, 4 = 1, 5 = 2, 6 = 3 }}"),
    "players": N_("a list of player counts, e.g. [3, 4, 5, 6]"),
}


def _k(name: str, kind: str, doc: str, label: str, *choices: str) -> Knob:
    return Knob(name, kind, doc, label, tuple(choices))


KNOBS: dict[str, Knob] = {
    k.name: k
    for k in [
        # -- deck and deal (rules.md 2) -----------------------------------------
        _k("deck.colours", "per_players", "how many colours are used at each player count",
           N_("colours in the deck")),
        _k("deck.numbers", "per_players", "cards are numbered 1..N at each player count",
           N_("highest card number")),
        _k("deck.black_in_hands", "per_players", "black cards dealt into the hand pool (whole table)",
           N_("black cards dealt into the hands")),
        _k("deck.hand_size", "int", "cards dealt to each hand (and tricks a round)",
           N_("cards in a hand")),
        _k("deck.minus_five_always", "players", "player counts at which the -5 card is always in the black deck",
           N_("-5 card always in the deck")),
        _k("deck.minus_five_by_option", "bool", "the -5 option also adds the -5 card to the black deck",
           N_("-5 option adds the -5 card: yes / no")),
        _k("deck.double_always", "players", "player counts at which the 2x card is in the black deck",
           N_("2x card in the deck")),
        _k("deck.ally_always", "players", "player counts at which the Ally card is always dealt",
           N_("Ally card always dealt")),
        _k("deck.ally_allowed", "players", "player counts at which the Ally option may be used",
           N_("Ally option allowed")),
        _k("deck.short", "choice", "hand pool smaller than players x hand size",
           N_("too few cards for full hands: deal shorter hands / refuse the deal"), "shorten", "error"),
        _k("deck.short_pile", "choice", "a trick with no pile card left",
           N_("pile used up: play for no prize / refuse the trick"), "empty_centre", "error"),
        # -- game ------------------------------------------------------------------
        _k("game.rounds", "int", "rounds in a game (deal and simulate; logs may hold any number)",
           N_("rounds in a game")),
        _k("game.first_leader", "choice", "who leads trick 1 when the log does not say",
           N_("who leads a round: each seat in turn / always the first seat"), "rotate", "first_seat"),
        _k("specials.bid", "choice", "special cards and Ally played from hand are not bids",
           N_("special cards and Ally as bids: never"), "none"),
        # -- lucky loser (rules.md 4) ----------------------------------------------
        _k("lucky_loser.condition", "choice", "what makes a lucky loser round",
           N_("lucky loser: wins no trick / takes no black card"), "no_tricks", "no_black_cards"),
        _k("lucky_loser.progression", "choice", "the n-th lucky round pays base x n, or base",
           N_("lucky-loser pay: grows each time / stays the same"), "progressive", "flat"),
        _k("lucky_loser.points", "per_players", "base lucky-loser points by player count",
           N_("lucky-loser base points")),
        _k("lucky_loser.shared_with_ally", "bool", "lucky-loser points go into the Ally split",
           N_("lucky-loser points in the Ally split: yes / no")),
        # -- 2x ------------------------------------------------------------------------
        _k("double.scope", "choice", "which points 2x doubles: this round's, or all the player has",
           N_("2x doubles: this round / the whole game"), "round", "game"),
        _k("double.includes_trick", "bool", "the other points of the 2x trick are added before doubling",
           N_("2x trick's own points doubled too: yes / no")),
        # -- -5 ------------------------------------------------------------------------
        _k("minus_five.bonus", "choice", "the -5 bonus at game end",
           N_("-5 bonus: for enough -5 wins / shared by the most -5 wins"), "threshold", "split_most"),
        _k("minus_five.points", "int", "points of the -5 bonus",
           N_("-5 bonus points")),
        _k("minus_five.threshold", "int", "wins of the -5 needed for the threshold bonus",
           N_("-5 wins for the bonus")),
        _k("minus_five.rounding", "choice", "rounding of an uneven split_most bonus",
           N_("-5 bonus shared unevenly: round down / round up"), "floor", "ceil"),
        # -- Ally ------------------------------------------------------------------------
        _k("ally.rounding", "choice", "rounding of half an odd sum of allies' round points",
           N_("Ally split of an odd sum: round down / round up"), "floor", "ceil"),
        _k("ally.on_burn", "choice", "a burned trick with the Ally played forms no alliance",
           N_("Ally played into a burned trick: no alliance"), "none"),
        # -- Lowest ------------------------------------------------------------------------
        _k("lowest.reveal", "choice", "Lowest revealed: set aside for the next pile card, or stays as a 0-point prize",
           N_("Lowest turned up as the prize: set aside for the next card / a 0-point prize"), "replace", "prize"),
        _k("lowest.from_hand", "choice", "Lowest played from hand starts lowest-wins mode, or does nothing",
           N_("Lowest played from hand: lowest bid wins / does nothing"), "activate", "none"),
        # -- Surprise ------------------------------------------------------------------------
        _k("surprise.on_burn", "choice", "the hidden prize of a burned Surprise trick",
           N_("Surprise prize of a burned trick: stays on the pile / discarded"), "stays", "discard"),
        _k("surprise.from_hand", "choice", "Surprise played from hand",
           N_("Surprise played from hand: winner takes the next card too / replaces the centre card"), "winner_takes_next", "replace_center"),
        _k("surprise.displaced", "choice", "the centre card replaced by a Surprise from hand (replace_center)",
           N_("centre card a Surprise replaces: discarded / under the pile"), "discard", "bottom"),
        # -- Thief ------------------------------------------------------------------------
        _k("thief.timing", "choice", "steal at once when the Thief is won, or a right used later",
           N_("when the Thief steals: at once / later, when its winner chooses"), "immediate", "deferred"),
        _k("thief.mandatory", "bool", "the steal is a duty, not a right",
           N_("Thief's steal: a must / a right")),
        _k("thief.first_chance", "choice", "deferred right: first usable at the end of the trick it was won in, or the next",
           N_("a saved steal first usable: in its own trick / from the next trick"), "same_trick", "next_trick"),
        _k("thief.pool", "choice", "black cards that can be stolen: won this round, or at any time",
           N_("what the Thief may take: a card won this round / a card won at any time"), "round", "game"),
        _k("thief.fallback", "choice", "immediate steal when the weakest bidder has nothing to take",
           N_("Thief's victim has nothing: steal from the strongest who has / from the next weakest who has / no steal"), "strongest_with_cards", "next_weakest_with_cards", "none"),
        _k("thief.with_color_bids", "choice", "Thief together with Color Bids",
           N_("Thief with Color Bids: not allowed / allowed"), "refuse", "allow"),
        _k("thief.right_lasts", "choice", "an unused deferred right ends with the round, or lasts the game",
           N_("an unused steal lasts: to the round's end / the whole game"), "round", "game"),
        # -- Color Bids ------------------------------------------------------------------------
        _k("color_bids.mode", "choice", "colour count first, or number first",
           N_("Color Bids decided by: colour count first / number first"), "majority_first", "number_first"),
        _k("color_bids.center_can_win", "bool", "the centre card can be the best card (then nobody wins)",
           N_("centre card can be best: yes, and then nobody wins / no")),
        _k("color_bids.center_burn_leader", "choice", "who leads after the centre card burned a trick: its leader, or the next seat",
           N_("after the centre card burns a trick, leads: the same player / the next seat"), "same", "next"),
    ]
}

SECTIONS = sorted({k.section for k in KNOBS.values()})


def split_label(label: str) -> tuple[str, str | None]:
    """A knob's label, worded in any language, as its title and its alternatives (``None`` without
    them): split at its first ``": "``, or the full-width ``"："`` a Japanese label writes."""
    at = [i for i in (label.find(": "), label.find("\uff1a")) if i >= 0]
    if not at:
        return label, None
    i = min(at)
    return label[:i], label[i + (2 if label.startswith(": ", i) else 1):]


def rule_title(name: str, word: Callable[[str], str] = str) -> str:
    """What the players call a rule, a group of rules or a joint step of them, as the accounts
    name them: a knob's title ("2x doubles"), "the deck", "table options", or titles joined by " + ".
    ``word``: how a label is worded (a message id to a text; default English, as the data of a page)."""
    if " + " in name:
        return " + ".join(rule_title(n, word) for n in name.split(" + "))
    knob = KNOBS.get(name)
    if knob is not None:
        return split_label(word(knob.label))[0]  # (the label without its alternatives: Knob.title)
    return word(N_("the deck")) if name == "deck" else name


def knob_value(value: KnobValue) -> str | int | dict[str, int] | list[int]:
    """A knob value as the outputs show it: a bool as the text "true"/"false", player-count keys as
    text, tuples as lists."""
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, dict):
        return {str(k): v for k, v in value.items()}
    if isinstance(value, tuple):
        return list(value)
    return value
