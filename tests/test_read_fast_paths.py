"""Issue 12 (speed): the log reader's fast paths give what its general paths give. No timings here.

Each fast path is compared with the general path it stands for, on generated cases that reach
both sides of every condition of the fast path, and checked to be taken on the logs it is for.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from bidscli.files import bounds
from bidscli.log import load
from bidscli.log import reader as log
from bidscli.log.names import Names

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted((ROOT / "examples").glob("*.toml"))


def _check_toml_general(text: str):
    """check_toml without its fast path (the line-by-line checks alone)."""
    real = bounds._within_limits
    bounds._within_limits = lambda text: False
    try:
        return bounds.check_toml(text)
    finally:
        bounds._within_limits = real


def _texts(rng: random.Random):
    """Texts near every limit of check_toml: line lengths around MAX_KEY_CHARS, dots around
    MAX_KEY_PARTS, '=' and '[' around MAX_KEYS, deep and long keys, breaks of every kind."""
    k = bounds.MAX_KEY_CHARS
    for _ in range(400):
        lines = []
        for _ in range(rng.randrange(0, 6)):
            kind = rng.randrange(6)
            if kind == 0:  # a line around the key-length limit, of letters or of a quoted key
                n = rng.choice((k - 1, k, k + 1, k + 2))
                lines.append(rng.choice(("a" * n + " = 1", "x" * n, '"' + "b" * n + '" = 1', "[" + "c" * n + "]")))
            elif kind == 1:  # a dotted key of about MAX_KEY_PARTS parts, or dots in a string
                n = rng.choice((bounds.MAX_KEY_PARTS - 1, bounds.MAX_KEY_PARTS, bounds.MAX_KEY_PARTS + 1))
                key = ".".join("p" for _ in range(n))
                lines.append(rng.choice((key + " = 1", f'"{key}"', f"[{key}]", "notes = '" + key + "'")))
            elif kind == 2:
                lines.append(rng.choice(("", "a = 1", "[[rounds]]", 'tricks = ["K5: A R5"]', "  # x")))
            elif kind == 3:
                lines.append("=" * rng.choice((10, 300)))
            elif kind == 4:
                lines.append("x" * rng.choice((10, 255, 256, 257, 70_000)))
            else:
                lines.append("." * rng.randrange(0, 12))
        brk = rng.choice(("\n", "\r\n", "\n\u2028"))
        yield brk.join(lines) + rng.choice(("", "\n"))
    yield "=" * (bounds.MAX_KEYS - 1) + "\n" + "[\n" * 2  # just over MAX_KEYS signs, short lines
    yield "= \n" * (bounds.MAX_KEYS // 2)  # just at MAX_KEYS signs, over MAX_KEYS characters
    yield "= \n" * (bounds.MAX_KEYS // 2 + 1)


def test_within_limits_only_says_so_when_the_line_by_line_checks_agree():
    rng = random.Random(7)
    taken = refused = 0
    for text in _texts(rng):
        general = _check_toml_general(text)
        if bounds._within_limits(text):
            taken += 1
            assert general is None, repr(text[:80])
        elif general is not None:
            refused += 1
        assert str(bounds.check_toml(text)) == str(general), repr(text[:80])
    assert taken > 50 and refused > 50  # both sides reached


@pytest.mark.parametrize("text, fast", [
    ("a = 1\n" + "b" * 256 + "\n", True),
    ("a = 1\n" + "b" * 257 + "\n", False),  # a long second line: only the regular expression sees it
    ("b" * 257 + "\na = 1\n", False),  # a long first line: measured apart
    ("a.b.c.d.e.f.g.h = 1\n", True),  # 8 parts: the most a key may have
    ("a.b.c.d.e.f.g.h.i = 1\n", False),
    ("x = 1\n" * 9000, True),  # 54,000 characters: the '=' and '[' are counted, 9,000
    ("[==\n" * 16668, False),  # 50,004 of them
])
def test_within_limits_decides_by_each_limit(text, fast):
    assert bounds._within_limits(text) is fast


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_a_valid_log_is_read_without_splitting_it_into_lines(path):
    text = path.read_text(encoding="utf-8")
    assert bounds._within_limits(text)
    reader = log.LogReader(text, str(path))
    game = reader.read()
    if game is not None and not reader.errors:  # a log (house.toml is a ruleset) with nothing to report
        assert "_lines" not in reader.__dict__  # the lines were never needed


def test_newline_breaks_is_what_splitlines_says():
    """_newline_breaks skips splitlines for ASCII text with no other break character."""
    rng = random.Random(3)
    pieces = ["a", " ", "\n", "\r\n", "\r", "\x0b", "\x0c", "\x1c", "\x1d", "\x1e", "\x85", "\u2028", "é", "[[rounds]]"]
    for _ in range(3000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randrange(0, 8)))
        reader = log.LogReader(text, "t.toml")
        expected = len(text.splitlines()) == text.count("\n") + (not text.endswith("\n"))
        assert reader._newline_breaks() == expected, repr(text)


def _trick_lines_general(reader, *args):
    real = reader._listed_lines
    reader._listed_lines = lambda *a: None
    try:
        return reader._trick_lines(*args)
    finally:
        reader._listed_lines = real


def _round_texts(rng: random.Random):
    """Rounds whose tricks are written in many ways, each with the tricks the log holds."""
    names = ["K5: Ana R5, Ben G4", "K6: Ana R6, Ben G6", 'K7: Ana "R7"', "K8: Ana\\R8", "", "K5: Ana R5"]
    seps = [",\n  ", ", ", ",\n\n    ", ",  # note\n  ", " ,\n", ",\r\n  "]
    for _ in range(1500):
        tricks = [rng.choice(names) for _ in range(rng.randrange(1, 5))]
        parts = []
        for t in tricks:
            written = t.replace("\\", "\\\\").replace('"', '\\"')
            parts.append(rng.choice((f'"{written}"', f'"{written}"', f'"{written}"', f"'{t}'" if "'" not in t else f'"{written}"')))
        body = parts[0]
        for p in parts[1:]:
            body += rng.choice(seps if rng.random() < 0.3 else seps[:1]) + p
        before = rng.choice(("", 'pile = ["K5", "K6"]\n', 'notes = "K5: Ana R5, Ben G4"\n'))
        after = rng.choice(("", "]\n", '\n]\nremoved = ["R1"]\n'))
        text = (f'players = ["Ana", "Ben"]\n\n[[rounds]]\n{before}tricks = [\n  {body}\n{after}'
                f'[[rounds]]\ntricks = ["K9: Ana R9"]\n')
        yield text, tricks


def test_listed_lines_are_the_lines_the_search_finds():
    """_listed_lines (one comparison for the usual layout) against the search a trick at a time."""
    rng = random.Random(11)
    taken = 0
    for text, tricks in _round_texts(rng):
        reader = log.LogReader(text, "t.toml")
        headers = reader._round_lines()
        assert reader._header_offsets is not None
        args = (0, headers[0], headers[0], headers[1] - 1, headers[0], tricks)
        general = _trick_lines_general(reader, *args)
        assert reader._trick_lines(*args) == general, text
        offs = reader._header_offsets
        taken += reader._listed_lines(tricks, offs[0], offs[1], headers[0]) is not None
    assert 50 < taken < 1400  # both the comparison and the search are reached


def test_listed_lines_find_each_trick_on_its_own_line():
    text = ('players = ["Ana", "Ben", "Cleo"]\n[[rounds]]\ntricks = [\n  "K5: Ana R5",\n  "K6: Ben R6",\n'
            '  "K7: Cleo R7",\n]\n[[rounds]]\ntricks = ["K1: Ana R1", "K2: Ana R2"]\n')
    game = log.read_log_text(text, "t.toml")[0]
    assert [[r.line for r in rnd.tricks] for rnd in game.rounds] == [[4, 5, 6], [9, 9]]


def _trick_texts(rng: random.Random):
    """Trick lines near the usual form: names right and wrong, cards canonical, aliases and
    mistyped, commas and spaces missing or doubled, actions, revealed parts of 0-2 cards."""
    names = ["Ana", "Ben", "Cleo", "ana", "Bob", "Ana,", "Ana Maria", "Maria"]
    cards = ["R5", "G10", "K7", "-5", "2x", "Ally", "r5", "R15", "x", "R5,", ":"]
    for _ in range(5000):
        head = " ".join(rng.choice(("K5", "K1", "2x", "k5", "")) for _ in range(rng.randrange(0, 3)))
        plays = []
        for _ in range(rng.randrange(0, 5)):
            name = rng.choice(names[:3] if rng.random() < 0.6 else names)
            card = rng.choice(cards[:6] if rng.random() < 0.6 else cards)
            plays.append(f"{name}{rng.choice((' ', ' ', '  ', ''))}{card}")
        body = ""
        for k, play in enumerate(plays):
            body += (rng.choice((", ", ", ", ",", " ", ",, ", " , ")) if k else "") + play
        tail = rng.choice(("", "", "", "; Ana passes", ";", " ", ","))
        yield head + rng.choice((": ", ": ", ":", " ", "::")) + body + tail


def _usual_trick_texts(rng: random.Random):
    """Trick lines mostly in _plain_trick's usual form, each with one slip or none: a name of
    two words, in another case or with a comma, a card alias, a space or comma more or less."""
    names = ["Ana", "Ben", "Cleo", "Ana Maria", "ana", "Bob", "A,na", "Ana\tB"]
    cards = ["R5", "G10", "K7", "-5", "2x", "Ally", "Thief", "r5", "R15", "R5,"]
    for _ in range(3000):
        head = rng.choice(("K5", "K1", "2x", "Thief", "", "K5 K6", " K5", "K5 ", "k5", "K5:"))
        plays = [rng.choice(names[:3] if rng.random() < 0.9 else names) + rng.choice((" ",) * 20 + ("  ", "\t"))
                 + rng.choice(cards[:7] if rng.random() < 0.9 else cards) for _ in range(rng.randrange(0, 7))]
        body = "".join((rng.choice((", ",) * 20 + (",", " ,", ",  ", ", , ")) if k else "") + play
                       for k, play in enumerate(plays))
        yield (head + rng.choice((": ",) * 10 + (":", ":  ", " : ")) + body
               + rng.choice(("",) * 10 + (",", " ", ";") + _ACTIONS * 2 + (";".join(rng.sample(_ACTIONS, 2)),)))


_ACTIONS = ("; Ana passes", "; Ben pass", "; Ana steals R5 from Ben", ";Cleo  steals  K7 from Ana ", "; ana passes",
            "; Ana Steals R5 from Ben", "; Ana steals r5 from Ben", "; Bob passes", "; Ana steals R5 from Bob",
            "; Ana Maria passes", "; Ana steals R5 from Ana Maria", "; Ana steals R5", "; Ana", "; Ana passes now",
            "; Ana steals R5 frm Ben", "; Cleo PASSES", "; Ana steals", "; Ben R5")


def test_plain_trick_reads_what_parse_trick_and_the_name_check_read():
    """_plain_trick (one pass for the usual line) against parse_trick and _rounds' name check."""
    players = frozenset(("Ana", "Ben", "Cleo", "Ana Maria"))
    rng = random.Random(5)
    taken = 0
    log._PLAYS.clear()  # each piece is learnt here, then read from the table
    texts = list(_trick_texts(rng)) + list(_usual_trick_texts(rng))
    for text in texts + texts:
        fast = log._plain_trick(text, 3, 7, players)
        if fast is None:
            continue
        taken += 1
        general = log.parse_trick(text, 3, 7)  # raises if the line is not a trick line at all
        if general.actions or not players.issuperset(p for p, _ in general.plays):  # as _rounds does
            reader = log.LogReader(text, "t.toml")
            general = reader._names(general, Names(players), 7, 1, 3)
            assert not reader.errors, text
        assert fast == general, text
        assert [type(a) for a in fast.actions] == [type(a) for a in general.actions], text
    assert 400 < taken < 14000  # both sides reached
    assert 100 < sum(";" in t and log._plain_trick(t, 3, 7, players) is not None for t in texts)


