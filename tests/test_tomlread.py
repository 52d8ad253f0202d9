"""The TOML reader of logs and rulesets reads TOML 1.0, the language of Python 3.11's tomllib, and
words its errors as tomllib does (the messages are part of the interface: cli.md, the goldens).
"""

from __future__ import annotations

import math
import tomllib
from pathlib import Path

import pytest

from bidscli.files import tomlread
from bidscli.files.bounds import check_toml

ROOT = Path(__file__).resolve().parent.parent


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
    except RecursionError:  # nesting past the parser's limit (the log reader refuses it before parsing)
        return "RecursionError"


@pytest.mark.parametrize("text", [
    "a = {x = 1,\n y = 2}\n",            # TOML 1.1: an inline table over lines
    "a = {x = 1, y = 2,}\n",             # TOML 1.1: a trailing comma in an inline table
    'a = "\\e"\n',                       # TOML 1.1: the \e escape
    'a = "\\x41"\n',                     # TOML 1.1: the \xHH escape
    "a = 07:32\n",                       # TOML 1.1: a time without seconds
    "a = 1979-05-27 07:32\n",
    "a = 1979-05-27T07:32Z\n",
    "\ufeffa = 1\n",                     # a byte-order mark (files.decode takes one off a file)
    "a = 1\na = 2\n", "[t]\n[t]\n", 'a = "x\n', "a = [1,\n", "a = 01\n", 'a = "\x07"\n', "a=1\r",
    "José = 1\n", "a = \n", "= 1\n", "[[a]\n",
])
def test_what_toml_1_0_refuses_is_refused_in_tomllibs_words(text):
    assert _outcome(tomllib.loads, text)[0] == "error"
    assert _outcome(tomlread.loads, text) == _outcome(tomllib.loads, text)


@pytest.mark.parametrize("text", [
    'k = "K12: Ana R5, Ben G4"\n', "k = [1, 2]\n", "k = 1979-05-27\n", "k = 07:32:00\n", "k = 0x1F\n",
    "k = 1_000\n", "k = 1e400\n", "k = -nan\n", "[[rounds]]\ntricks = []\n[rounds.hands]\nAna = []\n", '"José" = 1\n',
    "a.b.c = 1\n", "k = 'lit'\n", 'k = """\nx"""\n', "k = 1\r\n", "# comment\n", "k = { a = 1 }\n",
    "a = " + "9" * 5000 + "\n",
])
def test_what_toml_1_0_reads_is_read_as_tomllib_reads_it(text):
    assert _outcome(tomlread.loads, text) == _outcome(tomllib.loads, text)


def test_every_example_and_test_log_reads_as_tomllib_reads_it():
    names = sorted([*ROOT.glob("examples/*.toml"), *ROOT.glob("tests/**/*.toml"), *ROOT.glob("rulesets/*.toml")])
    assert len(names) > 100
    for name in names:
        text = name.read_text(encoding="utf-8", errors="surrogateescape")
        if check_toml(text) is None:  # as the reader does: the hostile ones are refused before parsing
            assert _outcome(tomlread.loads, text) == _outcome(tomllib.loads, text), name


@pytest.mark.parametrize("message, text, where", [
    ("Invalid value (at line 2, column 5)", "a = 1\nb = \n", (2, 5, False)),
    ("Unclosed array (at end of document)", "a = [1,\n", (1, None, True)),  # the last line
    ("Unclosed array (at end of document)", "a = [1,", (1, None, True)),
    ("Unclosed array (at end of document)", "x = 1\na = [1,\n2", (3, None, True)),
    ("Unclosed array (at end of document)", "", (1, None, True)),
    ("something else", "a = 1\n", (None, None, False)),
])
def test_error_at_reads_where_the_reader_stopped(message, text, where):
    assert tuple(tomlread.error_at(message, text)) == where


def test_number_line_finds_the_number_python_refuses():
    assert tomlread.number_line("a = 1\n\nb = " + "9" * 5000 + "\n") == 3
    assert tomlread.number_line("a = 1\n") is None
