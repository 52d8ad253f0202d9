"""Hardening IV (item 3): names that look alike across scripts (Unicode UTS #39 skeletons).

Two players whose names have the same confusable skeleton but are written in different scripts
(Latin "Ana", Cyrillic "Аna") are refused in one log and in `record --players`; `season` warns
when two of its players look so; names of one script that merely resemble each other ("Mami",
"Marni") are fine. Each test reads what a player reads: the message, the exit code.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from bidscli.cli.main import main

ROOT = Path(__file__).resolve().parent.parent
FRIDAY = (ROOT / "examples" / "friday-4p.toml").read_text()

# Latin letters and the letters of other scripts that look the same (confusables.txt).
TWINS = {"a": "а", "e": "е", "o": "о", "p": "р", "c": "с", "x": "х", "y": "у", "i": "і", "A": "А", "B": "В",
         "E": "Е", "K": "К", "M": "М", "H": "Н", "O": "О", "P": "Р", "C": "С", "T": "Т", "X": "Х"}
GREEK = {"A": "Α", "B": "Β", "E": "Ε", "o": "ο", "O": "Ο", "K": "Κ", "T": "Τ", "X": "Χ"}


def renamed(text: str, old: str, new: str) -> str:
    return (text.replace(f'"{old}"', f'"{new}"').replace(f"hands.{old} ", f'hands."{new}" ')
            .replace(f"{old} ", f"{new} "))


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


@pytest.mark.parametrize(("latin", "other", "scripts"), [
    ("Ana", "Аna", "Cyrillic and Latin"),      # one Cyrillic letter
    ("Ana", "Апа", None),                      # all Cyrillic: not the same skeleton (п is no n)
    ("Cleo", "Сleo", "Cyrillic and Latin"),
    ("Ben", "Βen", "Greek and Latin"),
    ("Oscar", "Оѕсаr", "Cyrillic and Latin"),
])
def test_a_log_refuses_two_players_that_look_alike_across_scripts(tmp_path, latin, other, scripts):
    text = FRIDAY if latin in ("Ana", "Ben", "Cleo") else renamed(FRIDAY, "Cleo", latin)
    text = renamed(text, "Dev", other)
    path = tmp_path / "g.toml"
    path.write_text(text, encoding="utf-8")
    res = run("validate", path)
    if scripts is None:
        assert res.exit_code == 0, res.output
        return
    assert res.exit_code == 1
    first = res.stdout.splitlines()[0]
    assert first == (f"{path}:13: players '{latin}' (Latin) and '{other}' ({scripts}) look alike but are written in "
                     "different scripts: nobody at the table could tell them apart (give one of them another name)")


@pytest.mark.parametrize("names", ["Mami,Marni,Ben", "Ana,Anna,Ben", "Olga,Оля,Ben", "Μαρία,Maria,Ben",
                                   "José,Jose,Ben", "力,カタ,Ben"])
def test_names_that_merely_resemble_each_other_are_fine(tmp_path, names):
    res = run("record", tmp_path / "g.toml", "--players", names, "-r", "english")
    assert res.exit_code == 0, res.output


@pytest.mark.parametrize(("names", "pair"), [
    ("Ana,Аna,Ben", "'Ana' (Latin) and 'Аna' (Cyrillic and Latin)"),
    ("カ,力,Ben", "'カ' (Katakana) and '力' (Han)"),
    ("BEN,ΒΕΝ,Ana", "'BEN' (Latin) and 'ΒΕΝ' (Greek)"),
])
def test_record_players_refuses_names_that_look_alike_across_scripts(tmp_path, names, pair):
    res = run("record", tmp_path / "g.toml", "--players", names, "-r", "english")
    assert res.exit_code == 2
    assert f"players {pair} look alike but are written in different scripts" in res.stderr
    assert not (tmp_path / "g.toml").exists()


@settings(max_examples=40, deadline=None)
@given(word=st.text(st.sampled_from(sorted(TWINS)), min_size=2, max_size=8), data=st.data())
def test_any_latin_name_with_a_cyrillic_or_greek_twin_letter_is_caught(tmp_path_factory, word, data):
    table = data.draw(st.sampled_from([TWINS, GREEK]))
    at = data.draw(st.integers(0, len(word) - 1))
    if word[at] not in table:
        return
    twin = word[:at] + table[word[at]] + word[at + 1:]
    res = run("record", tmp_path_factory.mktemp("r") / "g.toml", "--players", f"{word},{twin},Zed", "-r", "english")
    if word.casefold() == twin.casefold():
        return
    assert res.exit_code == 2, res.output
    assert "look alike but are written in different scripts" in res.stderr


def test_season_warns_when_two_of_its_players_look_alike(tmp_path):
    (tmp_path / "a.toml").write_text(FRIDAY, encoding="utf-8")
    (tmp_path / "b.toml").write_text(renamed(FRIDAY, "Ana", "Аna"), encoding="utf-8")
    res = run("season", tmp_path)
    assert res.exit_code == 0
    assert ("note: players 'Ana' (Latin) and 'Аna' (Cyrillic and Latin) look alike but are written in different "
            "scripts: if they are one person, --alias \"Аna=Ana\" makes them one\n") in res.stderr
    res = run("season", tmp_path, "--alias", "Аna=Ana")
    assert "look alike" not in res.stderr


def test_the_tables_are_not_loaded_for_ascii_names():
    """`bids score` of a log of ASCII names starts as fast as before: the confusables are never read."""
    code = ("import sys; from bidscli.cli.main import main\n"
            "try:\n    main(['score', 'examples/friday-4p.toml'])\nexcept SystemExit:\n    pass\n"
            "assert 'bidscli.core.lookalike_data' not in sys.modules")
    res = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert res.returncode == 0, res.stderr


def test_every_lookalike_pair_of_a_large_season_is_found():
    from bidscli.core.lookalike import lookalikes

    latin = [f"Pa{i}" for i in range(500)]
    cyrillic = [f"Ра{i}" for i in range(500)]  # Cyrillic Р and а
    assert lookalikes(latin + cyrillic + ["Mami", "Marni"]) == list(zip(latin, cyrillic))