@pytest.mark.parametrize("text", [
    "K5: Ana R5 Ben G4",  # a comma left out
    "K5: Ana R5, Ben G4,",  # a trailing comma
    "K5: Ana R5,, Ben G4",
    "K5: Ana r5, Ben G4",  # an alias: parse_trick reads it
    "K5: ana R5, Ben G4",  # a name in another case: the name check matches it
    "K5: Ana R5, Ben G4; Ana steals r5 from Ben",  # an alias in an action
    "K5: Ana R5, Ben G4; ana passes",  # a name in another case in an action
    "K5 Ana R5, Ben G4",
    "k5: Ana R5, Ben G4",
    "K5: Ana Maria R5, Ben G4",  # a name of two words
])
def test_plain_trick_leaves_every_other_line_to_parse_trick(text):
    assert log._plain_trick(text, 1, 1, frozenset(("Ana", "Ben", "Ana Maria"))) is None
    assert log._plain_trick("K5: Ana R5, Ben G4", 1, 1, frozenset(("Ana", "Ben"))) == log.parse_trick("K5: Ana R5, Ben G4", 1, 1)


def test_plain_trick_learns_plays_for_one_set_of_players_only():
    """A play learnt for one set of players is not read for another (where it is nobody's): the
    table is shared by every log, the names are checked for each line."""
    log._PLAYS.clear()
    assert log._plain_trick("K5: Cleo R5, Ana G4", 1, 1, frozenset(("Ana", "Cleo"))) is not None
    assert log._plain_trick("K5: Cleo R5, Ana G4", 1, 1, frozenset(("Ana", "Ben"))) is None
    assert log._plain_trick("K5: Ana G4, Cleo R5", 1, 1, frozenset(("Ana", "Cleo"))).plays == (
        ("Ana", log.Card.parse("G4")), ("Cleo", log.Card.parse("R5")))


