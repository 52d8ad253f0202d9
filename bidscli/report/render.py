"""Turning results into tables, text, JSON and CSV (tables and wrapping: table.py)."""

from __future__ import annotations

import io
import os
from operator import attrgetter

from ..core.errors import BidsError
from ..core.i18n import (
    ENGLISH,
    N_,
    Listed,
    Message,
    PluralMessage,
    gettext,
    labelled,
    noted,
    output_language,
    worded,
)
from ..core.sanitize import path_text
from ..engine.replay import GameResult, Reason, TrickResult
from ..engine.results import reason_text
from ..rules.citations import unstated_note
from ..rules.knobs import KNOBS, TABLE_OPTIONS, knob_value
from ..rules.ruleset import QUOTE_LANGS, Deck, Ruleset, knob_diff_rows
from .table import display_width, fit, wrap

# -- fitting the terminal: every text report goes through these ------------------

DEFAULT_WIDTH = 100  # when COLUMNS is unset and stdout is not a terminal (a pipe, a file, a test)
MIN_WIDTH = 40


def named(ruleset: Ruleset) -> str:
    """A ruleset as a heading names it: ``english (EN)``, ``house (house)``; a house file named
    after a bundled ruleset is already ``italian (house)`` and says so once."""
    suffix = f" ({ruleset.source})"
    return ruleset.name if ruleset.name.endswith(suffix) else noted(ruleset.name, worded(ruleset.source))


def terminal_width() -> int:
    """The width to fit: COLUMNS if set, else the terminal's width, else 100 (pipes and files)."""
    import sys

    raw = os.environ.get("COLUMNS", "")
    if raw.strip().isdigit():
        return max(MIN_WIDTH, int(raw))
    try:
        if sys.stdout.isatty():
            # os.get_terminal_size, not shutil's (which reads COLUMNS, done above): shutil's
            # import costs start-up time; a size of 0 (some emulators) means unknown.
            return max(MIN_WIDTH, os.get_terminal_size(sys.stdout.fileno()).columns or DEFAULT_WIDTH)
    except (AttributeError, ValueError, OSError):
        pass
    return DEFAULT_WIDTH


def fit_table(rows, headers, width: int | None = None, colalign=(), maxcolwidths=None, numbers: bool = True,
              whole=(), move: bool = True) -> str:
    """A table no wider than ``width`` (default: terminal_width()) when it can be (table.fit):
    the widest text columns wrap at words; numbers, cards and names never wrap; as a last resort
    the headers wrap, then (unless ``move=False``) the widest text column goes under each row."""
    return fit(rows, headers, terminal_width() if width is None else width, colalign, maxcolwidths, numbers, whole,
               move)


def text_table(rows, headers, **kw) -> str:
    """A plain-text table that fits the terminal."""
    return fit_table(rows, headers, **kw)


