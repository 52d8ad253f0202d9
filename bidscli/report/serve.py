"""The pages of ``bids serve``: one HTML shell per page, its texts, and a short note page.

The pages hold no rule and no data of a game: the script (``templates/serve.js``) asks the
JSON API for the state and the checks, and builds the page with ``textContent`` only, so every
text from a log or a request is escaped. The shell is rendered here with Jinja2's autoescape,
as the reports are; the texts the script shows travel in a JSON block (``tojson``), which no
browser runs as script. Every text a person reads is in :data:`TEXTS`, in one place.
"""

from __future__ import annotations

from ..core.i18n import N_, gettext

# The texts of the pages, by key: English message ids, worded in the page's language when the
# page is made (the catalogs: docs/translating.md). The script reads them from the page; a text
# with {name} gets that value filled in by the script.
TEXTS: dict[str, str] = {
    "app": N_("bids serve"),
    "games": N_("Games"),
    "no_games": N_("No game in this folder yet."),
    "new_game": N_("New game"),
    "file": N_("File name"),
    "players": N_("Players, in seat order"),
    "add_player": N_("+ player"),
    "remove_player": N_("remove"),
    "ruleset": N_("Rules"),
    "options": N_("Table options"),
    "rounds": N_("Rounds (empty: the rules' own)"),
    "title": N_("Title"),
    "language": N_("Language"),
    "start": N_("Start the game"),
    "keep": N_("keep score"),
    "watch": N_("watch"),
    "complete": N_("complete"),
    "season": N_("Season standings of this folder"),
    "report": N_("Full report of this game"),
    "need_secret": N_("Writing needs the scorekeeper's link (the one with #token=...). This page can only watch."),
    "to_watch": N_("Open the watchers' page"),
    # TRANSLATORS: where the game stands: the next trick to enter, and who plays first in it.
    "where": N_("Round {round} · trick {trick} · {player} leads"),
    "turned_up": N_("Card turned up"),
    "another_up": N_("+ another card turned up"),
    "plays": N_("{player} plays"),
    "checking": N_("checking…"),
    "saving": N_("saving…"),
    "saved": N_("saved"),
    "not_saved": N_("NOT saved"),
    "retry": N_("Send again"),
    "save": N_("Save this trick"),
    "clear": N_("Clear"),
    "undo": N_("Undo last trick"),
    "undo_confirm": N_("Tap again to undo trick {trick}"),
    "undone": N_("undone"),
    "may_steal": N_("{thief} may steal"),
    "must_steal": N_("{thief} must steal"),
    "steal_from": N_("{card} from {victim}"),
    "pass": N_("Pass"),
    "conflict": N_("The game changed meanwhile; here it is as it stands now."),
    "offline": N_("No connection: the trick is kept here. Send it again when the connection is back."),
    "standings": N_("Standings"),
    "last_tricks": N_("Tricks of this round"),
    "rounds_done": N_("Rounds"),
    "total": N_("total"),
    "game_over": N_("Game over"),
    "winners": N_("Winner: {players}"),
    "live": N_("live"),
    "why": N_("Why, rule by rule"),
    "reconnecting": N_("reconnecting…"),
    "none_yet": N_("No trick yet."),
    # TRANSLATORS: a short column heading of the standings: a finished round's own scores ("R1").
    "round_col": N_("R{number}"),
    # TRANSLATORS: a trick of the round, in the list of its tricks, before its verdict.
    "trick_no": N_("Trick {number}"),
    # TRANSLATORS: the last trick saved and its verdict ("Cleo +12 (highest bid K7)").
    "trick_verdict": N_("Trick {number} · {verdict}"),
    # TRANSLATORS: the server said the trick is on disk; then the trick and its verdict.
    "saved_trick": N_("saved ✓ Trick {number} · {verdict}"),
    # TRANSLATORS: the table options of a new game (a checkbox each): the cards and the rule as the
    # players call them (docs/glossary.md).
    "option_ally": N_("Ally card"),
    "option_minus_five": N_("-5 Bonus"),
    "option_color_bids": N_("Color Bids"),
    "option_lowest": N_("Lowest card"),
    "option_surprise": N_("Surprise card"),
    "option_thief": N_("Thief card"),
}

# Each language by its own name (never translated: a player looks for their own language's name).
AUTONYMS = {"en": "English", "it": "Italiano", "es": "Español", "ja": "日本語"}


def page(kind: str, lang: str, game_id: str | None) -> str:
    """The shell of a page: ``home`` (the games), ``keep`` (the scorekeeper's) or ``watch``."""
    from .html import environment

    env = environment()
    return env.get_template("serve.html").render(kind=kind, lang=lang, game_id=game_id, texts=texts())


def note(lang: str, message: str) -> str:
    """A page that only says something (a game with nothing to report yet)."""
    from .html import environment

    return environment().get_template("serve_note.html").render(lang=lang, message=message, texts=texts())


def texts() -> dict[str, str]:
    """The pages' texts in the output language (the request's: the server sets it)."""
    worded = {key: gettext(msgid) for key, msgid in TEXTS.items()}
    worded.update({f"lang_{code}": name for code, name in AUTONYMS.items()})
    return worded