def test_plain_trick_table_is_emptied_when_full(monkeypatch):
    """Memory stays flat: the tables are emptied at _PLAYS_MAX plays, and reading goes on right."""
    monkeypatch.setattr(log, "_PLAYS_MAX", 5)
    log._PLAYS.clear()
    players = frozenset(("Ana", "Ben", "Cleo"))
    for text in ("K5: Ana R5, Ben G4", "K6: Cleo R6, Ana G6", "K7: Ben R7, Cleo G7, Ana Y7", "K5: Ana R5, Ben G4"):
        assert log._plain_trick(text, 1, 1, players) == log.parse_trick(text, 1, 1)
        assert len(log._PLAYS) <= 5


def test_plain_trick_keeps_the_plays_of_each_set_of_players_apart(monkeypatch):
    """_KNOWN, the plays read for each set of players, gives a line the record parse_trick gives,
    and only for a set that holds every name; a one-play line gives a tuple of one play. The sets
    kept are bounded (_PLAYER_SETS_MAX)."""
    monkeypatch.setattr(log, "_PLAYER_SETS_MAX", 2)
    log._KNOWN.clear()
    sets = [frozenset(("Ana", "Ben")), frozenset(("Ana", "Cleo")), frozenset(("Ben", "Cleo")),
            frozenset(("Ana", "Ben", "Cleo"))]
    texts = ("K5: Ana R5", "K5: Ben R5, Cleo G4", "K6: Cleo R6, Ana G6, Ben Y6", "K5: Ana R5, Ben R5",
             "K5: Cleo R5")
    for players in sets * 3:
        for text in texts:
            general = log.parse_trick(text, 2, 9)
            fast = log._plain_trick(text, 2, 9, players)
            assert fast == (general if players.issuperset(p for p, _ in general.plays) else None), (text, players)
        assert len(log._KNOWN) <= 2
    assert log._plain_trick("K5: Ana R5", 1, 1, sets[0]).plays == (("Ana", log.Card.parse("R5")),)


