"""A ``bids record`` session at a terminal in each language, kept as a golden transcript (issue 34:
"a record session (pexpect)" among the golden runs in each language).

One short game (three players, the english ruleset with the Thief, one round of ten tricks) is
typed at a pseudo-terminal, cards in the language's own card words (``--log-lang``), with a refused
line, a line that is no command, a steal asked and answered (a wrong answer first), an undo, a
leader and a hand asked for, the standings, the end-of-game table and the goodbye. Each step of the
transcript is the prompt with what was typed, then what the recorder printed, escape codes removed.
``tests/test_i18n_record.py`` compares each language's session with
``tests/golden/record/<lang>.txt``; after a deliberate change of the recorder's words:

    .venv/bin/python tests/golden_record.py      # or: make golden
    git diff tests/golden/record
"""

from __future__ import annotations

import os
import re
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden" / "record"
LANGS = ("en", "it", "es", "ja")
PLAYERS = ("Ana", "Ben", "Cleo")
ARGS = ["record", "game.toml", "--players", ",".join(PLAYERS), "-r", "english", "-o", "thief=true", "--rounds", "1"]

# The ten tricks: the revealed card, then each player's bid (Ana plays red, Ben green, Cleo yellow).
TRICKS = [
    ("K5", 5, 4, 7), ("Thief", 10, 3, 2), ("K1", 1, 9, 8), ("K2", 2, 8, 1), ("K3", 3, 1, 4),
    ("K4", 4, 2, 6), ("K6", 6, 10, 5), ("K7", 7, 6, 3), ("K8", 8, 7, 10), ("K9", 9, 5, 9),
]
COLOURS = {"Ana": "R", "Ben": "G", "Cleo": "Y"}
ESCAPE = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
# The end of a prompt as prompt_toolkit draws it: the '>' then the cursor put after its space.
PROMPT_END = r">\x1b\[\d+D\x1b\[\d+C\x1b\[\?7h\x1b\[0m\x1b\[\?12l\x1b\[\?25h"


def steps(lang: str) -> list[str]:
    """The lines typed, in ``lang``'s card words (tricks in the short form, in playing order from the
    leader), found by typing them into a recorder here first. The Thief's question gets a wrong
    victim, then the card; the trick is undone, typed again and the steal passed (Enter): the right
    is kept (english: thief.timing = deferred), and used at the next question."""
    from bidscli.app.record import Recorder
    from bidscli.core.cards import Card
    from bidscli.core.cardwords import card_words
    from bidscli.rules.ruleset import load_ruleset

    word = card_words(lang).word
    k5, k7, r2 = (word(Card.parse(c)) for c in ("K5", "K7", "R2"))
    rec = Recorder("game.toml", "english", load_ruleset("english"), PLAYERS, {"thief": True}, game_rounds=1,
                   interactive=True, log_lang=lang)
    typed: list[str] = []

    def feed(line: str):
        typed.append(line)
        return rec.feed(line)

    for i, (prize, *bids) in enumerate(TRICKS):
        if i == 1:
            feed(f"{k7} {r2}")  # two cards, no revealed card
            feed("hello world")  # no trick, and no command either
        if i == 2:
            feed("leader Zed")
            feed("hand Ana")
        _, _, game = rec.next_game()
        bid = dict(zip(PLAYERS, bids))
        line = " ".join([word(Card.parse(prize)), *(word(Card.parse(f"{COLOURS[p]}{bid[p]}"))
                                                    for p in game.playing_order())])
        out = feed(line)
        if i == 1:  # the Thief: a wrong victim, then the card; undone, typed again, passed
            assert out.asking, out.lines
            feed(f"{k7} Ben")
            feed(k5)
            feed("undo")
            out = feed(line)
        while out.asking:  # the right kept: passed at the Thief's own trick, used at the next question
            choice = rec.pending.choice
            out = feed("" if i == 1 else word(next(iter(choice.victims.values()))[0]))
        assert not out.error, out.lines
    return ["score", "help", *typed, "leader Ana", "quit"]


def session(lang: str) -> str:
    """The transcript of the session in ``lang``."""
    import pexpect

    with tempfile.TemporaryDirectory() as folder:
        env = dict(os.environ, TERM="xterm", PROMPT_TOOLKIT_NO_CPR="1", LINES="40", COLUMNS="100", BIDS_LANG="en")
        env.pop("BIDS_DEBUG", None)
        child = pexpect.spawn(sys.executable, ["-m", "bidscli", "--lang", lang, *ARGS, "--log-lang", lang],
                              env=env, cwd=folder, encoding="utf-8", timeout=120, dimensions=(40, 100))
        child.delaybeforesend = None
        out: list[str] = []
        child.expect(PROMPT_END)
        *said, prompt = _lines(child.before)
        out += said
        for typed in steps(lang):
            out.append(f"{prompt}> {typed}".rstrip())
            child.sendline(typed)
            if typed == "quit":
                child.expect(pexpect.EOF)
                out += _lines(child.before)[1:]
                break
            child.expect(PROMPT_END)
            _, *said, prompt = _lines(child.before)
            out += said
        child.close()
        out.append(f"exit {child.exitstatus}")
        with open(os.path.join(folder, "game.toml"), encoding="utf-8") as f:
            log = f.read()
    log = re.sub(r"^date = [0-9-]+$", "date = (today)", log, flags=re.MULTILINE)
    return "\n".join([f"$ bids --lang {lang} {' '.join(ARGS)} --log-lang {lang}", *out, "--- game.toml", log])


def _lines(text: str) -> list[str]:
    return [line.rstrip("\r") for line in ESCAPE.sub("", text).split("\r\n")]


def regenerate() -> int:
    GOLDEN.mkdir(parents=True, exist_ok=True)
    changed = 0
    for lang in LANGS:
        path = GOLDEN / f"{lang}.txt"
        new = session(lang).encode("utf-8")
        if not path.exists() or path.read_bytes() != new:
            path.write_bytes(new)
            changed += 1
    return changed


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    print(f"{len(LANGS)} record sessions under {GOLDEN.relative_to(ROOT)}, {regenerate()} changed")
