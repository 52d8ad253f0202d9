"""Issue 12 (speed): what the fast paths must keep exactly as it was. No timings here."""

from __future__ import annotations

import json
import os
import re
import sys
import tomllib
from pathlib import Path

import pytest
from click.testing import CliRunner

import bidscli
from bidscli.cli.main import main

ROOT = Path(__file__).resolve().parent.parent


def test_version_is_the_packages():
    """cli.py names the version explicitly (no importlib.metadata at start-up): it must not drift."""
    meta = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert bidscli.__version__ == meta["project"]["version"]
    res = CliRunner().invoke(main, ["--version"])
    assert res.output == f"bids, version {bidscli.__version__}\n"


def test_score_imports_only_what_it_needs():
    """A one-log score table imports no importlib.metadata (click's version look-up) and no
    rtoml, csv or JSON encoder (start-up)."""
    import subprocess

    code = ("import sys; from bidscli.cli.main import main\n"
            "try:\n    main(['score', 'examples/friday-4p.toml'])\nexcept SystemExit:\n    pass\n"
            "late = sorted({'importlib.metadata', 'csv', 'orjson', 'rtoml'} & set(sys.modules))\n"
            "assert not late, late\n"
            # the web stack is bids serve's alone (cli/serve.py, cli/web.py)
            "web = sorted(m for m in sys.modules if m.split('.')[0] in {'starlette', 'uvicorn', 'segno', 'anyio', "
            "'h11', 'httpx', 'asyncio'} or m in {'bidscli.cli.serve', 'bidscli.cli.web', 'bidscli.app.table'})\n"
            "assert not web, web")
    res = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert res.returncode == 0, res.stderr
    assert "Winner:" in res.stdout



def test_a_command_imports_its_own_module_only():
    """The group imports a command's module when that command runs (start-up, issue 21):
    `bids score` loads play.py and none of the other command modules; `bids --help` loads none
    and still lists every command with its short help."""
    import subprocess

    code = ("import sys; from bidscli.cli.main import main\n"
            "try:\n    main(sys.argv[1:])\nexcept SystemExit:\n    pass\n"
            "print(sorted(m for m in sys.modules if m in {f'bidscli.cli.{n}' for n in "
            "('play', 'compare', 'sim', 'rules', 'record', 'recordio', 'season', 'examples', 'serve', 'web')}))")
    def loaded(*argv):
        res = subprocess.run([sys.executable, "-c", code, *argv], cwd=ROOT, capture_output=True, text=True)
        assert res.returncode == 0, res.stderr
        return res.stdout.splitlines()[-1], res.stdout

    assert loaded("score", "examples/friday-4p.toml")[0] == "['bidscli.cli.play']"
    modules, text = loaded("--help")
    assert modules == "[]"
    listed = text.split("Commands:", 1)[1].split()
    for name in ("deal", "diff", "disputes", "examples", "record", "replay", "report", "rules", "score",
                 "season", "serve", "simulate", "study", "validate"):
        assert name in listed
    assert "The same deal under several rulesets, side by side." in text


def test_a_score_table_wider_than_the_terminal_is_wrapped_to_fit():
    import subprocess

    narrow, wide = (subprocess.run([sys.executable, "-m", "bidscli", "score", "examples/thief-6p.toml"], cwd=ROOT,
                                   capture_output=True, text=True, env={**os.environ, "COLUMNS": columns}).stdout
                    for columns in ("50", "200"))
    def rows(text):  # between the heading line and the Winner line (the LL note follows it)
        lines = text.splitlines()
        return lines[1:next(i for i, line in enumerate(lines) if line.startswith("Winner"))]

    table, natural = rows(narrow), rows(wide)
    assert len(natural) == 8 and len(table) > 8, narrow  # wrapped rows take more lines than players
    assert max(map(len, table)) < max(map(len, natural)), narrow