def test_the_first_log_of_a_set_of_players_learns_its_plays_the_older_way():
    """A set of players met for the first time is read without trying _KNOWN first (a league whose
    tables change each game would fail that look-up on most lines); the plays it keeps give the
    next log of that set the same records."""
    log._KNOWN.clear()
    players = frozenset(("Ana", "Ben", "Cleo"))
    known, learning = log._known_plays(players)
    assert (known, learning) == ({}, True)
    texts = ("K5: Ana R5, Ben G4, Cleo Y4", "K6: Cleo R6, Ana G6, Ben Y6", "K5: Ana R5, Dan R4")
    first = [log._plain_trick(t, 2, 9, players, known, True) for t in texts]
    assert known and log._known_plays(players) == (known, False)
    assert first == [log._plain_trick(t, 2, 9, players, known, False) for t in texts]
    assert first[:2] == [log.parse_trick(t, 2, 9) for t in texts[:2]] and first[2] is None  # Dan: nobody


def test_fewer_is_a_count():
    for text in ("", ".", "a.b", "." * 7, "." * 8, "x.y." * 5, "[rounds.hands]\n" * 3):
        for n in range(12):
            assert bounds._fewer(text, ".", n) == (text.count(".") < n), (text, n)


def _players_general(names: list[str]):
    reader = log.LogReader("", "t.toml")
    real = log.all_plain_names
    log.all_plain_names = lambda names: False
    try:
        return reader._players(list(names)), [str(e) for e in reader.errors]
    finally:
        log.all_plain_names = real


