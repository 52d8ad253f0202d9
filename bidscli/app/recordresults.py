"""What an accepted trick and a finished round say in ``bids record`` and ``bids serve``'s tables:
the trick as recorded, its verdict, the alliance and a Thief right kept as soon as they happen,
the round's scores; and the legend of a log in another language's card words.
"""

from __future__ import annotations

from typing import Any

from ..core.cards import ALLY_CARD, THIEF_CARD
from ..core.cardwords import CardWords, card_words
from ..core.i18n import Listed, Message, output_language
from ..engine.replay import Game, TrickResult, right_ends
from ..rules.ruleset import Ruleset
from .recordlines import Line, wrap


def legend(vocab: CardWords) -> list[Line]:
    """A note at the start of a session in another language's card words: what its letters are,
    and, when the output is in another language, in which card words the results name cards (the
    output language's: i18n.card_text; English tokens, G green there, giallo here)."""
    if vocab.lang == "en":
        return []
    v = vocab
    en = card_words("en")
    shown = output_language()
    if shown == "en":
        listed = ", ".join(f"{letter} {v.colour_words[c] if v.colour_words[c] != letter else en.colour_words[c]}"
                            for c, letter in v.letters.items())
        english = ", ".join(f"{en.letters[c]} {en.colour_words[c]}" for c in en.letters)
        # TRANSLATORS: {language} is the name of the log's language (Italian, Spanish, Japanese);
        # {colours} its colour letters and words, {english} the English letters and words (as they are)
        return [Message("note: cards are typed and saved in {language} card words (lang = \"{code}\" in the log: "
                        "{colours}); the results name cards in English tokens: {english}",
                        language=Message(v.name), code=v.lang, colours=listed, english=english)]
    colours = _letters(v)
    if shown == v.lang:
        # TRANSLATORS: {language} is the name of the log's language, which is also the output's;
        # {colours} its colour letters and words ("R rosso, V verde, ...")
        return [Message("note: cards are typed, saved and shown in {language} card words (lang = \"{code}\" in the "
                        "log: {colours})", language=Message(v.name), code=v.lang, colours=colours)]
    out = card_words(shown)
    # TRANSLATORS: {language} is the name of the log's language, {colours} its colour letters and
    # words; {shown} the name of the output language, {own} its colour letters and words
    return [Message("note: cards are typed and saved in {language} card words (lang = \"{code}\" in the log: "
                    "{colours}); the results name cards in {shown} card words: {own}",
                    language=Message(v.name), code=v.lang, colours=colours, shown=Message(out.name),
                    own=_letters(out))]


def _letters(v: CardWords) -> Listed:
    """A language's colour letters and words ("R rosso, V verde, ..."), or its words alone where
    they are the letters (Japanese: "赤、緑、..."), joined as the language shown joins a list."""
    return Listed([letter if v.colour_words[c] == letter else f"{letter} {v.colour_words[c]}"
                   for c, letter in v.letters.items()], ",")


def echo(t: TrickResult, vocab: CardWords) -> list[str]:
    """The trick as recorded, each card played with its colour word ("Ana G5 (giallo)"), so that
    a card typed in another language's words (G for giallo in an English log) shows at once."""
    head = " ".join(map(vocab.word, t.written))
    return wrap(f"  {head}: " + ", ".join(f"{p} {vocab.echo(c)}" for p, c in t.plays), "      ")