TRICKY = [
    {"file": "a\u2028b\x7f\x1b\x00\t\"\\/é😀", "rounds": [], "x": {}, "n": [1, [2, {}]], "v": None, "ok": True},
    {"big": 2**63 - 1, "neg": -2**63, "bigger": 2**70},  # past 64 bits: json.dumps takes over
    {1: "int key", None: "none key"}, {True: "bool key"},  # non-string keys: json.dumps takes over
    {"file": "bad-\udcff.toml"},  # a lone surrogate (a non-UTF-8 file name): json.dumps takes over
    [], {}, "text", 0,
]


def test_dumps_plain_is_json_dumps(monkeypatch):
    """Byte-identical to json.dumps, after the one JSON sanitiser (sanitize.json_text: DEL, C1
    controls and direction marks as \\u escapes, a non-UTF-8 file-name byte as a visible \\xNN)."""
    from bidscli.core.sanitize import json_text
    from bidscli.report import render as report

    for doc in TRICKY:
        assert report.dumps_plain(doc) == json_text(json.dumps(doc, indent=2, ensure_ascii=False)), doc
    monkeypatch.setitem(sys.modules, "orjson", None)  # no wheel on this platform: the fallback
    for doc in TRICKY:
        assert report.dumps_plain(doc) == json_text(json.dumps(doc, indent=2, ensure_ascii=False)), doc


def test_a_list_made_of_list_items_is_json_dumps_of_the_list(monkeypatch):
    """`score --format json` over many logs prints each log's document as made in its printed shape
    (list_item_json), the list byte for byte json.dumps of the list, with orjson and without."""
    from bidscli.core.sanitize import json_text
    from bidscli.report import render as report

    docs = [d for d in TRICKY if isinstance(d, dict)]
    for fallback in (False, True):
        if fallback:
            monkeypatch.setitem(sys.modules, "orjson", None)
        for n in (1, 2, len(docs)):
            parts: list[str | bytes] = []
            writer = report.JsonListWriter(parts.append)
            for doc in docs[:n]:
                writer.shaped(report.list_item_json(doc))
            writer.close()
            printed = b"".join(p if isinstance(p, bytes) else p.encode() for p in parts)
            assert printed == (json_text(json.dumps(docs[:n], indent=2, ensure_ascii=False)) + "\n").encode()


def test_toml_reader_messages_are_tomllibs():
    """The log reader's TOML parser (tomli's wheel, or tomllib) words errors as tomllib does."""
    import tomllib

    from bidscli.files import tomlread

    # The last four are TOML 1.1 (an inline table over lines, the \e and \x escapes, a time without
    # seconds): tomllib (TOML 1.0) refuses them, and so must the log reader (tomli < 2.4).
    for text in ['a = 1\nb = "x\n', "a = [1, 2\n", "x = 1\nx = 2\n", "[t]\nk = \n", 'k = "\x07"\n',
                 "a = {x = 1,\n y = 2}\n", 'a = "\\e"\n', 'a = "\\x41"\n', "a = 07:32\n"]:
        with pytest.raises(tomllib.TOMLDecodeError) as want:
            tomllib.loads(text)
        with pytest.raises(tomlread.TOMLDecodeError) as got:
            tomlread.loads(text)
        assert str(got.value) == str(want.value)
        assert not hasattr(got.value, "lineno")  # the line is read from the message, as on Python 3.11


# -- --jobs N: the same bytes as --jobs 1, in argument order ------------------------------

MANY = ["examples/thief-6p.toml", "examples/broken.toml", "examples/friday-4p.toml", "tests/outside",
        "examples/colour-5p.toml", "tests/data/disputes-3r-4p.toml", "examples/lowest-3p.toml"]


def _files(args):
    from bidscli.app.batch import iter_log_paths

    return [str(p) for p in iter_log_paths(args)]