def test_all_plain_names_only_says_so_when_every_name_check_passes():
    """names.all_plain (the whole list in a few C calls) against the checks name by name."""
    from bidscli.log import names

    pool = ["Ana", "Ben", "P1", "P2", "ana", "ANA", "Ana Maria", "Ana  Maria", " Ana", "Ana ", "", "A,B", "A:B",
            "A;B", "x" * 32, "x" * 33, "Jos\u00e9", "Jose\u0301", "A\tB", "A\x00", "\u202eAna", "O'Neil", "a-b", "Zoë",
            "\u00df", "SS", "ss", "K5", "Ana\n"]
    rng = random.Random(13)
    taken = 0
    for _ in range(4000):
        value = [rng.choice(pool[:4] + pool[14:15] + pool[21:23] if rng.random() < 0.5 else pool)
                 for _ in range(rng.randrange(0, 8))]
        general, errors = _players_general(value)
        if names.all_plain(value):
            taken += 1
            assert not any(names.problem(n) for n in value) and not names.same_up_to_case(value), value
            if 3 <= len(value) <= 6:
                reader = log.LogReader("", "t.toml")
                assert reader._players(list(value)) == general == tuple(value) and not errors, value
    assert 200 < taken < 3800


@pytest.mark.parametrize("value", [
    ["Ana", "ana", "Ben"], ["Ana", "Ana Maria", "Ben"], ["Ana", "Ben", ""], ["Ana", "Ben", "C,D"],
    ["Ana", "Ben", "x" * 33], ["Ana", "Ben", "Ana"], ["Ana", "Ben", "Zo\u00eb"], ["Ana", "Ben", "A\x01"],
    ["\u00df", "SS", "ss"], [],
])
def test_all_plain_names_leaves_every_other_list_to_the_checks(value):
    from bidscli.log import names

    assert not names.all_plain(value)
    assert names.all_plain(["Ana", "Ben", "P1", "O'Neil", "x" * 32])


