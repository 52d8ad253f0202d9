"""Rulesets: every knob with its value and source, loaded from TOML.

A ruleset file sets knobs in sections (``[thief] timing = "deferred"``) and
cites a source for each in ``[sources]``. ``extends = "english"`` (a bundled
name or a path, relative to the file) starts from another ruleset; overriding
a knob without a citation marks it ``house: <name>``.

The bundled rulesets live in the top-level ``rulesets/`` folder and are shipped
as the package ``bidscli.rulesets``, read through importlib.resources so they
load from an installed wheel too.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pathlib is imported where a path is built: not at start-up
    from pathlib import Path
from types import MappingProxyType

from ..core.cards import (
    ALLY_CARD,
    BLACK,
    COLOURS,
    DOUBLE_CARD,
    LOWEST_CARD,
    MAX_NUMBER,
    MINUS_FIVE_CARD,
    SURPRISE_CARD,
    THIEF_CARD,
    Card,
    black_number,
    coloured,
)
from ..core.errors import DeckError, RulesetError, nearest, suggestion
from ..core.i18n import ENGLISH, N_, Listed, Message, WordedText
from ..core.sanitize import path_text, quoted, text_fault, toml_value
from ..core.worded import Colour
from ..files.bounds import check_toml
from ..files.tomlread import ReaderWords, TOMLDecodeError, error_at, number_line
from ..files.tomlread import loads as toml_loads  # the log reader's parser
from .citations import cited, phrase
from .knobs import (
    KNOBS,
    PLAYER_COUNTS,
    SECTIONS,
    TABLE_OPTIONS,
    KnobValueError,
    knob_value,
)

BUNDLED = ("italian", "english", "japanese")
ALIASES = {"spanish": "english"}
UNSTATED = "unstated"
META_KEYS = ("name", "source", "title", "description", "extends", "aliases", "options", "sources", "quotes")
# The languages a source may be quoted in ([quotes]: knob = { it = "..." }), and the quotation
# marks each writes (rules show): Italian and Spanish «», Japanese 「」, English “”.
QUOTE_LANGS = {"it": ("«", "»"), "es": ("«", "»"), "ja": ("「", "」"), "en": ("“", "”")}
# The texts a ruleset brings in, checked where they are read (core.sanitize.text_fault): the
# most characters of each, and whether it may hold line breaks. A name heads tables and labels
# columns; a citation is one line of `rules show`; a description is a paragraph or a few.
TEXTS = {"name": (64, False), "source": (200, False), "title": (200, False),
         "description": (4000, True), "extends": (1000, False)}
MAX_CITATION = 500
MAX_QUOTE = 300  # a phrase, a sentence at most


@dataclass(frozen=True, slots=True)
class Ruleset:
    """Every knob's value and source, the table options' defaults, and where the ruleset comes from."""

    name: str
    source: str
    title: str
    description: str
    # Each knob's value (rules.knobs.KnobValue): its type follows the knob's kind, which a
    # reader knows by the knob's name, so a value read is Any to the type checker.
    knobs: Mapping[str, Any]
    sources: Mapping[str, str]
    options: Mapping[str, bool]
    path: str | None = None
    chain: tuple[str, ...] = ()  # this ruleset and what it extends, nearest first
    # Each knob a source settles: (language, phrase), the source's own words ([quotes]).
    quotes: Mapping[str, tuple[str, str]] = dataclasses.field(default_factory=lambda: MappingProxyType({}))

    def replace(self, **changes: Any) -> Ruleset:
        """A copy with some fields changed (dataclasses.replace)."""
        return dataclasses.replace(self, **changes)

    def __getitem__(self, knob: str) -> Any:
        return self.knobs[knob]

    def __reduce__(self) -> tuple[Callable[..., Ruleset], tuple[object, ...]]:
        # Picklable (its read-only mappings are not), so a study hands loaded rulesets to its
        # workers instead of each worker reading the files again (nothing is re-read).
        return (_rebuild, (self.name, self.source, self.title, self.description, dict(self.knobs),
                           dict(self.sources), dict(self.options), self.path, self.chain, dict(self.quotes)))

    def source_of(self, knob: str) -> str:
        found = self.sources.get(knob)
        return cited(f"{UNSTATED}: house default", True) if found is None else found

    def quote_of(self, knob: str) -> tuple[str, str] | None:
        """(language, phrase): the words of the source that settles ``knob``, or None."""
        return self.quotes.get(knob)

    def is_unstated(self, knob: str) -> bool:
        return self.source_of(knob).startswith(UNSTATED)

    def with_knobs(self, overrides: Mapping[str, object], origin: str = "command line") -> Ruleset:
        """A copy with some knobs changed (``-o thief.timing=deferred``, disputes)."""
        knobs = dict(self.knobs)
        sources = dict(self.sources)
        quotes = dict(self.quotes)
        for name, value in overrides.items():
            if name not in KNOBS:
                raise RulesetError(unknown_knob(name))
            try:
                knobs[name] = KNOBS[name].check(value)
            except KnobValueError as exc:
                raise RulesetError(exc.message) from None
            sources[name] = cited(f"house: {origin}", True)
            quotes.pop(name, None)  # no source says this value
        return Ruleset(
            self.name, self.source, self.title, self.description,
            MappingProxyType(knobs), MappingProxyType(sources), self.options, self.path, self.chain,
            MappingProxyType(quotes),
        )

    def table_options(self, chosen: Mapping[str, bool] | None = None) -> dict[str, bool]:
        """The table options in play: this ruleset's defaults, with the table's own choices on top."""
        return {**self.options, **(chosen or {})}

    def check_options(self, options: Mapping[str, bool], players: int | None = None) -> None:
        """Refuse option sets the ruleset does not allow (IT: Thief with Color Bids)."""
        if options.get("thief") and options.get("color_bids") and self.knobs["thief.with_color_bids"] == "refuse":
            raise RulesetError(Message(
                'Thief is not compatible with Color Bids under {ruleset} (knob thief.with_color_bids = "refuse"; '
                '{source})', ruleset=self.name, source=self.source_of("thief.with_color_bids")))
        if players is not None and options.get("ally") and players not in self.knobs["deck.ally_allowed"] \
                and players not in self.knobs["deck.ally_always"]:
            allowed = ", ".join(map(str, self.knobs["deck.ally_allowed"]))
            if not allowed:
                raise RulesetError(Message("the Ally option is not available at {players} players under {ruleset} "
                                           "(deck.ally_allowed: no players)", players=players, ruleset=self.name))
            raise RulesetError(Message("the Ally option is not available at {players} players under {ruleset} "
                                       "(deck.ally_allowed: {allowed} players)", players=players, ruleset=self.name,
                                       allowed=allowed))


def _rebuild(name: str, source: str, title: str, description: str, knobs: dict[str, Any],
             sources: dict[str, str], options: dict[str, bool], path: str | None,
             chain: tuple[str, ...], quotes: dict[str, tuple[str, str]]) -> Ruleset:
    return Ruleset(name, source, title, description, MappingProxyType(knobs), MappingProxyType(sources),
                   MappingProxyType(options), path, chain, MappingProxyType(quotes))


def unknown_knob(name: str) -> Message:
    """The message for a knob name that is not in the registry (knobs.KNOBS)."""
    near = nearest(name, KNOBS)
    if near:
        return Message("unknown knob '{name}' (did you mean '{near}'?): expected a knob name like thief.timing "
                       "(`bids rules show english` lists them all)", name=quoted(name), near=near)
    return Message("unknown knob '{name}': expected a knob name like thief.timing "
                   "(`bids rules show english` lists them all)", name=quoted(name))


# -- loading -------------------------------------------------------------------


def _bundled_text(name: str) -> tuple[str, str]:
    """Text and display path of a bundled ruleset, from the wheel or a checkout."""
    try:  # the package's folder first: importlib.resources costs start-up time
        import os

        # mypy reads bidscli/ only; this package is the top-level rulesets/ folder (package-dir).
        from .. import rulesets  # type: ignore[attr-defined]

        with open(os.path.join(os.path.dirname(rulesets.__file__), f"{name}.toml"), encoding="utf-8") as f:
            return f.read(), f"<bundled>/{name}.toml"
    except (ImportError, TypeError, OSError):
        pass
    try:  # a package inside a zip file
        from importlib.resources import files

        res = files("bidscli.rulesets").joinpath(f"{name}.toml")
        return res.read_text(encoding="utf-8"), f"<bundled>/{name}.toml"
    except (ModuleNotFoundError, FileNotFoundError, OSError):
        from pathlib import Path

        path = Path(__file__).resolve().parent.parent / "rulesets" / f"{name}.toml"
        return path.read_text(encoding="utf-8"), f"<bundled>/{name}.toml"


_CACHE: dict[str, Ruleset] = {}


def bundled_names() -> list[str]:
    """Every bundled name, an alias right after what it names: italian, english, spanish,
    japanese (the order of `rules list`, of --help and of every error)."""
    return [n for b in BUNDLED for n in (b, *(a for a, target in ALIASES.items() if target == b))]


def is_bundled(name: str) -> bool:
    return name.lower() in BUNDLED or name.lower() in ALIASES


def load_ruleset(ref: str, *, base_dir: Path | None = None) -> Ruleset:
    """Load a bundled ruleset by name (``italian``, ``spanish``...) or a TOML file by path."""
    if is_bundled(ref):
        key = ref.lower()
        name = ALIASES.get(key, key)
        if name not in _CACHE:
            text, display = _bundled_text(name)
            _CACHE[name] = _load(text, display, None, ())
        return _CACHE[name]
    from pathlib import Path

    path = Path(ref)
    if base_dir is not None and not path.is_absolute():
        path = base_dir / path
    if not _exists(path):
        raise RulesetError(unknown_ruleset(ref))
    return _load_path(path, ())


def unknown_ruleset(ref: str) -> Message:
    """The message for a ruleset reference that is neither a bundled name nor a file."""
    near = nearest(ref, bundled_names()) if len(ref) < 100 else None
    names = ", ".join(bundled_names())
    if near:
        return Message("no ruleset '{ref}': expected a bundled name ({names}) or a path to a TOML ruleset "
                       "(did you mean '{near}'?)", ref=quoted(ref), names=names, near=near)
    return Message("no ruleset '{ref}': expected a bundled name ({names}) or a path to a TOML ruleset",
                   ref=quoted(ref), names=names)


def _exists(path: Path) -> bool:
    """Path.exists, but a name too long or with a NUL byte is simply not there."""
    try:
        return path.exists()
    except (OSError, ValueError):
        return False


MAX_RULESET_BYTES = 1_000_000
MAX_EXTENDS = 16  # rulesets in one extends chain (a house file extending a house file... extending a bundled one)


class _ChainError(RulesetError):
    """A cycle or an over-long extends chain: reported once, not wrapped at every level."""


def _load_path(path: Path, seen: tuple[str, ...]) -> Ruleset:
    from ..files.safe import decode, read_bytes

    resolved = str(path.resolve())
    if resolved in seen:
        raise _ChainError(Message("extends cycle: {chain}", chain=" -> ".join(seen + (resolved,))), file=str(path))
    if len(seen) >= MAX_EXTENDS:
        raise _ChainError(Message("extends chain of more than {most} ruleset files (from {first}): bidscli follows "
                                  "at most {most}", most=MAX_EXTENDS, first=seen[0]), file=str(path))
    # The input policy (files.py): a regular file of at most 1 MB, never a FIFO or a device.
    raw = read_bytes(path, MAX_RULESET_BYTES, "ruleset", RulesetError)
    try:
        text = decode(raw, str(path), RulesetError)
    except RulesetError as exc:
        raise RulesetError(Message("ruleset file is not UTF-8 text"), file=exc.file, line=exc.line) from None
    return _load(text, str(path), path, seen + (resolved,))


def _key_line(text: str, key: str) -> int | None:
    """The line that sets top-level ``key`` (``name = ...``), else the first line naming it."""
    import re

    m = re.search(rf"^[ \t]*[\"']?{re.escape(key)}[\"']?[ \t]*=", text, re.MULTILINE)
    return text.count("\n", 0, m.start()) + 1 if m else _line_of(text, key)


def _line_of(text: str, needle: str) -> int | None:
    for i, line in enumerate(text.splitlines(), 1):
        if needle in line:
            return i
    return None


def _load(text: str, display: str, path: Path | None, seen: tuple[str, ...]) -> Ruleset:
    too_big = check_toml(text, "ruleset")  # bounds.py: before the parser, which is not linear
    if too_big is not None:
        raise too_big.located(file=display)
    try:
        data = toml_loads(text)
    except TOMLDecodeError as exc:
        raise RulesetError(Message("invalid TOML: {reader}", reader=ReaderWords(str(exc))), file=display,
                           line=error_at(str(exc), text).line) from None
    except ValueError:  # an integer of more than 4300 digits
        raise RulesetError(Message("invalid TOML: a number with thousands of digits is too large to read"),
                           file=display, line=number_line(text)) from None
    except (RecursionError, MemoryError):
        raise RulesetError(Message("TOML nesting is too deep to read"), file=display) from None

    bundled = display.startswith("<bundled>")  # its texts are in the catalogs (rules/citations.py)

    def err(message: str | Message, key: str | None = None) -> RulesetError:
        return RulesetError(message, file=display, line=_line_of(text, key) if key else None)

    for key in data:
        if key not in META_KEYS and key not in SECTIONS:
            raise err(Message("unknown key '{key}': expected a knob section ({sections}) or one of {keys}{hint}",
                              key=quoted(key), sections=", ".join(SECTIONS), keys=", ".join(META_KEYS),
                              hint=suggestion(key, list(META_KEYS) + SECTIONS)), key)
    for key, (most, lines) in TEXTS.items():
        if key in data and not isinstance(data[key], str):
            raise err(Message("'{key}' must be a string", key=key), key)
        why = text_fault(data[key], most, key, lines=lines) if key in data else None
        if why is not None:
            raise RulesetError(why, file=display, line=_key_line(text, key))

    parent: Ruleset | None = None
    if "extends" in data:
        ref = data["extends"]
        if is_bundled(ref):
            if path is None:
                raise err(Message("a bundled ruleset cannot extend another"), "extends")
            parent = load_ruleset(ref)
        else:
            from pathlib import Path

            ppath = Path(ref)
            if not ppath.is_absolute() and path is not None:
                ppath = path.parent / ppath
            if not _exists(ppath):
                raise err(Message("extends '{ref}': no such bundled ruleset or file (bundled: {names}){hint}",
                                  ref=quoted(ref), names=", ".join(bundled_names()),
                                  hint=suggestion(ref, bundled_names())), "extends")
            try:
                parent = _load_path(ppath, seen)
            except RulesetError as exc:
                if isinstance(exc, _ChainError):
                    raise
                raise RulesetError(Message("in '{ref}' (extended by {path}): {problem}", ref=quoted(ref),
                                           path=path_text(display), problem=exc.kept()), file=display) from None

    name = data.get("name") or (path.stem if path is not None else "ruleset")
    knobs: dict[str, object] = dict(parent.knobs) if parent else {}
    sources: dict[str, str] = dict(parent.sources) if parent else {}
    quotes: dict[str, tuple[str, str]] = dict(parent.quotes) if parent else {}
    options: dict[str, bool] = dict(parent.options) if parent else {o: False for o in TABLE_OPTIONS}

    for section, table in data.items():
        if section in META_KEYS:
            continue
        if not isinstance(table, dict):
            raise err(Message("'{section}' must be a table of knobs ([{section}])", section=section), section)
        for key, value in table.items():
            full = f"{section}.{key}"
            if full not in KNOBS:
                choices = [k for k in KNOBS if k.startswith(section + ".")]
                raise err(Message("unknown knob '{knob}'{hint}: expected one of {knobs}", knob=quoted(full),
                                  hint=suggestion(full, choices), knobs=", ".join(choices)), key)
            try:
                knobs[full] = KNOBS[full].check(value)
            except KnobValueError as exc:
                raise err(exc.message, key) from None
            sources[full] = cited(f"house: {name}" if parent else UNSTATED, True)
            quotes.pop(full, None)  # the parent's source no longer says this value

    srcs = data.get("sources", {})
    if not isinstance(srcs, dict):
        raise err(Message("'sources' must be a table of knob = \"citation\""), "sources")
    for knob_name, citation in srcs.items():
        if knob_name not in KNOBS:
            raise err(Message("[sources] names {problem}", problem=unknown_knob(knob_name)), knob_name)
        if not isinstance(citation, str):
            raise err(Message("[sources] '{knob}' must be a string", knob=quoted(knob_name)), knob_name)
        why = text_fault(citation, MAX_CITATION, knob_name)
        if why is not None:
            raise err(Message("[sources] {problem}", problem=why), knob_name)
        sources[knob_name] = cited(citation, bundled)

    quoted_texts = data.get("quotes", {})
    if not isinstance(quoted_texts, dict):
        raise err(Message("'quotes' must be a table of knob = {{ it = \"the source's words\" }}"), "quotes")
    for knob_name, said in quoted_texts.items():
        if knob_name not in KNOBS:
            raise err(Message("[quotes] names {problem}", problem=unknown_knob(knob_name)), knob_name)
        if not (isinstance(said, dict) and len(said) == 1 and next(iter(said)) in QUOTE_LANGS
                and isinstance(next(iter(said.values())), str)):
            raise err(Message("[quotes] '{knob}' must be one language and its words: {{ it = \"...\" }} ({langs})",
                              knob=quoted(knob_name), langs=", ".join(QUOTE_LANGS)), knob_name)
        lang, words = next(iter(said.items()))
        why = text_fault(words, MAX_QUOTE, knob_name)
        if why is not None:
            raise err(Message("[quotes] {problem}", problem=why), knob_name)
        quotes[knob_name] = (lang, words)

    opts = data.get("options", {})
    if not isinstance(opts, dict):
        raise err(Message("'options' must be a table of option = true|false"), "options")
    for key, value in opts.items():
        if key not in TABLE_OPTIONS:
            raise err(Message("unknown option '{key}'{hint}: expected one of {options}", key=quoted(key),
                              hint=suggestion(key, TABLE_OPTIONS), options=", ".join(TABLE_OPTIONS)), key)
        if not isinstance(value, bool):
            raise err(Message("option '{option}' must be true or false", option=key), key)
        options[key] = value

    missing = [k for k in KNOBS if k not in knobs]
    if missing:
        raise err(Message("knobs not set: {knobs} (a house ruleset should start with extends = \"english\" or "
                          "another bundled ruleset)", knobs=", ".join(missing)))
    chain = (name,) + (parent.chain if parent else ())
    if is_bundled(name) and not bundled:
        # A house file named after a bundled ruleset is never shown as that ruleset: every report
        # (text, JSON, pages, diff labels) names it "italian (house)".
        name = f"{name} (house)"
    return Ruleset(
        name=name,
        # TRANSLATORS: the source of a house ruleset (the table's own rules), after its name: "friday (house)".
        source=data["source"] if "source" in data else WordedText(Message("house")),
        title=(phrase(data["title"]) if bundled else data["title"]) if "title" in data else WordedText(
            Message("house rules based on {name}", name=parent.name) if parent else Message("house rules")),
        description=phrase(data["description"]) if bundled and data.get("description") else data.get("description", ""),
        knobs=MappingProxyType(knobs),
        sources=MappingProxyType(sources),
        options=MappingProxyType(options),
        path=display,
        chain=chain,
        quotes=MappingProxyType(quotes),
    )


def load_with_options(ref: str, option_pairs: Sequence[str] = ()) -> tuple[Ruleset, dict[str, bool]]:
    """``-r REF -o KEY=VALUE...`` where there is no log: the ruleset with the knob overrides
    applied, and the table options given (the caller puts them over the ruleset's defaults)."""
    ruleset = load_ruleset(ref)
    options, knobs = parse_option_assignments(list(option_pairs))
    if knobs:
        ruleset = ruleset.with_knobs(knobs)
    return ruleset, options


# -- table options -----------------------------------------------------------


def parse_option_assignments(pairs: list[str]) -> tuple[dict[str, bool], dict[str, object]]:
    """Split ``-o KEY=VALUE`` strings into table options and knob overrides.

    ``thief=true`` is a table option; ``thief.timing=deferred`` (a dotted name)
    overrides a knob. Values are read as TOML values, bare words as strings.
    """
    options: dict[str, bool] = {}
    knobs: dict[str, object] = {}
    for pair in pairs:
        if "=" not in pair:
            raise RulesetError(Message("option '{pair}' should be KEY=VALUE (e.g. thief=true)", pair=quoted(pair)))
        key, raw = (s.strip() for s in pair.split("=", 1))
        if len(pair) > 1000:
            raise RulesetError(Message("option '{pair}' is {length} characters long: a KEY=VALUE of at most 1000 is "
                                       "expected", pair=quoted(pair, 43), length=len(pair)))
        try:
            value = toml_loads(f"v = {raw}")["v"]
        except (ValueError, RecursionError):  # not TOML (TOMLDecodeError), too many digits, too deep
            value = raw
        if "." in key:
            if key not in KNOBS:
                raise RulesetError(unknown_knob(key))
            knobs[key] = value
        else:
            if key not in TABLE_OPTIONS:
                near = nearest(key, TABLE_OPTIONS)
                if near:
                    raise RulesetError(Message(
                        "unknown option '{name}' (did you mean '{near}'?): expected one of {options} or a knob name "
                        "like thief.timing", name=quoted(key), near=near, options=", ".join(TABLE_OPTIONS)))
                raise RulesetError(Message("unknown option '{name}': expected one of {options} or a knob name like "
                                           "thief.timing", name=quoted(key), options=", ".join(TABLE_OPTIONS)))
            if not isinstance(value, bool):
                raise RulesetError(Message("option '{name}' must be true or false, not {value}", name=key,
                                           value=toml_value(value)))
            options[key] = value
    return options, knobs


# -- the deck ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Deck:
    """The deck math for one ruleset, player count and set of table options."""

    ruleset: str
    players: int
    colours: tuple[str, ...]
    numbers: int
    black_deck: tuple[Card, ...]  # number cards and specials, before the deal
    black_in_hands: int
    ally: bool
    hand_size: int
    removed: int
    pile_size: int
    tricks: int
    short_hands: bool
    short_pile: bool
    # Worded when shown (English in JSON); left out of == and hash (a message is not hashable):
    # they follow from the fields compared, as the cards and knobs below do.
    notes: tuple[Message, ...] = field(default=(), compare=False)
    # Neither compared nor shown: every card of the deck, and the knobs (for not_in_deck).
    _cards: frozenset[Card] = field(default=frozenset(), repr=False, compare=False)
    _knobs: Mapping[str, Any] | None = field(default=None, repr=False, compare=False)
    # The cards a deal must place in hands or among the removed, when not the pool's own (a
    # --lenient-deck deck takes those of the log's deal).
    _pool: frozenset[Card] | None = field(default=None, repr=False, compare=False)
    # Card sets made on first use (a replaced deck makes its own).
    _black_cards: frozenset[Card] | None = field(default=None, init=False, repr=False, compare=False)
    _pool_cards: frozenset[Card] | None = field(default=None, init=False, repr=False, compare=False)
    _coloured_cards: tuple[Card, ...] | None = field(default=None, init=False, repr=False, compare=False)

    def replace(self, **changes: Any) -> Deck:
        """A copy with some fields changed (dataclasses.replace)."""
        return dataclasses.replace(self, **changes)

    @property
    def coloured_count(self) -> int:
        return len(self.colours) * self.numbers

    @property
    def pool_size(self) -> int:
        return self.coloured_count + self.black_in_hands + (1 if self.ally else 0)

    def __contains__(self, card: Card) -> bool:
        return card in self._cards

    def all_cards(self) -> frozenset[Card]:
        return self._cards

    def coloured_cards(self) -> list[Card]:
        return list(self._coloured)

    # Made on first use and kept in a slot (cached_property needs a __dict__).
    @property
    def black_cards(self) -> frozenset[Card]:
        """The black deck as a set (number cards and specials)."""
        cards = self._black_cards
        if cards is None:
            cards = frozenset(self.black_deck)
            object.__setattr__(self, "_black_cards", cards)
        return cards

    @property
    def pool_cards(self) -> frozenset[Card]:
        """The cards that always go into the hand pool: coloured cards and the Ally."""
        if self._pool is not None:
            return self._pool
        cards = self._pool_cards
        if cards is None:
            cards = frozenset(self._coloured) | ({ALLY_CARD} if self.ally else frozenset())
            object.__setattr__(self, "_pool_cards", cards)
        return cards

    @property
    def _coloured(self) -> tuple[Card, ...]:
        cards = self._coloured_cards
        if cards is None:
            cards = tuple(coloured(c, n) for c in self.colours for n in range(1, self.numbers + 1))
            object.__setattr__(self, "_coloured_cards", cards)
        return cards

    def not_in_deck(self, card: Card, options: Mapping[str, bool]) -> Message:
        """Why a card is not in this deck, naming the deck and the knob or option (log.md 'Cards')."""
        k = self._knobs or {}
        deck = {"card": card, "ruleset": self.ruleset, "players": self.players}

        def counts(knob: str) -> str:
            return ", ".join(map(str, k.get(knob, ())))

        if card.number is not None:
            if card.colour != BLACK and card.colour not in self.colours:
                return Message("{card} is not in the {ruleset} {players}-player deck (colours {colours} at {players} "
                               "players: deck.colours)", colours=Listed([Colour(c, letter=True) for c in self.colours],
                                                                         ","), **deck)
            return Message("{card} is not in the {ruleset} {players}-player deck (numbers 1-{numbers})",
                           numbers=self.numbers, **deck)
        if card == ALLY_CARD:
            if options.get("ally") and k and self.players not in k["deck.ally_allowed"]:
                return Message("{card} is not in the {ruleset} {players}-player deck (the Ally is used only at {counts} "
                               "players: deck.ally_allowed)", counts=counts("deck.ally_allowed"), **deck)
            return Message("{card} is not in the {ruleset} {players}-player deck (the Ally is not dealt: set option "
                           "ally = true)", **deck)
        if card == DOUBLE_CARD and k:
            if not k["deck.double_always"]:
                return Message("{card} is not in the {ruleset} {players}-player deck (the {ruleset} deck has no 2x: "
                               "deck.double_always is empty)", **deck)
            return Message("{card} is not in the {ruleset} {players}-player deck (2x is in the {ruleset} deck only at "
                           "{counts} players: deck.double_always)", counts=counts("deck.double_always"), **deck)
        if card == MINUS_FIVE_CARD and k:
            always = k["deck.minus_five_always"]
            if k["deck.minus_five_by_option"] and not options.get("minus_five"):
                if always:
                    return Message("{card} is not in the {ruleset} {players}-player deck (under {ruleset} the -5 card "
                                   "comes with option minus_five, which is off (always at {counts} players): "
                                   "deck.minus_five_by_option)", counts=counts("deck.minus_five_always"), **deck)
                return Message("{card} is not in the {ruleset} {players}-player deck (under {ruleset} the -5 card "
                               "comes with option minus_five, which is off: deck.minus_five_by_option)", **deck)
            if always:
                return Message("{card} is not in the {ruleset} {players}-player deck (-5 is in the {ruleset} deck only "
                               "at {counts} players: deck.minus_five_always)", counts=counts("deck.minus_five_always"),
                               **deck)
            return Message("{card} is not in the {ruleset} {players}-player deck (the {ruleset} deck has no -5: "
                           "deck.minus_five_always is empty)", **deck)
        opt = {LOWEST_CARD: "lowest", SURPRISE_CARD: "surprise", THIEF_CARD: "thief"}.get(card)
        if opt is not None and not options.get(opt):
            return Message("{card} is not in the {ruleset} {players}-player deck (option {option} is off: set "
                           "{option} = true in the log's [options] or -o {option}=true)", option=opt, **deck)
        return Message("{card} is not in the {ruleset} {players}-player deck (see rules show {ruleset} --players "
                       "{players})", **deck)

    def to_json(self) -> dict[str, Any]:
        return {
            "players": self.players,
            "colours": list(self.colours),
            "numbers": self.numbers,
            "black_deck": [str(c) for c in self.black_deck],
            "black_in_hands": self.black_in_hands,
            "ally": self.ally,
            "hand_pool": self.pool_size,
            "hand_size": self.hand_size,
            "removed": self.removed,
            "pile_size": self.pile_size,
            "tricks": self.tricks,
            "short_hands": self.short_hands,
            "short_pile": self.short_pile,
            "notes": [n.text(ENGLISH) for n in self.notes],
        }


_DECK_CACHE: dict[tuple[int, int, tuple[tuple[str, bool], ...]], tuple[Ruleset, Deck]] = {}
# The decks kept: a season's what-ifs make a variant ruleset (with_knobs) per change tried, and a
# cache that kept each of them would grow with the number of logs. Emptied when full.
_DECK_CACHE_SIZE = 256


def deck_for(ruleset: Ruleset, players: int, options: Mapping[str, bool]) -> Deck:
    key = (id(ruleset), players, tuple(sorted((k, bool(v)) for k, v in options.items())))
    cached = _DECK_CACHE.get(key)
    if cached is not None and cached[0] is ruleset:
        return cached[1]
    deck = _deck_for(ruleset, players, options)
    if len(_DECK_CACHE) >= _DECK_CACHE_SIZE:
        _DECK_CACHE.clear()
    _DECK_CACHE[key] = (ruleset, deck)
    return deck


def _deck_for(ruleset: Ruleset, players: int, options: Mapping[str, bool]) -> Deck:
    if players not in PLAYER_COUNTS:
        raise DeckError(Message("{players} players: Bids is for 3 to 6 players", players=players))
    k = ruleset.knobs
    ncol = k["deck.colours"][players]
    numbers = k["deck.numbers"][players]
    if not 1 <= ncol <= len(COLOURS) or not 1 <= numbers <= MAX_NUMBER:
        raise RulesetError(Message(
            "{ruleset} at {players} players: deck.colours = {colours} and deck.numbers = {numbers}, but a deck has "
            "1-{most_colours} colours numbered 1-{most} at most", ruleset=ruleset.name, players=players, colours=ncol,
            numbers=numbers, most_colours=len(COLOURS), most=MAX_NUMBER), file=ruleset.path)
    if k["deck.black_in_hands"][players] > numbers or k["deck.hand_size"] < 1:
        raise RulesetError(Message(
            "{ruleset} at {players} players: deck.black_in_hands = {black} and deck.hand_size = {hand}: expected at "
            "most {numbers} black cards in hands and at least 1 card a hand", ruleset=ruleset.name, players=players,
            black=k["deck.black_in_hands"][players], hand=k["deck.hand_size"], numbers=numbers), file=ruleset.path)
    colours = COLOURS[:ncol]
    black: list[Card] = [black_number(n) for n in range(1, numbers + 1)]
    notes: list[Message] = []
    if players in k["deck.minus_five_always"] or (k["deck.minus_five_by_option"] and options.get("minus_five")):
        black.append(MINUS_FIVE_CARD)
    if players in k["deck.double_always"]:
        black.append(DOUBLE_CARD)
    for opt, c in (("lowest", LOWEST_CARD), ("surprise", SURPRISE_CARD), ("thief", THIEF_CARD)):
        if options.get(opt):
            black.append(c)
    ally = bool(options.get("ally")) or players in k["deck.ally_always"]
    in_hands = k["deck.black_in_hands"][players]
    pool = ncol * numbers + in_hands + (1 if ally else 0)
    hand = k["deck.hand_size"]
    short_hands = pool < players * hand
    if short_hands:
        if k["deck.short"] == "error":
            raise DeckError(Message(
                'the {ruleset} {players}-player hand pool has {pool} cards, fewer than {players} x {hand} (knob '
                'deck.short = "error")', ruleset=ruleset.name, players=players, pool=pool, hand=hand))
        hand = pool // players
        notes.append(Message(
            "short deck: {pool} cards in the hand pool < {players} x {hand}: {short} cards a hand and {short} tricks "
            "a round (deck.short = \"shorten\")", pool=pool, players=players, hand=k["deck.hand_size"], short=hand))
    removed = pool - players * hand
    pile = len(black) - in_hands
    short_pile = pile < hand
    if short_pile:
        notes.append(Message(
            "short pile: {pile} point cards for {tricks} tricks; the last tricks have no centre card "
            "(deck.short_pile = \"{setting}\")", pile=pile, tricks=hand, setting=k["deck.short_pile"]))
    cards = {coloured(c, n) for c in colours for n in range(1, numbers + 1)} | set(black)
    if ally:
        cards.add(ALLY_CARD)
    return Deck(
        ruleset=ruleset.name, players=players, colours=colours, numbers=numbers,
        black_deck=tuple(black), black_in_hands=in_hands, ally=ally, hand_size=hand,
        removed=removed, pile_size=pile, tricks=hand, short_hands=short_hands,
        short_pile=short_pile, notes=tuple(notes), _cards=frozenset(cards), _knobs=k,
    )


# Cases that no source settles and that are not worth a knob of their own: the
# engine decides them this way, and ``rules show`` prints this list so that a
# table can see the choice instead of discovering it (rules.md section 6).
FINE_PRINT = (
    N_("No bid on the table (only Ally and special cards): the trick burns and its leader leads again."),
    N_("Ally counts for no colour in Color Bids; special black cards count as black but have no number, "
       "so they never win; a colour whose cards on the table are all specials is passed over."),
    N_("While the prize is hidden (Surprise revealed) nothing in the centre counts or wins in Color Bids."),
    N_("A tie between the centre card and a played card burns the trick and the last player with a tied "
       "card leads; color_bids.center_burn_leader applies only when the centre card alone is best."),
    N_("Thief victims are bidders only (Ally and specials are not bids) who hold a card they can lose; "
       "the weakest bid is the lowest number (the highest in lowest-wins mode), colour aside, also under "
       "Color Bids. The holder is never their own victim: if the holder made the weakest bid, no steal."),
    N_("A deferred Thief right may be used at the end of a burned trick; the right stays with the player "
       "who won the Thief even if the card itself is stolen."),
    N_("A player holding two deferred Thief rights (possible only with thief.right_lasts = game) uses at "
       "most one a trick (a trick line names one steal per thief); with several holders at one trick, each "
       "is offered the victims and cards as the steals before theirs left them."),
    N_("A stolen card moves its value from the victim's round points to the thief's, whenever it was won; "
       "for the lucky loser it counts as taken this round by the thief."),
    N_("A Lowest or Surprise drawn as the hidden prize of a Surprise, or received through a Surprise played "
       "from hand, is a 0-point prize; a hidden Lowest that is won starts lowest-wins mode from the next trick."),
    N_("A Lowest that a Surprise played from hand brings into the centre (replace_center) is revealed: "
       "lowest-wins mode starts with this trick's resolution and lowest.reveal applies to it at once."),
    N_("A Surprise or a Lowest (lowest.reveal = replace) revealed as the last pile card leaves no prize: the "
       "trick is played with an empty centre, as deck.short_pile says."),
    N_("A burned Surprise trick whose prize stays (surprise.on_burn = stays): the hidden card goes back on "
       "top of the pile and is the next trick's prize, revealed as usual. Nobody turned it over, so the log "
       "writes that trick 'Surprise: ...' (what deal and simulate write); 'Surprise K8: ...' is accepted "
       "too when the next prize is that K8. A trick that is won needs the card: 'Surprise K8: ...'."),
    N_("A card put under the pile (IT Surprise from hand, surprise.displaced = bottom) may come up again "
       "later in the round."),
    N_("An unfinished last round (score --allow-partial, validate --allow-partial) banks the points won so "
       "far, without Ally split or lucky loser; score then shows standings, never a winner."),
    N_("Ranking: by total, equal totals share a rank; -5 wins count tricks won holding the -5, never steals."),
    N_("A 2x doubles whatever the points are, negative ones too (-5 becomes -10): the sources say 'all "
       "points', with no exception."),
    N_("ally.rounding = floor rounds down, also for a negative odd sum (-5 split gives -3 each); ceil "
       "rounds up (-2 each)."),
    N_("Under thief.pool = game a victim may hold the same card from two rounds (K5 won in round 1 and again "
       "in round 2); a steal of it takes the most recently won one."),
)


# -- how the outputs name a knob's value and source ---------------------------------------


def source_id(ruleset: Ruleset, knob: str) -> str:
    """The source of a knob in a word: its id (``IT``), ``unstated`` or ``house: NAME`` (the last
    two worded when shown: ``i18n.worded``)."""
    src = ruleset.source_of(knob)
    if src.startswith("unstated"):
        return cited(UNSTATED, True)
    if src.startswith("house"):
        return src
    return src.split(" ", 1)[0].rstrip(":")


def knob_diff_rows(rulesets: list[Ruleset], labels: list[str]) -> list[dict[str, Any]]:
    """The knobs on which the rulesets differ: each one's value and source, keyed by its label."""
    rows = []
    for name in KNOBS:
        vals = [r.knobs[name] for r in rulesets]
        if any(v != vals[0] for v in vals[1:]):
            row: dict[str, Any] = {"knob": name}
            for lab, v in zip(labels, vals):
                row[lab] = knob_value(v)
            row["sources"] = {lab: r.source_of(name) for lab, r in zip(labels, rulesets)}
            rows.append(row)
    return rows
