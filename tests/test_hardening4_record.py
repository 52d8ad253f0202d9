"""Hardening IV (item 16): lines pasted together at the recorder's prompt are lines.

A terminal's bracketed paste puts every pasted line into the one line being edited; the
recorder takes them as the lines they were (as a pipe gives them): two trick lines are two
tricks, never one trick of seven cards. Through a pseudo-terminal, as a table types them.
"""

from __future__ import annotations

import re

import pytest

from bidscli.log.reader import read_log

from . import recordkit as rk
from .test_record_pty import _WHY, pexpect, spawn

PLAIN = {"ally": True}  # no steal to answer: the lines alone make the game


@pytest.mark.skipif(pexpect is None, reason=_WHY or "pexpect is missing")
def test_two_trick_lines_pasted_at_the_prompt_are_two_tricks(tmp_path):
    game, _ = rk.simulated_game(tmp_path, "english", 5, options=PLAIN)
    lines = rk.trick_lines(game, leaders=False)
    log, _ = read_log(game)
    child = spawn(tmp_path, ["rec.toml", "--players", ",".join(rk.PLAYERS), "-r", "english",
                             *rk.options_args(game)])
    child.expect(r"R1 T1 \S+ leads>")
    # Bracketed paste (ESC [200~ ... ESC [201~), as a terminal sends a paste of two lines, then Enter.
    child.send("\x1b[200~" + lines[0] + "\n" + lines[1] + "\n\x1b[201~")
    child.send("\r")
    child.expect(r"R1 T1: ")
    child.expect(r"R1 T2: ")
    child.expect(r"R1 T3 \S+ leads>")
    child.sendline("quit")
    child.expect(pexpect.EOF)
    saved, errors = read_log(tmp_path / "rec.toml")
    assert not errors
    assert [t.text for t in saved.rounds[0].tricks] == [t.text for t in log.rounds[0].tricks[:2]]
    assert "7 cards" not in re.sub(r"\s+", " ", (tmp_path / "terminal.log").read_text())


# -- --alias and a name that holds '=' ------------------------------------------------------------------------

FRIDAY = (rk.ROOT / "examples" / "friday-4p.toml").read_text()


def _season(*args):
    from click.testing import CliRunner

    from bidscli.cli.main import main

    return CliRunner().invoke(main, ["season", *map(str, args), "--format", "json"])


def test_alias_names_a_player_whose_name_holds_an_equals_sign(tmp_path):
    import json

    renamed = FRIDAY.replace('"Ana"', '"A=B"').replace("hands.Ana ", 'hands."A=B" ').replace("Ana ", "A=B ")
    (tmp_path / "g1.toml").write_text(renamed)
    (tmp_path / "g2.toml").write_text(FRIDAY)
    res = _season(tmp_path, "--alias", "A\\=B=Ana")
    assert res.exit_code == 0, res.output
    players = {s["player"]: s["games"] for s in json.loads(res.stdout)["rulesets"][0]["standings"]}
    assert players["Ana"] == 2 and "A=B" not in players
    assert "look alike" not in res.stderr and "no game has" not in res.stderr


@pytest.mark.parametrize(("alias", "message"), [
    ("A=B=Ana", "'A=B=Ana': expected OLD=NEW (--alias \"Ana Maria=Ana\"): it has 2 '=' (a '=' that is part of a "
                "name is written '\\=')"),
    ("Ana", "'Ana': expected OLD=NEW"),
    ("A\\=B", "'A\\=B': expected OLD=NEW"),
])
def test_an_alias_with_an_equals_sign_alone_too_many_is_a_usage_error(tmp_path, alias, message):
    (tmp_path / "g1.toml").write_text(FRIDAY)
    res = _season(tmp_path, "--alias", alias)
    assert res.exit_code == 2
    assert message in res.stderr