def _read_bytes_general(path, limit):
    """What read_bytes reads, a chunk at a time to the end (as it did before its one-read path)."""
    with open(path, "rb") as f:
        data = f.read(limit + 1)
    return data


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
    assert files.read_bytes(path, 5_000_000) == _read_bytes_general(path, 5_000_000)
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


def _all_logs():
    logs = [*EXAMPLES, *sorted((ROOT / "tests" / "data").glob("*.toml")),
            *sorted((ROOT / "tests" / "fuzz_corpus" / "logs").glob("*.toml"))]
    return [p for p in logs if p.is_file()]


def test_every_log_reads_the_same_without_the_trick_fast_paths(monkeypatch):
    """Whole logs (examples, test data, the fuzz corpus, generated logs with and without hands):
    the same records and the same errors, in order, with _plain_trick and with parse_trick alone."""
    from bench.gen import CONFIGS, random_game_log, strip_deal

    texts = [(str(p), p.read_text(encoding="utf-8", errors="replace")) for p in _all_logs()]
    for i in range(12):
        name, opts = CONFIGS[i % len(CONFIGS)]
        text = random_game_log(name, 4 + i % 3, 3, opts, seed=i)
        texts.append((f"gen{i}.toml", strip_deal(text) if i % 2 else text))
    assert len(texts) > 20

    def read(text, file):
        game, errors = log.read_log_text(text, file)
        return game, [(type(e), str(e), e.line, e.round, e.trick, e.player) for e in errors]

    fast = [read(text, file) for file, text in texts]
    monkeypatch.setattr(log, "_plain_trick", lambda *a: None)
    monkeypatch.setattr(log, "_plain_hands", lambda h: None)
    assert [read(text, file) for file, text in texts] == fast


def _outcome(fn, *args):
    """What validate shows of fn's errors (or what it raises)."""
    try:
        errors = fn(*args)
    except Exception as exc:  # noqa: BLE001 - compared as it is
        return type(exc).__name__, str(exc)
    if isinstance(errors, bool):
        return errors
    return [(type(e), str(e), e.line, e.round, e.trick, e.player, e.follows) for e in errors]


def _with_lines(path):
    """api.validate's pass with lines alone (as validate was before its pass without them)."""
    from bidscli.app import api

    real = api._valid_without_lines
    api._valid_without_lines = lambda *a: False
    try:
        return _outcome(api.validate, str(path))
    finally:
        api._valid_without_lines = real


def _mutants(rng: random.Random, text: str):
    """``text`` with one slip a line: a card, a name or a word changed, a line left out or doubled."""
    lines = text.split("\n")
    words = ["R5", "G4", "K7", "P1", "P7", "Ally", "x", "steals", "passes", "[[rounds]]", '"', ",", ""]
    for _ in range(25):
        out = list(lines)
        i = rng.randrange(len(out))
        kind = rng.randrange(3)
        if kind == 0:
            parts = out[i].split(" ")
            parts[rng.randrange(len(parts))] = rng.choice(words)
            out[i] = " ".join(parts)
        elif kind == 1:
            del out[i]
        else:
            out.insert(i, out[i])
        yield "\n".join(out)


def test_validate_without_lines_finds_a_problem_exactly_when_validate_with_lines_does(tmp_path):
    """api.validate plays a log without its lines first, up to its first problem: that pass finds
    the log valid exactly when the pass with lines does (lines only locate errors), so validate's
    answer is the pass with lines'."""
    from bench.gen import CONFIGS, random_game_log, strip_deal
    from bidscli.app import api

    paths = _all_logs()
    rng = random.Random(29)
    for i in range(6):
        name, opts = CONFIGS[i % len(CONFIGS)]
        text = random_game_log(name, 4 + i % 3, 2, opts, seed=i)
        text = strip_deal(text) if i % 2 else text
        for k, mutant in enumerate([text, *_mutants(rng, text)]):
            path = tmp_path / f"gen{i}-{k}.toml"
            path.write_text(mutant, encoding="utf-8")
            paths.append(path)
    clean = 0
    for path in paths:
        with_lines = _with_lines(path)
        valid = _outcome(api._valid_without_lines, str(path), None, (), False)  # or what it raised
        assert (valid is True) == (with_lines == []), path
        clean += with_lines == []
        assert _outcome(api.validate, str(path)) == with_lines, path
    assert 10 < clean < len(paths) - 50  # valid and invalid logs both