def fit_text(text: str, width: int | None = None, whole_words: bool = False) -> str:
    """Wrap every line wider than ``width`` screen columns at spaces, continuing under its text
    (after its indent and any '- ' or 'N. ' marker). Lines that fit, table lines included, are
    left alone. What it adds to :func:`table.wrap` (which wraps each line): a whole text of many
    lines, each line's continuation indent read from the line itself."""
    import re

    width = terminal_width() if width is None else width
    out = []
    for line in text.split("\n"):
        if display_width(line) <= width:
            out.append(line)
            continue
        m = re.match(r"(\s*)(- |\d+\. |\d+\.\d+ )?", line)
        assert m is not None  # every part of the pattern is optional: it matches every line
        hang = " " * min(m.end() if m.group(2) else m.end() + 2, width // 2)
        out.extend(wrap(line, width, hang=hang, whole_words=whole_words) or [line[:width]])
    return "\n".join(out)


def dumps(doc) -> str:
    """Every JSON report: valid UTF-8, control characters escaped (sanitize.py); a worded value in
    it (a ``Message`` of a page's data) in English, whatever the output language."""
    from ..core.sanitize import json_dumps

    return json_dumps(doc, default=_english)


def _english(value):
    wording = getattr(value, "in_language", None)
    if wording is None:
        raise TypeError(f"Object of type {type(value).__name__} is not JSON serializable")
    return wording(ENGLISH)


def dumps_plain(doc) -> str:
    """``dumps`` of a document of str, int, bool, None, lists and dicts (score, replay, validate).

    Uses orjson (compiled) when installed: for such documents its indented output is
    byte-identical to ``json.dumps(indent=2, ensure_ascii=False)``, and it goes through
    the same sanitising as ``dumps``. Anything orjson
    refuses (a non-string key, an integer past 64 bits, a lone surrogate from a file
    name) goes to json.dumps. Not for floats: the two spell some of them differently
    (NaN, exponents), which is why study and the other float reports keep ``dumps``."""
    data = _orjson(doc)
    if data is None:
        return dumps(doc)
    from ..core.sanitize import json_text

    return json_text(data.decode("utf-8"))  # the same escapes as dumps: valid UTF-8, no raw controls


def _orjson(doc) -> bytes | None:
    """orjson's indented document, or None where ``dumps_plain`` goes to json.dumps."""
    try:
        from orjson import OPT_INDENT_2
        from orjson import dumps as fast
    except ImportError:  # pragma: no cover - a platform without the wheel
        return None
    try:
        return fast(doc, option=OPT_INDENT_2)
    except TypeError:  # orjson.JSONEncodeError is a TypeError
        return None


def list_item_json(doc) -> bytes:
    """``dumps_plain(doc)`` in UTF-8, in the shape it has as an item of a printed list
    (``JsonListWriter.shaped``, ``json.dumps(list, indent=2)``): every line indented by two spaces.
    Made in that shape at once (the item of a one-item list), not indented afterwards, and kept in
    the bytes orjson makes: ``score --format json`` over many logs prints megabytes of these, made
    in worker processes and written by the parent as they are."""
    from ..core.sanitize import json_utf8

    data = _orjson([doc])
    whole = dumps([doc]).encode("utf-8") if data is None else json_utf8(data)
    return whole[2:-2]  # b'[\n' + the item + b'\n]': JSON strings hold no raw line break


class JsonListWriter:
    """A JSON list written one document at a time (score and validate over many logs), byte for
    byte ``dumps`` of the whole list (``json.dumps(list, indent=2, ensure_ascii=False)``).

    With ``wrap=True`` the list becomes ``{"files": [...], "summary": {...}}`` (validate --summary).
    """

    def __init__(self, write, wrap: bool = False) -> None:
        self.write = write
        self.wrap = wrap
        self.count = 0
        self.pad = "    " if wrap else "  "

    def item(self, doc: dict) -> None:
        self.text(dumps_plain(doc))

    def text(self, text: str) -> None:
        """An item already written as JSON by ``dumps_plain`` (a worker's output)."""
        # Indent by replacing "\n" (not splitlines: a file name may hold U+2028, which
        # json.dumps leaves as it is and splitlines would break at).
        text = self.pad + text.replace("\n", "\n" + self.pad)
        if self.count == 0:
            self.write(('{\n  "files": [\n' if self.wrap else "[\n") + text)
        else:
            self.write(",\n" + text)
        self.count += 1

    def shaped(self, data: bytes) -> None:
        """An item already in its printed shape: ``list_item_json`` (a list, not ``wrap``), written
        as the bytes it is (``write`` takes them: click.echo)."""
        self.write((b"[\n" if self.count == 0 else b",\n") + data)
        self.count += 1

    def close(self, summary: dict | None = None) -> None:
        if not self.wrap:
            self.write("[]\n" if self.count == 0 else "\n]\n")
            return
        tail = dumps(summary or {}).replace("\n", "\n  ")
        head = '{\n  "files": []' if self.count == 0 else "\n  ]"
        self.write(head + ',\n  "summary": ' + tail + "\n}\n")


def reason_json(ruleset: Ruleset, r: Reason, memo: dict | None = None) -> dict:
    """A reason as JSON; ``memo`` (one dict per document) keeps each knob's value and source."""
    knob = r.knob
    if not knob:
        return {"text": r.text}
    if memo is None:
        memo = {}
    info = memo.get(knob)
    if info is None:
        info = memo[knob] = (knob_value(ruleset.knobs[knob]), ruleset.source_of(knob))
    return {"text": r.text, "knob": knob, "value": info[0], "source": info[1]}


# -- score ------------------------------------------------------------------------


_token = attrgetter("_text")  # a card's notation: str(card) without the method call (JSON output)


def trick_json(ruleset: Ruleset, t: TrickResult, memo: dict | None = None) -> dict:
    return {
        "number": t.number,
        "leader": t.leader,
        "revealed": list(map(_token, t.revealed)),
        "plays": [[p, c._text] for p, c in t.plays],
        "winner": t.winner,
        "points": t.points,
        "reason": t.reason,
        "centre": None if t.centre is None else t.centre._text,
        "hidden": t.hidden,
        "burned": t.burned,
        "lowest": t.lowest,
        "taken": list(map(_token, t.taken)),
        "steals": [{"thief": s.thief, "card": str(s.card), "victim": s.victim, "value": s.value,
                    **({"policy": True} if s.policy else {})} for s in t.steals],
        "next_leader": t.next_leader,
        "round_points": dict(t.running),
        "knobs": t.knobs,
        "explain": [reason_json(ruleset, r, memo) for r in t.reasons],
    }


def result_json(file: str, ruleset: Ruleset, result: GameResult) -> dict:
    memo: dict = {}
    return {
        "file": file,
        "ruleset": ruleset.name,
        "players": list(result.players),
        "options": {k: bool(result.options.get(k)) for k in TABLE_OPTIONS},
        "rounds": [
            {
                "number": r.number,
                "leader": r.leader,
                "partial": r.partial,
                "tricks": [trick_json(ruleset, t, memo) for t in r.tricks],
                "allies": list(r.allies),
                "lucky_losers": dict(r.lucky_losers),
                "round_points": dict(r.round_points),
                "double_bonus": {p: v for p, v in r.double_bonus.items() if v},
                "scores": dict(r.scores),
                "explain": [reason_json(ruleset, x, memo) for x in r.reasons],
            }
            for r in result.rounds
        ],
        "bonuses": dict(result.bonuses),
        "minus_five_wins": dict(result.minus_five_wins),
        "totals": dict(result.totals),
        "ranking": [[p, v] for p, v in result.ranking],
        "ranks": dict(result.ranks),
        # cli.md 'Unfinished games': standings, never a winner.
        "winners": [] if result.stopped_at else result.winners,
        "partial": result.stopped_at is not None,
        "complete": result.stopped_at is None,
        "standings_after": (None if result.stopped_at is None else
                            {"round": result.stopped_at[0], "trick": result.stopped_at[1]}),
        "explain": [reason_json(ruleset, x, memo) for x in result.reasons],
    }


def options_text(options) -> str:
    """The table options on, as their names (what a log's [options] writes), or "none" in words."""
    on = [k for k in TABLE_OPTIONS if options.get(k)]
    if on:
        return ", ".join(on)
    # TRANSLATORS: no table option is on ("options: none")
    return gettext("none")


def minus_five_column(result: GameResult) -> bool:
    """Whether a final table has a -5 bonus column (the text table and the pages): only when it can
    hold something; all zeros because the minus_five option is off says nothing (rules.md 4)."""
    return bool(result.options.get("minus_five")) or any(result.bonuses.values())


# A score table's headings (worded where shown).
_RANK, _PLAYER, _BONUS, _TOTAL = N_("rank"), N_("player"), N_("-5 bonus"), N_("total")


def score_table(file: str, ruleset: Ruleset, result: GameResult, more_to_come: bool = False) -> str:
    """``more_to_come``: the game goes on (the recorder's standings so far): no winner is named yet.
    In the output language (headings, marks, the winner line and the notes)."""
    rounds = result.rounds
    bonus = minus_five_column(result)
    # TRANSLATORS: R1, R2...: round 1, round 2 (a chart's axis, a table's columns)
    columns = [str(Message("R{round}", round=r.number)) + ("*" if r.partial else "") for r in rounds]
    headers = [gettext(_RANK), gettext(_PLAYER), *columns] + ([gettext(_BONUS)] if bonus else []) + [gettext(_TOTAL)]
    rows = []
    ally = gettext(N_("ally"))  # a round's score cell marks the allies of the round: "7 (ally)"
    for p, total in result.ranking:
        row = [result.ranks[p], p]
        for r in rounds:
            cell = str(r.scores.get(p, 0))
            marks = []
            if p in r.lucky_losers:
                # TRANSLATORS: LL: lucky loser, and the points it paid, in a round's score cell ("0 (LL 7)")
                mark = Message("LL {points}", points=r.lucky_losers[p])
                marks.append(str(mark))
            if p in r.allies:
                marks.append(ally)
            if marks:
                cell = noted(cell, Listed(marks, ","))
            row.append(cell)
        row += [result.bonuses[p], total] if bonus else [total]
        rows.append(row)
    n = len(result.players)
    head = str(PluralMessage("{file}: {ruleset}, {n} player, options: {options}",
                             "{file}: {ruleset}, {n} players, options: {options}", n, file=path_text(file),
                             ruleset=named(ruleset), options=options_text(result.options)))
    lines = [fit_text(head, whole_words=True), text_table(rows, headers, colalign=("right", "left"))]
    win = result.winners
    said = {"players": Listed(list(win), ","), "total": result.totals[win[0]] if win else 0}
    if result.stopped_at is not None:
        stop_round, stop_trick = result.stopped_at
        lines.append(str(Message("Standings after round {round}, trick {trick}: unfinished game, no winner",
                                 round=stop_round, trick=stop_trick)))
    elif more_to_come:
        lines.append(str(Message("Leading: {players} with {total}", **said) if len(win) == 1 else
                         Message("Sharing the lead: {players} with {total}", **said)))
    else:
        lines.append(str(Message("Winner: {players} with {total}", **said) if len(win) == 1 else
                         Message("Shared win: {players} with {total}", **said)))
    if any(r.lucky_losers for r in rounds):
        if ruleset.knobs["lucky_loser.condition"] == "no_tricks":
            lines.append(gettext(N_("LL = lucky loser: points paid for winning no trick in the round")))
        else:
            lines.append(gettext(N_("LL = lucky loser: points paid for winning no black card in the round")))
    if any(r.partial for r in rounds):
        lines.append(gettext(N_("* partial round: no Ally split or lucky loser applied")))
    # The lines under the table (the winner, the notes) wrap to the terminal as the heading does.
    return "\n".join(lines[:2] + [fit_text(line) for line in lines[2:]])


def standings_line(stopped_at: tuple[int, int]) -> str:
    r, t = stopped_at
    return str(Message("Standings after round {round}, trick {trick}", round=r, trick=t))


# cli.md: the partial marker is a CSV column 'partial', there when an unfinished game is
# scored (score --allow-partial); a column that would say "false" on every row is left out
# (as all-zero columns are left out). Each row ends with one of these marks until the
# whole output is known: csv_partial_cells turns them into cells or nothing.
CSV_PARTIAL, CSV_COMPLETE = "\x01", "\x02"


_NUMBER = r"[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?"


def csv_cell(value):
    """A CSV cell as a spreadsheet should show it: as text. A text cell that begins with ``=``,
    ``+``, ``-``, ``@``, a tab or a carriage return would be run as a formula (OWASP, "CSV
    Injection"), so it is written with a ``'`` in front (``'=HYPERLINK(...)``); a number written
    as text (``-5``, ``-0.35``) is left as it is. Every CSV output writes its cells through here
    (docs/commands.md, "CSV")."""
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r") and value:
        import re  # only for such a cell

        if not (value[0] in "+-" and re.fullmatch(_NUMBER, value, re.ASCII)):
            return "'" + value
    return value


def csv_row(writer, cells) -> None:
    """``writer.writerow`` of ``cells``, each through :func:`csv_cell`."""
    writer.writerow([csv_cell(c) for c in cells])


def score_csv_header(rounds: int, partial: bool = False) -> str:
    """The CSV header line for logs of at most ``rounds`` rounds."""
    return ",".join(["file", "ruleset", "player", "rank"] + [f"round{i}" for i in range(1, rounds + 1)]
                    + ["bonus", "total"] + (["partial"] if partial else [])) + "\n"


def score_csv_rows(file: str, ruleset: Ruleset, res: GameResult, pad: str) -> str:
    """One log's CSV rows, with ``pad`` where the empty cells of a shorter log go (stream.py),
    and a partial mark (CSV_PARTIAL or CSV_COMPLETE) at the end of each row."""
    buf = io.StringIO()
    import csv  # here: only CSV output needs it (start-up)

    w = csv.writer(buf, lineterminator="\n")
    rounds = res.rounds
    mark = CSV_COMPLETE if res.stopped_at is None else CSV_PARTIAL
    for p, total in res.ranking:
        csv_row(w, [file, ruleset.name, p, res.ranks[p], *[r.scores.get(p, 0) for r in rounds]])
        buf.seek(buf.tell() - 1)  # over the "\n": the row goes on after the pad
        buf.write(f"{pad},{res.bonuses[p]},{total}{mark}\n")
    return buf.getvalue()


def csv_partial_cells(text: str, partial: bool) -> str:
    """Rows of score_csv_rows with their marks as 'partial' cells (``partial``) or as nothing."""
    if partial:
        return text.replace(CSV_PARTIAL, ",true").replace(CSV_COMPLETE, ",false")
    return text.replace(CSV_COMPLETE, "")


# -- replay --------------------------------------------------------------------------


def doubled_text(t: TrickResult) -> str:
    """What a won 2x did, as a trick line says it (replay, record): "2x doubles Ana's round
    points 9 -> 18", with ", banked total 20 -> 40" when it doubles the whole game."""
    assert t.doubled is not None, "asked only of a trick whose 2x doubled"
    old, new, banked = t.doubled
    if banked is not None:
        return str(Message("2x doubles {player}'s round points {old} -> {new}, banked total {banked} -> {doubled}",
                           player=t.winner, old=old, new=new, banked=banked, doubled=banked * 2))
    return str(Message("2x doubles {player}'s round points {old} -> {new}", player=t.winner, old=old, new=new))


def cards_text(cards, lang: str) -> str:
    """Cards as a trick line shows them, in ``lang``'s card words (i18n.card_text): "K5 R3"."""
    return " ".join([c.in_language(lang) for c in cards])


def card_legend(lang: str) -> str | None:
    """The colour letters of ``lang``'s card words, said once above a text that shows cards ("Cards:
    R rosso, V verde, G giallo, B blu, N nero"); None where a card says its colour already (English,
    Japanese: 赤5)."""
    from ..core.cardnames import COLOUR_WORDS, LETTERS, ORDER
    from ..core.worded import Colour

    if LETTERS[lang] == LETTERS[ENGLISH] or LETTERS[lang] == COLOUR_WORDS[lang]:
        return None
    # TRANSLATORS: a colour's letter in the card words, and the colour ("G giallo")
    pairs = [Message("{letter} {colour}", letter=Colour(c, letter=True), colour=Colour(c)) for c in ORDER]
    # TRANSLATORS: the legend of the card words above a replay ("Carte: R rosso, V verde, ...")
    return str(Message("Cards: {colours}", colours=Listed(pairs, ",")))


def replay_text(file: str, ruleset: Ruleset, result: GameResult, explain: bool = False) -> str:
    """A game trick by trick, in the output language: cards in its card words (a legend says
    them once), each trick's verdict and, with ``explain``, each reason."""
    lang = output_language()
    out = [str(Message("{file}: {ruleset}, options: {options}", file=path_text(file), ruleset=named(ruleset),
                       options=options_text(result.options)))]
    legend = card_legend(lang)
    if legend is not None:
        out.append(legend)
    empty, burned = gettext(N_("(empty pile)")), gettext(N_("burned"))  # a trick's revealed cards; its verdict
    for r in result.rounds:
        out.append("")
        if r.partial:
            out.append(str(Message("Round {round} (partial): {player} leads", round=r.number, player=r.leader)))
        else:
            out.append(str(Message("Round {round}: {player} leads", round=r.number, player=r.leader)))
        if explain:
            for x in r.reasons[:1]:
                out.append(f"     - {reason_text(ruleset, x)}")
        for t in r.tricks:
            shown = cards_text(t.revealed, lang) or empty
            if t.hidden:
                # TRANSLATORS: the revealed cards of a trick whose prize is hidden ("[Surprise] (hidden)")
                hidden = Message("{cards} (hidden)", cards=shown)
                shown = str(hidden)
            plays = ", ".join([f"{p} {c.in_language(lang)}" for p, c in t.plays])
            if t.winner:
                verdict = f"{t.winner} +{t.points}" if t.points >= 0 else f"{t.winner} {t.points}"
                reason = t.verdict
            else:
                verdict = burned
                # the verdict says burned: the reason does not say it again ("tie on 9 (...)")
                reason = t.burned_by or t.verdict
            line = noted(f"  {t.number:>2}. [{shown}] {plays} -> {verdict}", "" if reason is None else reason, lang)
            if t.doubled is not None:  # what the 2x did (rules.md '2x'; the knob: --explain)
                line += "; " + doubled_text(t)
            for s in t.steals:
                took = Message("{thief} steals {card} from {victim}", thief=s.thief, card=s.card, victim=s.victim)
                line += "; " + str(Message("{steal} (default policy)", steal=took) if s.policy else took)
            out.append(line)
            if explain:
                for x in t.reasons:
                    out.append(f"      - {reason_text(ruleset, x)}")
            out.append("      " + "  ".join(f"{p} {v}" for p, v in t.running.items()))
        if explain:
            for x in r.reasons[1:]:
                out.append(f"   - {reason_text(ruleset, x)}")
        extra = []
        if r.allies:
            extra.append(str(Message("allies {first} + {second}", first=r.allies[0], second=r.allies[1])))
        if r.lucky_losers:
            extra.append(str(Message("lucky loser {players}", players=Listed(
                [f"{p} {v}" for p, v in r.lucky_losers.items()], ","))))
        scores = Listed([f"{p} {v}" for p, v in r.scores.items()], ",")
        if extra:
            out.append("  " + str(Message("Round {round} scores: {scores} ({notes})", round=r.number, scores=scores,
                                          notes=Listed(extra, ";"))))
        else:
            out.append("  " + str(Message("Round {round} scores: {scores}", round=r.number, scores=scores)))
    out.append("")
    for x in result.reasons:
        out.append(f"- {reason_text(ruleset, x)}")
    totals = Listed([f"{p} {v}" for p, v in result.ranking], ",")
    if result.stopped_at is None:
        out.append(str(Message("Totals: {totals}", totals=totals)))
    else:
        stop_round, stop_trick = result.stopped_at
        out.append(str(Message("Standings after round {round}, trick {trick} (unfinished game, no winner): {totals}",
                               round=stop_round, trick=stop_trick, totals=totals)))
    return "\n".join(out)


# -- validate ---------------------------------------------------------------------------


def validate_json(file: str, errors: list[BidsError]) -> dict:
    return {
        "file": file,
        "valid": not errors,
        "errors": [
            {"line": e.line, "round": e.round, "trick": e.trick, "player": e.player, "message": e.message,
             "kind": e.kind, "follow_on": e.follow_on, **({"follows_line": e.follows} if e.follow_on else {})}
            for e in errors
        ],
    }


# -- rules -----------------------------------------------------------------------------


def _aliases_of(ruleset: Ruleset, aliases: dict) -> list[str]:
    return [a for a, t in aliases.items() if t == ruleset.name]


def rules_list_json(rulesets: list[Ruleset], aliases: dict) -> list[dict]:
    return [{"name": r.name, "aliases": _aliases_of(r, aliases), "source": r.source, "title": r.title,
             "description": r.description} for r in rulesets]


def rules_list_rows(rulesets: list[Ruleset], aliases: dict) -> list[list]:
    """rules list's rows: a bundled ruleset's title and description in the output language, a house
    file's as it writes them."""
    return [[", ".join([r.name, *_aliases_of(r, aliases)]), worded(r.source), worded(r.title), worded(r.description)]
            for r in rulesets]


def rules_list_text(rulesets, aliases) -> str:
    headings = [gettext(h) for h in (N_("name"), N_("source"), N_("what it is"), N_("in one line"))]
    return text_table(rules_list_rows(rulesets, aliases), headings, maxcolwidths=[None, None, 40, 60])


def knob_rows(ruleset: Ruleset) -> list[dict]:
    out = []
    for name, knob in KNOBS.items():
        src = ruleset.source_of(name)
        quote = ruleset.quote_of(name)
        out.append({
            "knob": name,
            "value": knob_value(ruleset.knobs[name]),
            "values": knob.describe_values(),
            "source": src,
            "unstated": src.startswith("unstated"),
            "meaning": knob.doc,
            "label": knob.label,
            # The source's own words (a phrase of its passage) and their language (it, es, ja, en).
            "quote": quote[1] if quote else None,
            "quote_lang": quote[0] if quote else None,
        })
    return out


def quoted_source(row: dict) -> str:
    """A knob row's source as rules show prints it: the citation (what bidscli reads in it), then
    the source's own words under it, in its language's quotation marks (Italian «...»)."""
    source = row["source"]  # worded in the output language (rules/citations.py)
    if row["unstated"]:
        note = unstated_note(source, output_language())  # " (a bundled note)", or a house file's words
        text = (str(Message("UNSTATED: house default ({note})", note=note[2:-1]))
                if note.startswith(" (") and note.endswith(")") else gettext(N_("UNSTATED: house default")) + note)
    else:
        text = worded(source)
    if row["quote"] is None:
        return text
    opening, closing = QUOTE_LANGS[row["quote_lang"]]
    return f"{text}\n{opening}{row['quote']}{closing}{gettext(QUOTED_IN[row['quote_lang']])}"


# The language a source's words are quoted in, after them ("(it)" in English): a player of another
# language reads its name.
QUOTED_IN = {
    # TRANSLATORS: after a source's words quoted in Italian (rules show); it starts with a space.
    "it": N_(" (it)"),
    # TRANSLATORS: after a source's words quoted in Spanish (rules show); it starts with a space.
    "es": N_(" (es)"),
    # TRANSLATORS: after a source's words quoted in Japanese (rules show); it starts with a space.
    "ja": N_(" (ja)"),
    # TRANSLATORS: after a source's words quoted in English (rules show); it starts with a space.
    "en": N_(" (en)"),
}


def cell_text(value) -> str:
    """A knob value (as knob_value gives it) in a table cell: 3:3, 4:4 or [3, 4] or true."""
    if isinstance(value, dict):
        return ", ".join(f"{k}:{v}" for k, v in value.items())
    if isinstance(value, list):
        return "[" + ", ".join(map(str, value)) + "]" if value else "[]"
    if isinstance(value, bool):
        return str(value).lower()
    return str(value)


def rules_show_json(ruleset: Ruleset, decks: list[Deck], one_count: bool, fine_print: list[str]) -> dict:
    """``deck`` for the one player count asked for (``--players``), else ``decks`` for 3-6."""
    doc = {
        "name": ruleset.name,
        "source": ruleset.source,
        "title": ruleset.title,
        "description": ruleset.description,
        "path": ruleset.path,
        "extends": list(ruleset.chain[1:]),
        "options": {k: ruleset.options.get(k, False) for k in TABLE_OPTIONS},
        "knobs": knob_rows(ruleset),
        "deck": decks[0].to_json() if one_count else None,
    }
    if not one_count:
        doc["decks"] = [d.to_json() for d in decks]
    doc["fine_print"] = list(fine_print)
    return doc


def allowed_text(knob) -> str:
    """A knob's allowed values, short enough for a table cell (JSON "values" says it in full), in
    the output language (the values themselves as a ruleset writes them)."""
    if knob.kind == "choice":
        return " | ".join(knob.choices)
    if knob.kind == "bool":
        return "true | false"
    return gettext(_ALLOWED[knob.kind])


_ALLOWED = {"int": N_("integer 0-1000"), "per_players": N_("integer per player count"),
            "players": N_("list of player counts")}


def rules_show_text(ruleset: Ruleset, decks: list[Deck], fine_print: list[str]) -> str:
    out = [labelled(named(ruleset), worded(ruleset.title))]
    if ruleset.description:
        out.append(worded(ruleset.description))
    if len(ruleset.chain) > 1:
        out.append(str(Message("extends: {chain}", chain=" -> ".join(ruleset.chain))))
    out.append("")
    # The knob's name, its label in the players' words under it (rules/knobs.py), in the output language.
    rows = [[f"{r['knob']}\n{gettext(r['label'])}", cell_text(r["value"]), allowed_text(KNOBS[r["knob"]]),
             quoted_source(r)] for r in knob_rows(ruleset)]
    headings = [gettext(h) for h in (N_("knob"), N_("value"), N_("allowed values"), N_("source"))]
    out.append(text_table(rows, headings, maxcolwidths=[30, 30, 30, 70],
                          whole=(0, 1, 2)))  # knob names and values whole: the source's prose wraps
    out.append("")
    out.append(str(Message("Table options (defaults; a log's [options] or -o KEY=VALUE override them): {options}",
                           options=", ".join(f"{k}={str(ruleset.options.get(k, False)).lower()}" for k in TABLE_OPTIONS))))
    for deck in decks:
        out.append("")
        out.append(deck_text(deck))
    if fine_print:
        out.append("")
        out.append(gettext(N_("Fine print (cases no source settles; the engine decides them as follows):")))
        out.extend(f"- {gettext(line)}" for line in fine_print)
    return "\n".join(out)


def deck_text(deck: Deck) -> str:
    """The deck math of one player count, in the output language (cards in its card words)."""
    from ..core.worded import Colour

    lang = output_language()
    numbered = [c for c in deck.black_deck if c.number is not None]
    specials = ", ".join([c.in_language(lang) for c in deck.black_deck if c.number is None])
    ends = {"first": numbered[0].in_language(lang) if numbered else "",
            "last": numbered[-1].in_language(lang) if numbered else "", "count": len(deck.black_deck)}
    black = (Message("  black deck: {first}-{last} + {specials} = {count} cards", specials=specials, **ends) if specials
             else Message("  black deck: {first}-{last} = {count} cards", **ends))
    pool = {"coloured": deck.coloured_count, "black": deck.black_in_hands, "pool": deck.pool_size}
    lines = [
        str(Message("Deck for {players} players ({ruleset}, options as given):", players=deck.players,
                    ruleset=deck.ruleset)),
        str(Message("  coloured: {colours} 1-{numbers} = {count} cards",
                    colours=", ".join([Colour(c, letter=True).in_language(lang) for c in deck.colours]),
                    numbers=deck.numbers, count=deck.coloured_count)),
        str(black),
        str(Message("  hand pool: {coloured} coloured + {black} black + Ally = {pool}", **pool) if deck.ally
            else Message("  hand pool: {coloured} coloured + {black} black = {pool}", **pool)),
        str(Message("  hand size {hand}, removed at the deal {removed}, point pile {pile}, tricks a round {tricks}",
                    hand=deck.hand_size, removed=deck.removed, pile=deck.pile_size, tricks=deck.tricks)),
    ]
    for note in deck.notes:
        lines.append(str(Message("  NOTE {note}", note=note)))
    return "\n".join(lines)


def _pair_labels(a: Ruleset, b: Ruleset) -> list[str]:
    """Column names for two rulesets; two files of the same name are told apart by position."""
    return [a.name, b.name] if a.name != b.name else [f"{a.name} (1)", f"{b.name} (2)"]


def rules_diff_rows(a: Ruleset, b: Ruleset) -> list[dict]:
    return knob_diff_rows([a, b], _pair_labels(a, b))


def rules_diff_text(a: Ruleset, b: Ruleset, rows: list[dict], refs: tuple[str, str] | None = None) -> str:
    """``refs``: the names the user gave; an alias (spanish) is shown with the ruleset it names."""
    if not rows:
        said = [r.name if ref is None or ref == r.name or ref.endswith(".toml") else f"{ref} ({r.name})"
                for r, ref in zip((a, b), refs or (None, None))]
        return str(Message("{first} and {second} set every knob the same way.", first=said[0], second=said[1]))
    an, bn = _pair_labels(a, b)
    # The values side by side; each knob's sources under its row, with the whole width to wrap in
    # (two source columns beside the values left them a few words a line, or cut words).
    width = terminal_width()
    table = fit_table([[r["knob"], cell_text(r[an]), cell_text(r[bn])] for r in rows], [gettext("knob"), an, bn],
                      width, move=False).split("\n")  # the values side by side, else the blocks below
    out = [str(PluralMessage("{n} knob differs between {first} and {second} (each knob's sources under it):",
                             "{n} knobs differ between {first} and {second} (each knob's sources under it):",
                             len(rows), first=a.name, second=b.name))]
    if max(map(display_width, table)) > width:  # no room for the values side by side: one knob a block
        for r in rows:
            out.append(r["knob"])
            for lab in (an, bn):
                out += [f"  {lab} = {cell_text(r[lab])}", f"    {worded(r['sources'][lab])}"]
        return "\n".join(out)
    out += table[:2]
    body, k = table[2:], -1
    for line in body:
        if line[:1].strip():  # a knob's first line (knob names never wrap): the last one's sources first
            if k >= 0:
                out += _sources(rows[k], an, bn)
            k += 1
        out.append(line)
    return "\n".join(out + _sources(rows[k], an, bn))


def _sources(row: dict, an: str, bn: str) -> list[str]:
    """A knob's sources under its row of ``rules diff`` (one line when both say the same)."""
    sa, sb = worded(row["sources"][an]), worded(row["sources"][bn])
    if sa == sb:
        return ["  " + labelled(f"{an}, {bn}", sa)]
    return ["  " + labelled(an, sa), "  " + labelled(bn, sb)]


def examples_text(rows) -> str:
    """``bids examples``: one line an example (name, what it is), then how to write one out."""
    width = max(len(name) for name, _ in rows)
    lines = []
    for name, what in rows:  # a summary in the output language, a long one wrapped under its column
        head = f"{name:<{width}}  "
        lines += wrap(worded(what), terminal_width(), indent=head, hang=" " * len(head)) or [head.rstrip()]
    lines += ["", str(Message("Write one out with: bids examples NAME --out NAME.toml (or print it: bids examples NAME)"))]
    return "\n".join(lines)
