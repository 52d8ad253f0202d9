"""The log reader through its public functions: the limits checked before parsing, the lines of
rounds and tricks, what a trick line and a hands table read as (and their messages), where a TOML
error is, validate's lines, a ruleset file given as a log, and reading a file.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from bidscli.app import api
from bidscli.core.cards import Card
from bidscli.files import bounds
from bidscli.log import load
from bidscli.log.reader import read_log_text
from bidscli.log.trickline import parse_trick

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted((ROOT / "examples").glob("*.toml"))
CARD_MSG = ("is not a card: expected a colour R/G/Y/B or K (black) and a number 1-14 (e.g. R5, K7), or one of "
            "-5, 2x, Lowest, Surprise, Thief, Ally")


# -- the limits (bounds.check_toml) ----------------------------------------------------------

K = bounds.MAX_KEY_CHARS
ORDINARY = ["a = 1", "[[rounds]]", 'tricks = ["K5: A R5"]', "", "  # a.b.c.d.e.f.g.h.i.j", "x" * K, "x" * (K + 40),
            'notes = "a.b.c.d.e.f.g.h.i.j"', "[rounds.hands]", "a.b.c.d.e.f.g.h = 1", '"' + "q" * K + '" = 1',
            "note = 'x\u2028y'", "=" * 10, "." * 12]
# (line, the message's start) of each kind of line over a limit; a long line counts first, then
# the keys, then the first deep or long key.
OVER = {
    "long line": ("y" * (bounds.MAX_LINE_CHARS + 1), "a line of "),
    "long key": ("k" * (K + 1) + " = 1", f"a key of more than {K} characters"),
    "long table": ("[" + "c" * (K + 1) + "]", f"a key of more than {K} characters"),
    "long quoted key": ('"' + "b" * (K + 1) + '" = 1', f"a key of more than {K} characters"),
    "deep key": ("p." * bounds.MAX_KEY_PARTS + "p = 1", f"a dotted key of {bounds.MAX_KEY_PARTS + 1} parts"),
    "deep table": ("[" + "t." * 11 + "t]", "a dotted key of 12 parts"),
}


def _texts(rng: random.Random):
    """Texts of ordinary lines, with none, one or two lines over a limit, and the answer expected."""
    for _ in range(600):
        lines = [rng.choice(ORDINARY) for _ in range(rng.randrange(0, 7))]
        kinds = rng.sample(sorted(OVER), rng.choice((0, 0, 1, 1, 2)))
        at = {}
        for kind in kinds:
            i = rng.randrange(len(lines) + 1)
            lines.insert(i, OVER[kind][0])
            at = {k: (v + 1 if v >= i else v) for k, v in at.items()}
            at[kind] = i
        brk = rng.choice(("\n", "\n", "\r\n"))
        text = brk.join(lines) + rng.choice(("", brk))
        found = sorted((0 if kind == "long line" else 1, i, kind) for kind, i in at.items())
        want = None if not found else (found[0][1] + 1, OVER[found[0][2]][1])
        yield text, want


def test_check_toml_names_the_first_line_over_a_limit():
    rng = random.Random(7)
    seen = set()
    for text, want in _texts(rng):
        got = bounds.check_toml(text)
        if want is None:
            assert got is None, (repr(text[:120]), str(got))
        else:
            assert got is not None and (got.line, got.message[:len(want[1])]) == want, (repr(text[:120]), str(got))
        seen.add(want is None)
    assert seen == {True, False}


def test_check_toml_counts_lines_at_newlines_only():
    """U+2028 and a lone CR do not end a TOML line: the line is the one TOML's messages count."""
    text = 'a = "x\u2028y"\rb = 1\n' + "k" * (K + 1) + " = 1\n"
    assert bounds.check_toml(text).line == 2