def test_validate_finds_no_line_of_a_valid_log_and_every_line_of_an_invalid_one(tmp_path, monkeypatch):
    from bench.gen import random_game_log
    from bidscli.app import api

    text = random_game_log("english", 4, 2, {}, seed=3)
    path = tmp_path / "g.toml"
    path.write_text(text, encoding="utf-8")
    calls = []
    real = log.LogReader._round_lines
    monkeypatch.setattr(log.LogReader, "_round_lines", lambda self: calls.append(1) or real(self))
    assert api.validate(str(path)) == [] and calls == []  # no line was looked for
    lines = text.split("\n")
    at = next(i for i, line in enumerate(lines) if line.startswith('    "K') and ": P1 " in line)
    lines[at] = lines[at].replace(": P1 ", ": P9 ")
    path.write_text("\n".join(lines), encoding="utf-8")
    errors = api.validate(str(path))
    assert errors and errors[0].line == at + 1 and calls  # located by the pass with lines


def _toml_files():
    """Every TOML file of the repository's tests and examples: logs, rulesets, the fuzz corpus."""
    found = [*_all_logs(), *sorted((ROOT / "rulesets").glob("*.toml")),
             *sorted((ROOT / "tests" / "fuzz_corpus" / "rulesets").glob("*.toml"))]
    return [p for p in found if p.is_file()]


def test_ruleset_file_reads_what_tomllib_reads(tmp_path):
    """load.ruleset_file parses with tomlread (rtoml for a plain text), as it did with tomllib."""
    import tomllib

    from bidscli.rules.knobs import SECTIONS

    def general(path):
        try:
            text = path.read_text(encoding="utf-8").removeprefix("\ufeff")
            if bounds.check_toml(text, "ruleset") is not None:
                return False
            data = tomllib.loads(text)
        except (ValueError, RecursionError, MemoryError):
            return False
        return ("players" not in data and "rounds" not in data
                and ("extends" in data or any(isinstance(data.get(s), dict) for s in SECTIONS)))

    extra = ['extends = "english"\n', '[thief]\nx = { a = 1,\n b = 2 }\n', 'extends = "a\\eb"\n',
             '[scoring]\nat = 10:30\n', 'players = ["A"]\n[thief]\n', "[thief\n"]
    paths = _toml_files()
    for k, text in enumerate(extra):
        (tmp_path / f"r{k}.toml").write_text(text, encoding="utf-8")
        paths.append(tmp_path / f"r{k}.toml")
    answers = [load.ruleset_file(str(p)) for p in paths * 2]  # the second time past RTOML_AFTER
    assert answers == [general(p) for p in paths * 2]
    assert 3 < sum(answers) < len(answers) - 20


def test_read_game_log_asks_whether_a_log_is_a_ruleset_only_when_it_is_unusable(monkeypatch):
    """read_game_log skips ruleset_file for a log the reader made (it has players, so it is no
    ruleset): the same answer as asking for every log with a problem."""
    from bidscli.app import api

    def general(path):
        game, errors = log.read_log(path)
        if errors and load.ruleset_file(str(path)):
            return None, ["a ruleset file"]
        return game, [str(e) for e in errors]

    asked = []
    real = load.ruleset_file
    monkeypatch.setattr(load, "ruleset_file", lambda p: asked.append(p) or real(p))
    for path in _toml_files():
        game, errors = api.read_game_log(path)
        shown = [str(e) if "ruleset file, not a game log" not in str(e) else "a ruleset file" for e in errors]
        assert (game, shown) == general(path), path
    assert asked