@pytest.mark.parametrize("argv", [
    ["score", "--format", "csv"], ["score", "--format", "json"], ["score"],
    ["validate"], ["validate", "--format", "json", "--summary"], ["validate", "--format", "json"],
])
def test_jobs_output_is_byte_identical(argv):
    args = MANY if argv[0] == "validate" else _files(MANY)
    assert len(args) > 20 or argv[0] == "validate"
    runs = [CliRunner().invoke(main, [*argv, *args, "--jobs", j]) for j in ("1", "2", "3")]
    assert runs[0].exit_code == 1 and runs[0].stdout  # broken logs among them

    def said(res):  # what the run says, but the note on a --jobs past the machine's cores
        return [line for line in res.stderr.splitlines() if not line.startswith("note: --jobs ")]

    for res in runs[1:]:
        assert (res.exit_code, res.stdout, said(res)) == (runs[0].exit_code, runs[0].stdout, said(runs[0]))


def test_errors_survive_the_trip_from_a_worker():
    """--jobs sends validate's errors between processes: every error class pickles whole."""
    import importlib
    import pickle
    import pkgutil

    import bidscli
    from bidscli.core.errors import BidsError

    for mod in pkgutil.walk_packages(bidscli.__path__, "bidscli."):
        if not mod.name.endswith("__main__"):
            importlib.import_module(mod.name)
    todo, classes = [BidsError], []
    while todo:
        cls = todo.pop()
        classes.append(cls)
        todo.extend(cls.__subclasses__())
    assert len(classes) > 5
    for cls in classes:
        try:
            err = cls("a message", file="f.toml", line=3, round=1, trick=2, player="Ana")
        except TypeError:
            continue  # a class with its own constructor is not raised by validate
        back = pickle.loads(pickle.dumps(err))
        assert (type(back), str(back), back.to_json()) == (cls, str(err), err.to_json())


def test_choose_jobs(monkeypatch):
    from bidscli.app import parallel
    from bidscli.app.parallel import choose_jobs, cores

    assert choose_jobs(3, 2) == 2 and choose_jobs(1, 1000) == 1 and choose_jobs(0, 1000) == cores()
    for n, want in [(1, 1), (2, 1), (8, 1)]:  # the default (auto) on machines of n cores
        monkeypatch.setattr(parallel, "cores", lambda n=n: n)
        assert choose_jobs(None, 1) == 1 and choose_jobs(None, 99) == 1  # below AUTO_MIN_LOGS: one process
        assert choose_jobs(None, 100) == min(n, 2)  # a worker per 50 logs
        assert choose_jobs(None, 10_000) == n  # at most one per core
        assert choose_jobs(None, 149) == min(n, 2) and choose_jobs(None, 150) == min(n, 3)
        assert parallel.head_for_auto() == max(100, 50 * n)


@pytest.fixture
def workers_used(monkeypatch, tmp_path):
    """120 copies of a log in tmp_path on a 2-core machine; the list of each worker count asked
    of parallel.map_ordered (which then works in this process)."""
    from bidscli.app import parallel

    for i in range(120):
        (tmp_path / f"g{i:03}.toml").write_text(Path("examples/friday-4p.toml").read_text(encoding="utf-8"))
    used = []
    monkeypatch.setattr(parallel, "cores", lambda: 2)
    monkeypatch.setattr(parallel, "map_ordered", lambda func, items, extra, jobs, **kw: used.append(jobs) or
                        (func(item, *extra) for item in items))
    return used


def test_validate_chooses_its_default_jobs_from_the_paths_it_finds(workers_used, tmp_path):
    """A folder of 120 logs is one argument: the default --jobs comes from the logs found in it."""
    from bidscli.app import batch

    used = workers_used
    results = list(batch.validate_paths([str(tmp_path)], jobs=None))
    assert used == [2] and len(results) == 120 and not any(r.errors for r in results)
    assert [r.path for r in results] == sorted(str(p) for p in tmp_path.iterdir())
    used.clear()
    assert len(list(batch.validate_paths([str(tmp_path / "g000.toml")] * 99, jobs=None))) == 99 and used == []


