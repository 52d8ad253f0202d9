"""The log reader's TOML: rtoml for plain texts, tomli for the rest, always tomllib's language.

tomlread.loads must give what tomllib.loads gives for every text: the same data, or an error
with tomllib's message. rtoml reads more than tomllib (TOML 1.1, a byte-order mark), so the
fast path is screened (tomlread.plain); these tests hold the screen to that, by hand-picked
cases of everything rtoml reads differently and by generated log-like documents.
"""

from __future__ import annotations

import math
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bidscli.files import tomlread

ROOT = Path(__file__).resolve().parent.parent
rtoml = pytest.importorskip("rtoml", reason="rtoml's wheel is not installed: only tomli reads")


def _rtoml_on(monkeypatch) -> list[str]:
    """tomlread with rtoml on from the first text (as after RTOML_AFTER texts); the texts it read."""
    used = []

    def counted(text):
        out = rtoml.loads(text)
        used.append(text)
        return out

    monkeypatch.setattr(tomlread, "_read", tomlread.RTOML_AFTER)
    monkeypatch.setattr(tomlread, "_rtoml_loads", counted)
    return used


@pytest.fixture
def fast(monkeypatch):
    return _rtoml_on(monkeypatch)


def _norm(x):
    """Data with NaN made comparable and each value's type kept (1 and 1.0 and True differ)."""
    if isinstance(x, float) and math.isnan(x):
        return "NaN"
    if isinstance(x, dict):
        return {k: _norm(v) for k, v in x.items()}
    if isinstance(x, list):
        return [_norm(v) for v in x]
    return (type(x).__name__, x)


def _outcome(loads, text):
    try:
        return "data", _norm(loads(text))
    except (tomllib.TOMLDecodeError, tomlread.TOMLDecodeError) as exc:
        return "error", str(exc)
    except ValueError as exc:  # an integer of more than 4,300 digits: Python's own limit
        return "ValueError", str(exc)
    except RecursionError:  # nesting past the parser's limit (tomli's and tomllib's words differ;
        return "RecursionError"  # the log reader refuses such nesting before parsing: bounds.py)


def _agrees(text):
    assert _outcome(tomlread.loads, text) == _outcome(tomllib.loads, text), repr(text)


# Everything rtoml 0.14 reads that tomllib refuses (toml-test's 22 differing cases, by kind),
# and what it refuses that tomllib reads.
RTOML_ONLY = [
    "a = {x = 1,\n y = 2}\n",            # TOML 1.1: an inline table over lines
    "a = {x = 1, y = 2,}\n",             # TOML 1.1: a trailing comma in an inline table
    'a = "\\e"\n',                       # TOML 1.1: the \e escape
    'a = "\\x41"\n',                     # TOML 1.1: the \xHH escape
    "a = 07:32\n",                       # TOML 1.1: a time without seconds
    "a = 1979-05-27 07:32\n",            # ... a local date-time
    "a = 1979-05-27T07:32Z\n",           # ... an offset date-time
    "\ufeffa = 1\n",                     # a byte-order mark
    "\ufeff",
]
RTOML_REFUSES = [
    "a = 1e400\n",                       # a float out of range: tomllib reads inf
    "a = " + "9" * 5000 + "\n",          # past Python's 4,300 digits: tomli raises ValueError
    "a = " + "[" * 100 + "]" * 100 + "\n",  # past rtoml's nesting limit
]


@pytest.mark.parametrize("text", RTOML_ONLY)
def test_what_rtoml_reads_differently_is_screened_out(text, fast):
    assert not tomlread.plain(text)
    _agrees(text)
    assert fast == []


@pytest.mark.parametrize("text", RTOML_REFUSES)
def test_what_rtoml_refuses_tomli_reads(text, fast):
    assert tomlread.plain(text)
    _agrees(text)
    assert fast == []  # rtoml refused: the data came from tomli


def test_rtoml_alone_would_differ():
    """The cases above are real: without the screen rtoml would read each, and tomllib refuses each."""
    for text in RTOML_ONLY:
        assert _outcome(rtoml.loads, text)[0] == "data", repr(text)
        assert _outcome(tomllib.loads, text)[0] == "error", repr(text)