def test_plain_hands_reads_what_the_hand_checks_read():
    """_plain_hands (every hand in one comprehension, taken when the keys are the players as
    spelled) against _hands, the check of each hand, on tables with every slip."""
    players = ("Ana", "Ben", "Cleo")
    pset = frozenset(players)
    keys = ["Ana", "Ben", "Cleo", "ana", "Bob", "Ana "]
    values = [["R5", "G4"], [], ["K7", "Ally", "-5", "2x"], ["r5"], ["R15"], "R5", "", {"R5": 1}, ("R5",),
              ["R5", ["G4"]], ["R5", 5], None]
    rng = random.Random(19)
    taken = 0
    for _ in range(3000):
        table = {}
        pool = keys[:3] if rng.random() < 0.6 else keys
        for k in rng.sample(pool, rng.randrange(0, min(5, len(pool) + 1))):
            table[k] = rng.choice(values[:3] if rng.random() < 0.7 else values)
        reader = log.LogReader("", "t.toml")
        general = reader._hands(table, 1, 1, 1, None, players, pset, Names(players))
        if len(table) == len(pset) and pset.issuperset(table):  # where _rounds asks _plain_hands first
            fast = log._plain_hands(table)
            if fast is not None:
                taken += 1
                assert fast == general and not reader.errors, table
                assert list(fast) == list(general), table  # the same order
    assert 200 < taken < 2500


def test_cards_of_is_the_map_of_canonical_tokens():
    """_cards_of (one itemgetter call) gives what tuple(map(_canonical, ...)) gives, or raises
    where it raises (KeyError or TypeError), for lists of none, one and more tokens."""
    import itertools

    tokens = ["R5", "G4", "Ally", "-5", "r5", "x", 5, None, ["R5"]]

    def outcome(fn, value):
        try:
            return fn(value)
        except (KeyError, TypeError):
            return "refused"

    for n in range(4):
        for value in itertools.product(tokens, repeat=n):
            value = list(value)
            general = outcome(lambda v: tuple(map(log._canonical, v)), value)
            assert outcome(log._cards_of, value) == general, value
    assert log._cards_of(["R5"]) == (log.Card.parse("R5"),)  # a tuple of one card, not the card


def test_all_plain_names_remembered_is_what_the_checks_say(monkeypatch):
    """names.all_plain remembers its answer for each list: the same answer as _all_plain, for lists
    met again, in another order or case, and after the table is emptied (it stays small)."""
    from bidscli.log import names

    monkeypatch.setattr(names, "_PLAIN_LISTS_MAX", 7)
    names._PLAIN_LISTS.clear()
    pool = ["Ana", "ana", "Ben", "A,B", "Cleo", "x" * 33, "Zo\u00eb", "P1"]
    rng = random.Random(17)
    for _ in range(500):
        value = rng.sample(pool, rng.randrange(0, 5))
        assert names.all_plain(value) == names._all_plain(value), value
        assert names.all_plain(list(value)) == names._all_plain(value), value
        assert len(names._PLAIN_LISTS) <= 7


def test_long_line_is_found_from_the_start_as_line_by_line():
    """bounds._LONG_LINE, matched once from the start of the text, finds a line over
    MAX_KEY_CHARS exactly when measuring each line (split at "\\n", as TOML counts) does."""
    k = bounds.MAX_KEY_CHARS
    rng = random.Random(23)
    found = 0
    for _ in range(3000):
        lines = [rng.choice(("x", "é", "\r", "\u2028", " ", "a.b")) * rng.choice((0, 1, 40, k - 1, k, k + 1, k + 2, 600))
                 for _ in range(rng.randrange(0, 6))]
        text = "\n".join(lines) + rng.choice(("", "\n", "\r\n"))
        longest = max(map(len, text.split("\n")))
        assert (bounds._LONG_LINE.match(text) is not None) == (longest > k), (longest, [len(line) for line in lines])
        found += longest > k
    assert 500 < found < 2900