def test_a_played_game_leaves_no_reference_cycle():
    """Each log's objects die by reference counting, so memory stays flat over any number of logs
    without a collection cadence: score, validate, a re-play under other rulesets (diff, season)
    and a what-if copy leave nothing for the cycle collector, nor does a log's mistake (an error
    is kept for its message, not the frames that found it)."""
    import gc

    from bidscli.analysis import variants
    from bidscli.app import api, batch, season, stream
    from bidscli.log.load import read

    logs = ("examples/thief-6p.toml", "examples/colour-5p.toml", "tests/outside/o09_3p_english_deferred_thief.toml")
    broken = ("examples/broken.toml", "tests/outside/broken/b03_missing_player.toml")
    gc.collect()
    gc.disable()
    try:
        for log in logs:
            loaded, result = api.score(log)
            del loaded, result
            assert api.validate(log) == []
            d = api.diff(log, ["english", "japanese"], lenient=True)
            del d
            rulesets, labels, _ = api.loaded_rulesets(["english"])
            pl = variants.plays(read(log), rulesets, labels, lenient=True, explain=False)
            del pl
        for log in broken:
            found = list(batch.validate_paths([log]))
            assert found[0].errors
            item = stream.score_item(log, None, (), "table")
            assert item.error
            scored = [season.score_one(log, refs) for refs in ((), ("english", "japanese"))]
            assert all(s.left_out for s in scored)
            del found, item, scored
        assert gc.collect() == 0
    finally:
        gc.enable()


# Comment text around the keys: quotes, escapes, '=', '.', brackets and key-like text.
NOISE = ['"', "'", "\\", "=", ".", "]", "[", " ", "a", "R5", "K5: Ana R5", ",", 'leader = "Ana"', "tricks = ["]
# Legal english 3-player tricks (no blue: the lines before the faulty one are played and checked).
TRICKS = [["K5: Ana R5, Ben G4, Cleo Y3", "K6: Ana R6, Ben G6, Cleo Y7", "K7: Cleo R7, Ana G7, Ben Y6"],
          ["K5: Ben R5, Cleo G4, Ana Y3", "K6: Ben R6, Cleo G6, Ana Y7", "K7: Ana R7, Ben G7, Cleo Y6"]]


def _faulty_log(rng):
    """A log laid out at random (key spellings and order, comments, blank lines, one trick a line
    or all on one) with a fault at known lines: an unknown key and option, in a round an unknown
    key, a leader who is no player, and a trick with a card that does not exist. The text, and
    the line of each fault."""
    lines, want = [], {}

    def put(text, fault=None):
        for _ in range(rng.randrange(3)):
            lines.append(rng.choice(["", "# " + "".join(rng.choice(NOISE) for _ in range(rng.randrange(8)))]))
        if fault:
            want[fault] = len(lines) + 1
        lines.extend(text.split("\n"))

    def tricks_of(r):
        tricks, bad = list(TRICKS[r - 1]), rng.randrange(3)
        tricks[bad] = re.sub(r"Y(\d)$", r"Z\1", tricks[bad])  # the last play: Z is no colour
        quoted = [rng.choice(['"{}"', "'{}'"]).format(t) for t in tricks]
        if rng.random() < 0.5:
            put("tricks = [" + ", ".join(quoted) + "]", f"{r}/{bad + 1}: not a card")
        else:
            put("tricks = [")
            for i, t in enumerate(quoted):
                put(f"  {t},", f"{r}/{i + 1}: not a card" if i == bad else None)
            put("]")

    top = [lambda: put(rng.choice(['ruleset = "english"', "\"ruleset\" = 'english'", 'ruleset="english"',
                                   '  ruleset = "english"  # the rules'])),
           lambda: put(rng.choice(['players = ["Ana", "Ben", "Cleo"]', "players = ['Ana', \"Ben\", 'Cleo']",
                                   'players = [\n  "Ana",\n  "Ben",\n  "Cleo",\n]'])),
           lambda: put(rng.choice(["colour = 1", '"colour" = "red"', 'colour = "a = b"', "colour = ['x', \"y\"]"]),
                       "unknown key 'colour'")]
    rng.shuffle(top)
    for f in top:
        f()
    put(rng.choice(["[options]", "[ options ]", '["options"]']))
    opts = [lambda: put("minus_five = true"),
            lambda: put(rng.choice(["thiefs = true", '"thiefs" = true', "thiefs=true"]), "unknown option 'thiefs'")]
    rng.shuffle(opts)
    for f in opts:
        f()
    for r in (1, 2):
        put(rng.choice(["[[rounds]]", "[[ rounds ]]", "  [[rounds]]  # round"]))
        keys = [lambda r=r: tricks_of(r)]
        if rng.random() < 0.7:
            keys.append(lambda r=r: put(rng.choice(['leeder = "Ana"', '"leeder" = "Ana"']),
                                        f"{r}: unknown round key 'leeder'"))
        if rng.random() < 0.7:
            keys.append(lambda r=r: put(rng.choice(['leader = "Nob"', "leader = 'Nob'"]), f"{r}: leader 'Nob'"))
        rng.shuffle(keys)
        for f in keys:
            f()
    put("")
    return "\n".join(lines), want