@pytest.mark.parametrize("text", [
    'k = "K12: Ana R5, Ben G4"\n',       # a trick line: colon then a space
    'k = "12: x"\n', "k = [1, 2]\n", "k = 1979-05-27\n", "k = true\n", "k = 0x1F\n", "k = 1_000\n",
    "[[rounds]]\ntricks = []\n[rounds.hands]\nAna = []\n", '"José" = 1\n', "a.b.c = 1\n",
    "k = 'lit'\n", 'k = """\nx"""\n', "k = '''x'''\n", "k = 1\r\n", "# comment\n",
])
def test_plain_texts_go_to_rtoml_and_agree(text, fast):
    assert tomlread.plain(text)
    _agrees(text)
    assert fast == [text]


@pytest.mark.parametrize("text", [
    "a = 1\na = 2\n", "[t]\n[t]\n", 'a = "x\n', "a = [1,\n", "a = 01\n", 'a = "\x07"\n', "a=1\r",
    "José = 1\n", 'a = "x" # \x7f\n', "[a.b]\nx=1\n[a]\nb.y=2\n", "a = \n", "= 1\n", "[[a]\n",
])
def test_broken_plain_texts_are_worded_by_tomli(text, fast):
    """rtoml refuses them too, and the message the user sees is tomllib's."""
    assert tomlread.plain(text)
    with pytest.raises(tomllib.TOMLDecodeError) as want:
        tomllib.loads(text)
    with pytest.raises(tomlread.TOMLDecodeError) as got:
        tomlread.loads(text)
    assert str(got.value) == str(want.value)


def test_every_example_and_test_log_reads_alike(fast):
    names = sorted([*ROOT.glob("examples/*.toml"), *ROOT.glob("tests/**/*.toml"), *ROOT.glob("rulesets/*.toml")])
    assert len(names) > 100
    from bidscli.files.bounds import check_toml

    for name in names:
        text = name.read_text(encoding="utf-8", errors="surrogateescape")
        if check_toml(text) is None:  # as the reader does: the hostile ones are refused before parsing
            _agrees(text)
    assert len(fast) > 20  # most are plain


# -- generated documents: log-like TOML with the risky pieces mixed in ----------------------

# Mostly valid documents (unique keys, safe characters), so that both readers often accept a
# text and the data are compared; risky pieces (TOML 1.1 escapes and times, braces, a BOM,
# control characters, CR) come in now and then, alone in an otherwise valid document.
_KEY = st.sampled_from(["ruleset", "players", "tricks", "pile", "a", "b-c", "d_1", '"q k"', '"é"', "x.y", "1",
                        "true"])
_SAFE = [*"aK1 2:,;-é日", "K12: Ana R5", "07"]
_RISKY = [*"\\\"'{}[]=#\t\x7f\x01\ufeff", "\\e", "\\x41", "\\u00e9", "\\n", "07:32", "\\\""]
_PLAIN = st.lists(st.sampled_from(_SAFE), max_size=6).map("".join)
# A string's text: safe characters, or safe ones with one risky piece among them (one risk a
# string, so that the rest of the document stays valid and the risk decides).
_CHARS = st.one_of(_PLAIN, _PLAIN, _PLAIN, st.tuples(_PLAIN, st.sampled_from(_RISKY), _PLAIN).map("".join))
# Values TOML 1.1 (and rtoml) reads and TOML 1.0 (tomllib) refuses.
_V11 = st.sampled_from(['"\\e"', '"a\\x41"', "07:32", "1979-05-27 07:32", "1979-05-27T07:32Z", "{a = 1,\n}",
                        "{ a = 1,\n b = 2 }"])
_TOML10 = st.sampled_from(["true", "false", "1", "-0", "+5", "0x1F", "1_000", "01", "3.5", "1e400", "inf", "-nan",
                           "1979-05-27", "07:32:00", "1979-05-27T07:32:00Z", "1979-05-27 07:32:00.5", "9" * 25,
                           '""', "''", '"""\nx"""', "{}", "{ a = 1 }"])
