"""The pages of ``bids serve``: one HTML shell per page, its texts, and a short note page.

The pages hold no rule and no data of a game: the script (``templates/serve.js``) asks the
JSON API for the state and the checks, and builds the page with ``textContent`` only, so every
text from a log or a request is escaped. The shell is rendered here with Jinja2's autoescape,
as the reports are; the texts the script shows travel in a JSON block (``tojson``), which no
browser runs as script. Every text a person reads is in :data:`TEXTS`, in one place.
"""

from __future__ import annotations

# The texts of the pages, by key (English). The script reads them from the page; a text
# with {name} gets that value filled in by the script.
TEXTS: dict[str, str] = {
    "app": "bids serve",
    "games": "Games",
    "no_games": "No game in this folder yet.",
    "new_game": "New game",
    "file": "File name",
    "players": "Players, in seat order",
    "add_player": "+ player",
    "remove_player": "remove",
    "ruleset": "Rules",
    "options": "Table options",
    "rounds": "Rounds (empty: the rules' own)",
    "title": "Title",
    "language": "Language",
    "start": "Start the game",
    "keep": "keep score",
    "watch": "watch",
    "complete": "complete",
    "season": "Season standings of this folder",
    "report": "Full report of this game",
    "need_secret": "Writing needs the scorekeeper's link (the one with #token=...). This page can only watch.",
    "to_watch": "Open the watchers' page",
    "round_trick": "Round {round} · trick {trick}",
    "leads": "{player} leads",
    "turned_up": "Card turned up",
    "another_up": "+ another card turned up",
    "plays": "{player} plays",
    "checking": "checking…",
    "saving": "saving…",
    "saved": "saved",
    "not_saved": "NOT saved",
    "retry": "Send again",
    "save": "Save this trick",
    "clear": "Clear",
    "undo": "Undo last trick",
    "undo_confirm": "Tap again to undo trick {trick}",
    "undone": "undone",
    "may_steal": "{thief} may steal",
    "must_steal": "{thief} must steal",
    "steal_from": "{card} from {victim}",
    "pass": "Pass",
    "burned": "burned",
    "conflict": "The game changed meanwhile; here it is as it stands now.",
    "offline": "No connection: the trick is kept here. Send it again when the connection is back.",
    "standings": "Standings",
    "last_tricks": "Tricks of this round",
    "rounds_done": "Rounds",
    "total": "total",
    "game_over": "Game over",
    "winners": "Winner: {players}",
    "live": "live",
    "reconnecting": "reconnecting…",
    "why": "why",
    "none_yet": "No trick yet.",
    "home": "All games",
    "error": "Error",
}


def page(kind: str, lang: str, game_id: str | None) -> str:
    """The shell of a page: ``home`` (the games), ``keep`` (the scorekeeper's) or ``watch``."""
    from .html import environment

    env = environment()
    return env.get_template("serve.html").render(kind=kind, lang=lang, game_id=game_id, texts=TEXTS)


def note(lang: str, message: str) -> str:
    """A page that only says something (a game with nothing to report yet)."""
    from .html import environment

    return environment().get_template("serve_note.html").render(lang=lang, message=message, texts=TEXTS)