def test_errors_name_the_line_of_the_key_or_trick_at_fault(tmp_path):
    """However a log is laid out, each error's line is the line of what it names (the lines are
    found by searching the text, past comments and strings that look like keys: issue 12)."""
    import random

    def named(error):
        m = error["message"]
        if "is not a card" in m:
            return f"{error['round']}/{error['trick']}: not a card"
        if error["round"] is not None:
            return f"{error['round']}: " + m.split(" (")[0].split(": expected")[0].removesuffix(" is not a player")
        return m.split(" (")[0].split(":")[0]

    path = tmp_path / "t.toml"
    for seed in range(150):
        rng = random.Random(seed)
        text, want = _faulty_log(rng)
        path.write_bytes(text.replace("\n", rng.choice(["\n", "\r\n"])).encode())
        res = CliRunner().invoke(main, ["validate", "--format", "json", str(path)])
        errors = json.loads(res.stdout)["errors"]
        assert {named(e): e["line"] for e in errors if not e["follow_on"]} == want, (seed, text)


def test_printed_text_and_json_escape_exactly_what_they_say():
    """sanitize's contract, character by character (its module docstring): in text, C0 controls
    but tab and newline (a carriage return only when no newline follows), DEL and C1 as \\xNN,
    direction marks as \\uNNNN, an undecodable file-name byte (a lone surrogate U+DC80-U+DCFF) as
    \\xNN, any other lone surrogate as U+FFFD; in JSON, DEL, C1 and direction marks as \\u
    escapes, the file-name byte as a visible \\xNN, other surrogates as U+FFFD."""
    import random

    from bidscli.core import sanitize

    marks = {0x200E, 0x200F, *range(0x202A, 0x202F), *range(0x2066, 0x206A)}

    def in_text(text):
        out = []
        for i, ch in enumerate(text):
            n = ord(ch)
            if ch == "\r":
                out.append(ch if text[i + 1:i + 2] == "\n" else "\\x0d")
            elif (n < 0x20 and ch not in "\t\n") or 0x7F <= n <= 0x9F:
                out.append(f"\\x{n:02x}")
            elif n in marks:
                out.append(f"\\u{n:04x}")
            elif 0xDC80 <= n <= 0xDCFF:
                out.append(f"\\x{n - 0xDC00:02x}")
            elif 0xD800 <= n <= 0xDFFF:
                out.append("\ufffd")
            else:
                out.append(ch)
        return "".join(out)

    def in_json(text):
        out = []
        for ch in text:
            n = ord(ch)
            if 0x7F <= n <= 0x9F or n in marks:
                out.append(f"\\u{n:04x}")
            elif 0xDC80 <= n <= 0xDCFF:
                out.append(f"\\\\x{n - 0xDC00:02x}")
            elif 0xD800 <= n <= 0xDFFF:
                out.append("\ufffd")
            else:
                out.append(ch)
        return "".join(out)

    rng = random.Random(5)
    alphabet = ["a", " ", "\n", "\r", "\r\n", "\t", "\x00", "\x0b", "\x1b", "\x7f", "\x85", "\x9f", "é", "😀",
                "\u200e", "\u202e", "\u2069", "\udcff", "\udc80", "\ud83d", "{", '"', "\\"]
    for _ in range(3000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randrange(0, 8)))
        assert sanitize.terminal(text) == in_text(text), repr(text)
        assert sanitize.json_text(text) == in_json(text), repr(text)
        doc = sanitize.json_dumps({"s": text})
        doc.encode("utf-8")  # always valid UTF-8
        # Read back: the same text, but for the file-name byte (\xNN) and other surrogates (U+FFFD).
        back = re.sub("[\udc80-\udcff]", lambda m: f"\\x{ord(m.group()) - 0xDC00:02x}", text)
        assert json.loads(doc)["s"] == re.sub("[\ud800-\udfff]", "\ufffd", back), repr(text)


