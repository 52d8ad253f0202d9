"""Japanese output fits the terminal in screen columns, not characters (issue 34 item 6): the
tables and reports of `--lang ja` with Japanese players' names, and the recorder's lines, at
COLUMNS=60 and 80. Widths are measured here without bidscli (East Asian wide and fullwidth
characters take two columns)."""

from __future__ import annotations

import unicodedata
from pathlib import Path

import pytest
from click.testing import CliRunner

from bidscli.cli.main import main

ROOT = Path(__file__).resolve().parent.parent
JA_LOG = "tests/data/cardwords/ja-friday-4p.toml"  # lang = "ja", the players' names in Japanese
NAMES = "佐藤花子,鈴木一郎,高橋美咲,田中太郎"


def screen(line: str) -> int:
    return sum(0 if unicodedata.combining(ch) else 2 if unicodedata.east_asian_width(ch) in "WF" else 1
               for ch in line)


def bids(columns: int, *args, stdin: str | None = None):
    return CliRunner().invoke(main, ["--lang", "ja", *args], env={"COLUMNS": str(columns)}, input=stdin)


REPORTS = [
    ["score", JA_LOG],
    ["score", "examples/first-game-ja.toml"],
    ["replay", JA_LOG, "--explain"],
    ["disputes", JA_LOG],
    ["diff", JA_LOG, "-r", "english", "-r", "japanese", "--lenient-deck"],
    ["season", "tests/data/cardwords", "--lenient-deck"],
    ["rules", "show", "japanese"],
    ["rules", "diff", "english", "japanese"],
    ["rules", "list"],
]


@pytest.mark.parametrize("columns", [60, 80])
@pytest.mark.parametrize("args", REPORTS, ids=" ".join)
def test_japanese_reports_fit_the_terminal_in_screen_columns(args, columns):
    res = bids(columns, *args)
    assert res.exit_code == 0, res.output
    lines = res.stdout.splitlines()
    wide = [line for line in lines if screen(line) > columns]
    assert not wide, "\n".join(wide)
    # Not vacuous: Japanese is there (two columns a character), and a line uses the room.
    assert any(screen(line) > len(line) for line in lines)


SESSION = """\
help
黒5: 赤5 緑4 黒7 黄2
黒3 赤9
黒3: 赤9、緑9、黄1、青2
score
undo
quit
"""  # the third line is refused (no revealed card); the fourth has Japanese commas (、)


@pytest.mark.parametrize("columns", [60, 80])
def test_the_recorder_fits_the_terminal_in_screen_columns(tmp_path, columns, monkeypatch):
    monkeypatch.chdir(tmp_path)
    res = bids(columns, "record", "game.toml", "--players", NAMES, "-r", "english", "-o", "ally=true",
               "--log-lang", "ja", stdin=SESSION)
    lines = res.stderr.splitlines()
    # Every line fits, but the one that gives back an undone trick's log line whole and the last
    # word's command to go on (to copy them, as validate's one-line messages are: the terminal
    # wraps them on its own).
    wide = [line for line in lines if screen(line) > columns and not line.startswith(("取り消しました：", "game.toml を"))]
    assert not wide, "\n".join(wide)
    text = res.stderr
    # What was said is all there: the echo of each accepted trick with the names, the refusal,
    # the standings (a table), the undo and the last word.
    said = " ".join(text.split())  # the lines as one text: where a line was wrapped does not matter
    assert "黒5: 佐藤花子 赤5, 鈴木一郎 緑4, 高橋美咲 黒7, 田中太郎 黄2" in said
    assert "黒3: 高橋美咲 赤9, 田中太郎 緑9, 佐藤花子 黄1, 鈴木一郎 青2" in said  # 、 read as a comma
    assert "入力の3行目" in text and "順位" in text and "取り消しました" in text
    assert "bids record game.toml --resume" in said
    # Lines were wrapped to the terminal (at 100 columns some of them would be one line).
    assert max(map(screen, lines)) > columns - 20
    assert len(lines) > len(bids(100, "record", "other.toml", "--players", NAMES, "-r", "english", "-o",
                                  "ally=true", "--log-lang", "ja", stdin=SESSION).stderr.splitlines())
