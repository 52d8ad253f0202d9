"""Issue 12 (speed): what the fast paths must keep exactly as it was. No timings here."""

from __future__ import annotations

import json
import sys
import tomllib
from pathlib import Path

import pytest
from click.testing import CliRunner

import bidscli
from bidscli.cli import main

ROOT = Path(__file__).resolve().parent.parent


def test_version_is_the_packages():
    """cli.py names the version explicitly (no importlib.metadata at start-up): it must not drift."""
    meta = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert bidscli.__version__ == meta["project"]["version"]
    res = CliRunner().invoke(main, ["--version"])
    assert res.output == f"bids, version {bidscli.__version__}\n"


def test_score_table_needs_no_tabulate():
    """A one-log score table is drawn without importing tabulate (start-up)."""
    import subprocess

    code = ("import sys; from bidscli.cli import main\n"
            "try:\n    main(['score', 'examples/friday-4p.toml'])\nexcept SystemExit:\n    pass\n"
            "assert 'tabulate' not in sys.modules and 'importlib.metadata' not in sys.modules, 'imported'")
    res = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert res.returncode == 0, res.stderr
    assert "Winner:" in res.stdout


TRICKY = [
    {"file": "a\u2028b\x7f\x1b\x00\t\"\\/é😀", "rounds": [], "x": {}, "n": [1, [2, {}]], "v": None, "ok": True},
    {"big": 2**63 - 1, "neg": -2**63, "bigger": 2**70},  # past 64 bits: json.dumps takes over
    {1: "int key", True: "bool key", None: "none key"},  # non-string keys: json.dumps takes over
    {"file": "bad-\udcff.toml"},  # a lone surrogate (a non-UTF-8 file name): json.dumps takes over
    [], {}, "text", 0,
]


def test_dumps_plain_is_json_dumps(monkeypatch):
    from bidscli import report

    for doc in TRICKY:
        assert report.dumps_plain(doc) == report.dumps(doc), doc
    monkeypatch.setitem(sys.modules, "orjson", None)  # no wheel on this platform: the fallback
    for doc in TRICKY:
        assert report.dumps_plain(doc) == report.dumps(doc), doc


def test_toml_reader_messages_are_tomllibs():
    """The log reader's TOML parser (tomli's wheel, or tomllib) words errors as tomllib does."""
    import tomllib

    from bidscli import tomlread

    for text in ['a = 1\nb = "x\n', "a = [1, 2\n", "x = 1\nx = 2\n", "[t]\nk = \n", 'k = "\x07"\n']:
        with pytest.raises(tomllib.TOMLDecodeError) as want:
            tomllib.loads(text)
        with pytest.raises(tomlread.TOMLDecodeError) as got:
            tomlread.loads(text)
        assert str(got.value) == str(want.value)
        assert not hasattr(got.value, "lineno")  # the line is read from the message, as on Python 3.11