def test_trick_lines_are_found_in_every_way_a_trick_can_be_written():
    """LogReader finds each trick's line by searching the text (issue 12); the line must be the
    one that holds the trick, however the array is written (one line, one trick a line, literal
    strings, a trick written twice, CRLF breaks, hands before the tricks)."""
    from bidscli.log import reader as log

    trick = ["K5: Ana R5, Ben G4, Cleo B3", "K6: Ana R6, Ben G6, Cleo B6", "K7: Ana R7, Ben G7, Cleo B7"]
    bodies = {
        "one per line": 'tricks = [\n  "{0}",\n  "{1}",\n  "{2}",\n]\n',
        "one line": 'tricks = ["{0}", "{1}", "{2}"]\n',
        "literal": "tricks = [\n  '{0}',\n  \"{1}\",\n  '{2}',\n]\n",
        "repeated": 'tricks = [\n  "{0}",\n  "{0}",\n  "{2}",\n]\n',
        "hands first": 'hands.Ana = ["R5"]\nhands.Ben = ["G4"]\nhands.Cleo = ["B3"]\n'
                       'pile = [\n  "K5",\n  "K6",\n]\ntricks = [\n  "{0}",\n  "{1}",\n  "{2}",\n]\n',
    }
    for name, body in bodies.items():
        for eol in ("\n", "\r\n"):
            text = 'ruleset = "english"\nplayers = ["Ana", "Ben", "Cleo"]\n'
            text += "".join(f"\n# round {r}\n[[rounds]]\n" + body.format(*trick) for r in (1, 2))
            text = text.replace("\n", eol)
            reader = log.LogReader(text, "t.toml")
            game = reader.read()
            lines = text.split(eol)
            assert game.ruleset_line == 1
            for rnd in game.rounds:
                previous = 0
                for rec in rnd.tricks:
                    assert rec.text in lines[rec.line - 1], (name, eol, rnd.number, rec.number)
                    assert rec.line >= previous and rec.line > rnd.line, (name, eol, rnd.number, rec.number)
                    if name != "one line":
                        assert rec.line > previous, (name, eol, rnd.number, rec.number)
                    previous = rec.line


def test_ruleset_line_is_found_by_one_search():
    from bidscli.log import reader as log

    for text, line in [
        ('# a game\n\n  ruleset = "english"\nplayers = ["A", "B", "C"]\n[[rounds]]\ntricks = []\n', 3),
        ('players = ["A", "B", "C"]\n"ruleset" = "english"\n[[rounds]]\ntricks = []\n', 2),
        ('rulesets_old = 1\nplayers = ["A", "B", "C"]\nruleset="english"\n[[rounds]]\ntricks = []\n', 3),
        ('players = ["A", "B", "C"]\r\n\r\nruleset = "english"\r\n[[rounds]]\r\ntricks = []\r\n', 3),
        ('players = ["A", "B", "C"]\n# a\u2028b\nruleset = "english"\n[[rounds]]\ntricks = []\n', 4),
    ]:
        reader = log.LogReader(text, "t.toml")
        game = reader.read()
        assert game is not None and game.ruleset_line == line, text