_SCALAR = st.one_of(  # a TOML 1.1 value one time in six (the test below puts one in every document)
    _CHARS.map(lambda s: f'"{s}"'), _CHARS.map(lambda s: f'"{s}"'), _CHARS.map(lambda s: f"'{s}'"),
    _TOML10, _TOML10, _V11)


def _table(pairs) -> str:
    return "{" + ", ".join(f"{k} = {v}" for k, v in pairs) + "}"


_VALUE = st.recursive(_SCALAR, lambda inner: st.one_of(
    st.lists(inner, max_size=4).map(lambda xs: "[" + ", ".join(xs) + "]"),
    st.lists(inner, max_size=3).map(lambda xs: "[\n  " + ",\n  ".join(xs) + ",\n]"),
    st.lists(st.tuples(_KEY, inner), max_size=3, unique_by=lambda kv: kv[0]).map(_table),
), max_leaves=5)  # (TOML 1.1's inline tables over lines are among _V11)
_PAIRS = st.lists(st.tuples(_KEY, _VALUE), max_size=4, unique_by=lambda kv: kv[0]).map(
    lambda kv: [f"{k} = {v}" for k, v in kv])
_SECTION = st.tuples(st.sampled_from(["[t]", "[[rounds]]", "[rounds.hands]", "[ u.v ]", "[[t]]"]), _PAIRS).map(
    lambda s: [s[0], *s[1]])
_COMMENT = _CHARS.map(lambda s: f"# {s}")
_DOC = st.tuples(_PAIRS, st.lists(_SECTION, max_size=3, unique_by=lambda sec: sec[0].strip("[] ")),
                 st.lists(_COMMENT, max_size=1), st.sampled_from(["\n"] * 8 + ["\r\n", "\r"]),
                 st.sampled_from([""] * 9 + ["\ufeff"])).map(
    lambda d: d[4] + d[3].join(d[0] + [line for sec in d[1] for line in sec] + d[2]) + d[3])


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(_DOC)
def test_generated_documents_read_as_tomllib_reads_them(text):
    with pytest.MonkeyPatch.context() as monkeypatch:
        _rtoml_on(monkeypatch)
        _agrees(text)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_V11, st.sampled_from(["\\e", "\\x41"]), _DOC)
def test_a_toml11_form_in_a_generated_document_is_refused(value, escape, doc):
    """Each TOML 1.1 form at the head of a generated document: the screen must send it to tomli,
    which refuses it as tomllib does (whatever the rest holds)."""
    with pytest.MonkeyPatch.context() as monkeypatch:
        _rtoml_on(monkeypatch)
        _agrees(f"zz = {value}\n{doc}")
        _agrees(f'zz = "{escape}"\n{doc}')


def test_the_generated_documents_reach_rtoml():
    """The generator makes plain, valid documents too, so the tests above exercise rtoml's side."""
    hits = []

    @settings(max_examples=150, database=None, deadline=None, derandomize=True,
              suppress_health_check=[HealthCheck.too_slow])
    @given(_DOC)
    def run(text):
        if tomlread.plain(text) and _outcome(tomllib.loads, text)[0] == "data" and "=" in text:
            hits.append(text)

    run()
    assert len(hits) >= 10, hits


def test_without_rtoml_tomli_reads_all(monkeypatch):
    monkeypatch.setitem(sys.modules, "rtoml", None)  # no wheel on this platform
    monkeypatch.setattr(tomlread, "_read", tomlread.RTOML_AFTER)
    monkeypatch.setattr(tomlread, "_rtoml_loads", None)
    text = (ROOT / "examples" / "friday-4p.toml").read_text(encoding="utf-8")
    assert tomlread.loads(text) == tomllib.loads(text)
    assert tomlread._rtoml_loads is False


def test_one_log_does_not_import_rtoml():
    """rtoml's import (about 2.5 ms with pathlib) pays only over many logs: one stays on tomli."""
    code = ("import sys; from bidscli.cli.main import main\n"
            "sys.argv = ['bids', 'score', 'examples/friday-4p.toml']\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n"
            "assert 'rtoml' not in sys.modules, 'imported'")
    res = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert res.returncode == 0, res.stderr
    assert "Winner:" in res.stdout