def right_kept(t: TrickResult, offered: list, ruleset: Ruleset, round_over: bool, game_over: bool) -> list[Line]:
    """A Thief won and not used at once, where a right is kept (thief.timing = deferred):
    said as soon as it is won, so the table knows the steal is still to come (rules.md 'Thief'), or
    that it ends unused now. How long it lasts is the engine's rule (``thief.right_ends``);
    ``round_over``, ``game_over``: ``t`` ended its round, the game."""
    k = ruleset.knobs
    w = t.winner
    if (w is None or THIEF_CARD not in t.taken or k["thief.timing"] != "deferred"
            or any(s.thief == w for s in t.steals)):
        return []
    mine = next((c for c in offered if c.thief == w), None)
    why: Message
    if mine is None:  # thief.first_chance = next_trick
        why = Message("first usable at the end of trick {trick} (thief.first_chance = next_trick)",
                      trick=t.number + 1)
    elif not mine.victims:
        why = Message("nothing to steal now: {why}", why=mine.because)
    else:
        why = Message("not used at this trick")
    lasts = k["thief.right_lasts"]
    if right_ends(k, round_over, False):
        return [Message("{player} won the Thief ({why}): the round ends here, and an unused right ends with it "
                        "(thief.right_lasts = round)", player=w, why=why)]
    if right_ends(k, round_over, game_over):
        return [Message("{player} won the Thief ({why}): the game ends here, and an unused right ends with it",
                        player=w, why=why)]
    if right_ends(k, True, False):  # it ends with this round
        return [Message("{player} keeps the Thief: one steal at the end of a later trick of this round ({why}; "
                        "thief.timing = deferred, thief.right_lasts = {lasts})", player=w, why=why, lasts=lasts)]
    return [Message("{player} keeps the Thief: one steal at the end of a later trick of the game ({why}; "
                    "thief.timing = deferred, thief.right_lasts = {lasts})", player=w, why=why, lasts=lasts)]


def alliance(t: TrickResult, game: Game) -> list[Line]:
    """Who is allied, said as soon as the Ally is played (the engine's own alliance in ``game``,
    which played ``t``)."""
    ally = next((p for p, c in t.plays if c == ALLY_CARD), None)
    if ally is None:
        return []
    rs = game.round_state
    assert rs is not None, "the trick's round started"
    allies = rs.allies  # (the trick's round, ended or not)
    if allies is not None and allies[0] == ally:
        return [Message("{player} plays Ally: allied with {partner} for this round", player=ally,
                        partner=allies[1])]
    return [Message("{player} plays Ally into a burned trick: no alliance this round", player=ally)]


def verdict(t: TrickResult, steals: bool = True, vocab: CardWords | None = None) -> str:
    """A trick's result in one line, in the output language: who took how much and why, or why
    it burned; what a 2x did; its steals (as the log writes them, in ``vocab``'s words: English by
    default; ``steals=False``: not them, for a trick whose thief is still to decide)."""
    if t.winner is not None:
        points = f"{t.points:+d}"
        why: Any = t.verdict if t.verdict is not None else t.reason  # the engine's words, worded here
        text = Message("{player} {points} ({why})", player=t.winner, points=points, why=why).text()
    else:
        burned_by = t.burned_by
        why = burned_by if burned_by is not None else t.reason.removesuffix(": burned")
        text = Message("burned: {why}", why=why).text()
    if t.doubled is not None:  # what the 2x did, in replay's words
        from ..report.render import doubled_text

        text += "; " + doubled_text(t)
    for s in t.steals if steals else ():
        text += f"; {s if vocab is None else vocab.action(s)} ({s.value:+d})"
    return text


def round_summary(rnd) -> str:
    """A finished round in one line, in the output language: its scores, the Ally split and the
    lucky losers."""
    return round_message(rnd).text()


def round_message(rnd) -> Message:
    """A finished round in one line (``round_summary``), as a message."""
    extra: list[Message] = []
    if rnd.allies:
        extra.append(Message("Ally split {first} + {second}", first=rnd.allies[0], second=rnd.allies[1]))
    if rnd.lucky_losers:
        extra.append(Message("lucky loser {players}", players=points_text(rnd.lucky_losers)))
    scores = points_text(rnd.scores)
    if extra:
        return Message("Round {number} scores: {scores} ({extra})", number=rnd.number, scores=scores,
                       extra=Listed(extra, ";"))
    return Message("Round {number} scores: {scores}", number=rnd.number, scores=scores)


def points_text(points) -> Listed:
    """``Ana 5, Ben -2``: each player's points, in seating order, joined as the language shown
    joins a list (Japanese ``Ana 5、Ben -2``)."""
    return Listed([f"{p} {v}" for p, v in points.items()], ",")