@pytest.mark.parametrize("argv, workers", [
    (["validate"], [2]), (["validate", "--jobs", "1"], []), (["validate", "--jobs", "2"], [2]),
    (["validate", "--progress"], [2]), (["validate", "--progress", "--jobs", "1"], []),
    (["score", "--format", "csv"], [2]), (["score", "--format", "csv", "--jobs", "1"], []),
])
def test_the_command_line_uses_the_workers_it_says(argv, workers, workers_used, tmp_path):
    """--jobs 1 is one process (no worker) for any number of logs; the default is automatic."""
    used = workers_used
    logs = [str(tmp_path)] if argv[0] == "validate" else sorted(str(p) for p in tmp_path.iterdir())
    res = CliRunner().invoke(main, [*argv, *logs])
    assert res.exit_code == 0, res.output
    assert used == workers


def test_exit_still_flushes_and_runs_exit_handlers():
    """The freeze at exit (cli.main.prepare_process; issue 12: teardown) changes nothing a user
    or a library sees at exit:
    output is complete, other exit handlers run, the exit code stays."""
    import subprocess

    code = ("import atexit\nfrom bidscli.cli.main import main\n"
            "atexit.register(lambda: print('handler ran', flush=True))\n"
            "main(['score', 'examples/friday-4p.toml', 'examples/broken.toml'])")
    res = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert res.returncode == 1, res.stderr  # broken.toml: invalid input
    assert "Winner: Dev with 48" in res.stdout and res.stdout.endswith("handler ran\n")
    assert res.stderr.startswith("error: examples/broken.toml:")


def test_csv_rows_spooled_to_a_file_are_the_same(monkeypatch):
    """CSV rows wait for the header in a spool that moves to a temporary file past SPOOL_BYTES
    (64 KiB: the 300-log bench already passes it); the bytes are the same either way."""
    from bidscli.app import stream

    args = ["score", "--format", "csv", "--jobs", "1", *_files(MANY)]
    in_memory = CliRunner().invoke(main, args)
    monkeypatch.setattr(stream, "SPOOL_BYTES", 10)  # rolled over after the first row
    on_disk = CliRunner().invoke(main, args)
    assert in_memory.stdout.count("\n") > 20
    assert (on_disk.exit_code, on_disk.stdout, on_disk.stderr) == (in_memory.exit_code, in_memory.stdout,
                                                                     in_memory.stderr)


def _double(x, k):
    return x * k


def test_workers_take_items_only_as_the_caller_takes_results():
    """Memory stays flat when the output is slow (a pager): map_ordered hands out at most
    IN_FLIGHT chunks a worker beyond what the caller has taken. Pool.imap read every item and
    held every result while the caller waited (270 MiB for 3,000 logs' JSON behind `less`)."""
    from bidscli.app import parallel

    taken = []

    def items():
        for i in range(1000):
            taken.append(i)
            yield i

    jobs, chunk = 2, 4
    results = parallel.map_ordered(_double, items(), (3,), jobs, chunk=chunk)
    window = parallel.IN_FLIGHT * jobs
    first = [next(results) for _ in range(chunk)]  # the whole first chunk
    assert first == [0, 3, 6, 9]
    # The window, plus the one chunk sent out when the first was taken.
    assert len(taken) == (window + 1) * chunk
    assert list(results) == [3 * i for i in range(chunk, 1000)]  # the rest, in order
    assert len(taken) == 1000


def test_a_long_run_gives_every_item_once_in_order():
    """Chunks grow as a run goes on (a scheduling detail, measured in docs/performance.md): every
    item still comes back once, in order, whatever the chunk sizes."""
    from bidscli.app import parallel

    assert list(parallel.map_ordered(_double, iter(range(10_000)), (3,), 2)) == [3 * i for i in range(10_000)]
    assert list(parallel.map_ordered(_double, range(3000), (2,), 2, max_chunk=16)) == [2 * i for i in range(3000)]