@pytest.mark.parametrize("text, line, start", [
    ("a = 1\n" + "b" * 256 + "\n", None, None),
    ("a.b.c.d.e.f.g.h = 1\n", None, None),  # 8 parts: the most a key may have
    ("a = 1\na.b.c.d.e.f.g.h.i = 1\n", 2, "a dotted key of 9 parts"),
    ("a.b.c.d.e.f.g.h.i = 1\n", 1, "a dotted key of 9 parts"),  # the first line too
    ("x = 1\n" * 9000, None, None),  # 54,000 characters: 9,000 signs
    ("[==\n" * 16668, None, "50,004 keys, tables and arrays"),
    ("=[\n" * (bounds.MAX_KEYS // 2), None, None),  # just MAX_KEYS signs
    ("=[\n" * (bounds.MAX_KEYS // 2 + 1), None, "50,002 keys"),
    ("=" * 10 + "\n" + "z" * 70_000, 2, "a line of 70,000 characters"),
])
def test_check_toml_decides_by_each_limit(text, line, start):
    got = bounds.check_toml(text)
    if start is None:
        assert got is None, str(got)
    else:
        assert got.line == line and got.message.startswith(start), str(got)


def test_every_example_and_test_log_is_within_the_limits():
    for path in [*EXAMPLES, *sorted((ROOT / "tests" / "data").glob("*.toml"))]:
        assert bounds.check_toml(path.read_text(encoding="utf-8")) is None, path


# -- lines --------------------------------------------------------------------------------

TRICKS = ["K5: Ana R5, Ben G4, Cleo B3", "K6: Ana R6, Ben G6, Cleo B6", "K7: Ana R7, Ben G7, Cleo B7"]


def _layouts(rng: random.Random):
    """Logs whose tricks are written in many ways, with every kind of line break."""
    for _ in range(400):
        rounds = []
        for _ in range(rng.randrange(1, 4)):
            tricks = rng.sample(TRICKS, rng.randrange(1, 4))
            written = [rng.choice((f'"{t}"', f'"{t}"', f"'{t}'")) for t in tricks]
            sep = rng.choice((",\n  ", ", ", ",\n\n    ", ",  # note\n  ", " ,\n"))
            before = rng.choice(("", 'pile = ["K5", "K6"]\n', 'notes = "not K5: Ana R5, Ben G4, Cleo B3 but"\n',
                                 "notes = 'K6: Ana R6, Ben G6, Cleo B6 twice'\n", "# K6: Ana R6, Ben G6, Cleo B6\n"))
            rounds.append((tricks, f"[[rounds]]\n{before}tricks = [\n  {sep.join(written)}\n]\n"))
        note = rng.choice(("", "# x\u2028y\n", "# x\x85y\n"))  # breaks to str.splitlines, not to TOML
        text = 'ruleset = "english"\nplayers = ["Ana", "Ben", "Cleo"]\n' + note + "".join(r for _, r in rounds)
        yield text.replace("\n", rng.choice(("\n", "\n", "\r\n"))), [t for t, _ in rounds]


def test_each_line_is_the_line_str_splitlines_gives():
    """A round's line is its header's, a trick's the line that holds it as a whole string (not
    a longer note or a comment before it), counted as str.splitlines counts lines."""
    rng = random.Random(11)
    for text, rounds in _layouts(rng):
        log, errors = read_log_text(text, "t.toml")
        assert not errors, (text, errors)
        lines = text.splitlines()
        assert [len(r.tricks) for r in log.rounds] == [len(t) for t in rounds]
        for rnd in log.rounds:
            assert lines[rnd.line - 1] == "[[rounds]]", text
            previous = rnd.line
            for rec in rnd.tricks:
                held = lines[rec.line - 1]
                assert f'"{rec.text}"' in held or f"'{rec.text}'" in held, (text, rec)
                assert not held.lstrip().startswith(("notes", "#")), (text, rec)  # the trick itself
                assert rec.line >= previous, text
                previous = rec.line
        assert log.ruleset_line == 1


def test_listed_lines_find_each_trick_on_its_own_line():
    text = ('players = ["Ana", "Ben", "Cleo"]\n[[rounds]]\ntricks = [\n  "K5: Ana R5",\n  "K6: Ben R6",\n'
            '  "K7: Cleo R7",\n]\n[[rounds]]\ntricks = ["K1: Ana R1", "K2: Ana R2"]\n')
    game = read_log_text(text, "t.toml")[0]
    assert [[r.line for r in rnd.tricks] for rnd in game.rounds] == [[4, 5, 6], [9, 9]]


def test_a_trick_not_written_as_one_string_takes_its_rounds_line():
    """An escaped trick is held by no line as it reads: its line is its round's."""
    text = ('players = ["Ana", "Ben", "Cleo"]\n\n[[rounds]]\ntricks = [\n  "K5: Ana R5",\n'
            '  "K6: Ana\\u0020R6",\n  "K7: Ana R7",\n]\n')
    game = read_log_text(text, "t.toml")[0]
    assert [r.line for r in game.rounds[0].tricks] == [5, 3, 7]


def test_validate_locates_an_error_at_its_trick_line(tmp_path):
    from bench.gen import random_game_log

    text = random_game_log("english", 4, 2, {}, seed=3)
    path = tmp_path / "g.toml"
    path.write_text(text, encoding="utf-8")
    assert api.validate(str(path)) == []
    lines = text.split("\n")
    at = next(i for i, line in enumerate(lines) if line.startswith('    "K') and ": P1 " in line)
    lines[at] = lines[at].replace(": P1 ", ": P9 ")
    path.write_text("\n".join(lines), encoding="utf-8")
    errors = api.validate(str(path))
    assert errors and errors[0].line == at + 1


# -- trick lines ------------------------------------------------------------------------------

def _c(*tokens):
    return tuple(Card.parse(t) for t in tokens)


@pytest.mark.parametrize("text, revealed, plays, actions", [
    ("K5: Ana R5, Ben G4", _c("K5"), [("Ana", "R5"), ("Ben", "G4")], ()),
    (": Ana R5", (), [("Ana", "R5")], ()),
    ("K5:Ana R5,Ben G4", _c("K5"), [("Ana", "R5"), ("Ben", "G4")], ()),
    ("K5: Ana  Maria r5, Ben\tK-5", _c("K5"), [("Ana Maria", "R5"), ("Ben", "-5")], ()),  # spaces, aliases
    ("K5: Ana R5 Ben G4", _c("K5"), [("Ana R5 Ben", "G4")], ()),  # one play: the name check says more
    ("Surprise: Ana Lowest, Ben ?", _c("Surprise"), [("Ana", "Lowest"), ("Ben", "Surprise")], ()),
    ("K5 K6: Ana R5; Ben steals K5 from Ana; Cleo passes", _c("K5", "K6"), [("Ana", "R5")],
     ("Ben steals K5 from Ana", "Cleo passes")),
])
def test_a_trick_line_reads_as(text, revealed, plays, actions):
    rec = parse_trick(text, 2, 9)
    assert (rec.number, rec.line, rec.text, rec.revealed) == (2, 9, text, revealed)
    assert rec.plays == tuple((p, Card.parse(c)) for p, c in plays)
    assert tuple(map(str, rec.actions)) == actions


@pytest.mark.parametrize("text, message, player", [
    ("K5: Ana x, Ben", f"'x' {CARD_MSG}", "Ana"),  # the first problem, in order: the card, then Ben
    ("K5: Ana R5,", "trailing comma after the last play in 'K5: Ana R5,': remove it", None),
    ("K5: Ana R5,, Ben G4", "empty play in 'K5: Ana R5,, Ben G4': expected '<player> <card>' between commas", None),
    ("K5: , Ana R5", "empty play in 'K5: , Ana R5': expected '<player> <card>' between commas", None),
    ("K5: Ana", "'Ana' is not a play: expected '<player> <card>' (e.g. 'Ana R5')", None),
    ("K5 Ana R5", "trick 'K5 Ana R5' has no ':': expected '<revealed>: <player> <card>, ...' (leave the revealed "
                  "part empty as ': Ana R5, ...' when the pile says it)", None),
    ("x: Ana R5", f"'x' {CARD_MSG}", None),
    ("K5: Ana R5; Ben grabs K5", "'Ben grabs K5' is not an action: expected '<thief> steals <card> from <victim>' "
                                 "or '<thief> passes'", None),
    ("K5: Ana R5; Ben steals x from Ana", f"'x' {CARD_MSG}", None),
])
def test_a_trick_line_refused(text, message, player):
    with pytest.raises(Exception) as got:
        parse_trick(text)
    assert (got.value.message, got.value.player) == (message, player)


# -- hands, pile, removed -----------------------------------------------------------------------

HEAD = 'ruleset = "english"\nplayers = ["Ana", "Ben", "Cleo"]\n[[rounds]]\n'


@pytest.mark.parametrize("table, hands, errors", [
    ('hands.Ana = ["R5"]\nhands.Ben = ["G4"]\nhands.Cleo = ["r5"]\n', {"Ana": "R5", "Ben": "G4", "Cleo": "R5"}, []),
    ('hands.ana = ["R5"]\nhands.BEN = ["G4"]\nhands.Cleo = ["Y4", "Ally"]\n',
     {"Ana": "R5", "Ben": "G4", "Cleo": "Y4 Ally"}, []),
    ('hands.Ana = ["R5"]\nhands.Ben = ["x"]\nhands.Cleo = [5]\n', None,
     [f"h.toml:4: round 1: hands.Ben: 'x' {CARD_MSG}", "h.toml:4: round 1: hands.Cleo must be a list of card strings",
      "h.toml:4: round 1: hands: no hand for Ben, Cleo (give every hand or none)"]),
    ('hands.Ana = ["R5"]\nhands.ana = ["G4"]\nhands.Cleo = ["Y4"]\n', None,
     ["h.toml:4: round 1: hands.ana: a second hand for Ana (names match case-insensitively)",
      "h.toml:4: round 1: hands: no hand for Ben (give every hand or none)"]),
    ('hands.Ana = ["R5"]\nhands.Bob = ["G4"]\n', None,
     ["h.toml:4: round 1: hands.Bob: 'Bob' is not a player: expected one of Ana, Ben, Cleo",
      "h.toml:4: round 1: hands: no hand for Ben, Cleo (give every hand or none)"]),
    ('hands.Ana = "R5"\nhands.Ben = [["G4"]]\nhands.Cleo = [5, "x"]\n', None,
     ["h.toml:4: round 1: hands.Ana must be a list of card strings",
      "h.toml:4: round 1: hands.Ben must be a list of card strings",
      "h.toml:4: round 1: hands.Cleo must be a list of card strings",
      "h.toml:4: round 1: hands: no hand for Ana, Ben, Cleo (give every hand or none)"]),
    ('hands = ["R5"]\n', None, ["h.toml:4: round 1: hands must be a table: hands.Ana = [...]"]),
    ('pile = ["K5", "x"]\nremoved = [true]\n', None,
     ["h.toml:5: round 1: removed must be a list of card strings", f"h.toml:4: round 1: pile: 'x' {CARD_MSG}"]),
])
def test_a_hands_table_reads_as(table, hands, errors):
    log, found = read_log_text(HEAD + table + 'tricks = ["K9: Ana R9, Ben G9, Cleo Y9"]\n', "h.toml")
    want = None if hands is None else {p: tuple(map(Card.parse, c.split())) for p, c in hands.items()}
    assert log.rounds[0].hands == want
    assert list(log.rounds[0].hands or ()) == list(want or ())  # in the order of players
    assert [str(e) for e in found] == errors


# -- TOML errors ---------------------------------------------------------------------------------

@pytest.mark.parametrize("text, line", [
    ('players = ["A", "B", "C"]\nx =', 2),  # the end of the document: the last line
    ('players = ["A", "B", "C"]\nx = 1\nx = 2\n', 3),  # the line tomllib names
    ('players = ["A", "B", "C"]\ny = {a = 1\n\n', 2),
])
def test_a_toml_error_is_located(text, line):
    log, errors = read_log_text(text, "t.toml")
    assert log is None and errors[0].line == line and str(errors[0]).startswith(f"t.toml:{line}: invalid TOML: ")


def test_a_number_of_thousands_of_digits_is_located():
    log, errors = read_log_text('players = ["A", "B", "C"]\n\nx = ' + "9" * 5000 + "\n", "t.toml")
    assert log is None and [str(e) for e in errors] == [
        "t.toml:3: invalid TOML: a number with thousands of digits is too large to read"]


# -- a ruleset where a log belongs --------------------------------------------------------------

def test_ruleset_file_tells_rulesets_from_logs():
    rulesets = sorted((ROOT / "rulesets").glob("*.toml"))
    assert rulesets and all(load.ruleset_file(str(p)) for p in rulesets)
    assert not any(load.ruleset_file(str(p)) for p in EXAMPLES if p.name != "house.toml")


def test_a_ruleset_read_as_a_log_is_one_plain_error():
    path = ROOT / "rulesets" / "english.toml"
    log, errors = api.read_game_log(path)
    assert log is None and [str(e) for e in errors] == [
        f"{path}: a ruleset file, not a game log: give it with -r (as in `bids score GAME.toml -r FILE`)"]
    for example in EXAMPLES:
        log, errors = api.read_game_log(example)
        ruleset = [str(e) for e in errors] == [
            f"{example}: a ruleset file, not a game log: give it with -r (as in `bids score GAME.toml -r FILE`)"]
        assert (log is None and ruleset) == (example.name == "house.toml"), example


# -- reading a file ------------------------------------------------------------------------------

@pytest.mark.parametrize("size", [0, 1, 100, 4096, 70_000])
def test_read_bytes_reads_a_usual_file_in_one_read(tmp_path, monkeypatch, size):
    """A file of the size fstat gives is read whole by one read (no read to see its end)."""
    import os

    from bidscli.files import safe as files

    path = tmp_path / "g.toml"
    path.write_bytes(bytes(range(256)) * (size // 256) + b"x" * (size % 256))
    calls = []
    real = os.read
    monkeypatch.setattr(files.os, "read", lambda fd, n: calls.append(n) or real(fd, n))
    assert files.read_bytes(path, 5_000_000) == path.read_bytes()
    assert len(calls) == 1  # an empty file too: its first read sees its end
    if size:  # asks for what fstat measured and one byte more, not a 1 MiB buffer (an mmap a log)
        assert calls == [size + 1]


@pytest.mark.parametrize("step", [1, 3, 1000])
@pytest.mark.parametrize("reported", ["short", "long", "zero"])
def test_read_bytes_reads_on_when_a_read_or_fstat_says_less(tmp_path, monkeypatch, step, reported):
    """Short reads, or a size from fstat that is not the file's (a /proc file says 0, a file may
    grow or shrink meanwhile): read_bytes reads on to the end, and refuses a file over the limit."""
    import os

    from bidscli.core.errors import LimitError
    from bidscli.files import safe as files

    path = tmp_path / "g.toml"
    data = b"players = []\n" * 300
    path.write_bytes(data)
    real_read, real_fstat = os.read, os.fstat
    monkeypatch.setattr(files.os, "read", lambda fd, n: real_read(fd, min(n, step)))

    def wrong(st):  # the stat of the file, but with another size
        fields = list(st[:10])
        fields[6] = {"short": st.st_size - 7, "long": st.st_size + 7, "zero": 0}[reported]
        return os.stat_result(fields)

    real_stat = os.stat
    monkeypatch.setattr(files.os, "fstat", lambda fd, **kw: wrong(real_fstat(fd, **kw)))
    monkeypatch.setattr(files.os, "stat", lambda p, **kw: wrong(real_stat(p, **kw)))
    assert files.read_bytes(path, 5_000_000) == data
    if reported != "long":  # fstat's size passes the limit, the bytes read do not
        with pytest.raises(LimitError, match="file is over"):
            files.read_bytes(path, len(data) - 1 if reported == "zero" else len(data) - 7)


def test_a_misspelled_special_card_gets_its_name():
    # "Ana Alley" in a trick line: the nearest special card's name, in the message the player reads.
    from bidscli.core.errors import LogSyntaxError
    from bidscli.log.trickline import parse_trick

    for written, meant in (("Alley", "Ally"), ("theif", "Thief"), ("Surprize", "Surprise")):
        with pytest.raises(LogSyntaxError) as caught:
            parse_trick(f"K5: Ana {written}, Ben R2, Cleo R3")
        assert f"'{written}' is not a card (did you mean '{meant}'?): expected" in caught.value.message
    with pytest.raises(LogSyntaxError) as caught:
        parse_trick("K5: Ana R15, Ben R2, Cleo R3")
    assert "did you mean" not in caught.value.message
