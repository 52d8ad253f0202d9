"""Japanese wrapped as Japanese is written (issue 34 item 6): the one line-breaking rule of the
terminal (report.table.wrap), used by tables, notes, the recorder and --help.

A line may break at a space and between two Japanese characters; never before closing
punctuation or a small kana (、。）」：！？ー ッ), never after an opening bracket (（「), never
inside a run of Latin letters or digits (a name, a knob), never between a number and the
Japanese word beside it (3点, ラウンド3). Text without Japanese wraps as textwrap wraps it.
Widths are measured here without bidscli (East Asian wide and fullwidth take two columns)."""

from __future__ import annotations

import re
import textwrap
import unicodedata
from itertools import pairwise
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from bidscli.cli.main import main
from bidscli.report.table import fit, pieces, word_pieces, wrap
from tests.terminal import bids_at

NO_START = "、。，．）」』】〕：；！？ーぁぃぅぇぉっゃゅょァィゥェォッャュョ"
NO_END = "（「『【〔"


def screen(line: str) -> int:
    return sum(0 if unicodedata.combining(ch) else 2 if unicodedata.east_asian_width(ch) in "WF" else 1
               for ch in line)


def test_a_japanese_sentence_breaks_between_characters_and_fills_its_lines():
    text = "トリックは燃えました。最後に同点のカードを出したプレイヤーが次のトリックをリードします"
    # 同点 (a tie) is one of the game's words: the line breaks before it, not inside it.
    assert wrap(text, 30) == ["トリックは燃えました。最後に", "同点のカードを出したプレイヤー", "が次のトリックをリードします"]
    # 20 columns end at 。, which may not start the next line: it stays, and a line takes one less.
    assert wrap(text, 20)[:2] == ["トリックは燃えまし", "た。最後に同点の"]


def test_closing_punctuation_and_small_kana_never_start_a_line():
    # At 20 columns the tenth character is 、: it goes with the word before it, never first on a line.
    assert wrap("ラッキールーザーです、次のラウンドへ", 20) == ["ラッキールーザーで", "す、次のラウンドへ"]
    assert wrap("プレイヤー", 8) == ["プレイ", "ヤー"]  # not プレイヤ / ー
    assert wrap("トリック", 4) == ["ト", "リッ", "ク"]  # ッ stays after リ
    assert wrap("勝者（2x）：Ana", 11) == ["勝者", "（2x）：Ana"]


def test_an_opening_bracket_never_ends_a_line():
    assert wrap("得点の合計（ラウンドごと）", 12) == ["得点の合計", "（ラウンドご", "と）"]


def test_a_range_stays_whole():
    # (a wave dash never ends a line: "4〜" then "6人で4色" reads as two numbers)
    assert wrap("3人で3色、4〜6人で4色", 12) == ["3人で3色、", "4〜6人で4色"]
    for width in range(8, 30):
        lines = wrap("3〜5人で1〜10、6人で1〜14", width)
        assert not any(line.endswith("〜") for line in lines), lines


def test_a_number_stays_with_its_counter_and_a_latin_word_stays_whole():
    assert wrap("黒カードを3枚取りました", 8) == ["黒カード", "を3枚取", "りました"]
    assert wrap("ラウンド3、トリック10で", 14) == ["ラウンド3、", "トリック10で"]
    # A knob id, a player's name: whole on the next line, never cut.
    assert wrap("この設定はthief.timingです", 16) == ["この設定は", "thief.timingです"]
    assert wrap("勝者はCleopatraです", 14) == ["勝者は", "Cleopatraです"]


def test_a_katakana_word_stays_whole_as_a_latin_one():
    # A name written in katakana (ベン), a loanword (ラッキールーザー): never parted, as Ben is not.
    assert wrap("順位 デヴ 48, クレオ 44, アナ 43, ベン 43", 37) == ["順位 デヴ 48, クレオ 44, アナ 43,", "ベン 43"]
    assert wrap("ラッキールーザーの得点をアリーの分配に含める", 26) == ["ラッキールーザーの得点を", "アリーの分配に含める"]
    assert pieces("赤・緑・黄") == ["赤・", "緑・", "黄"]  # the middle dot is punctuation, not a word's letter


def test_spaces_are_break_points_too_and_a_closing_mark_after_one_stays_with_its_word():
    assert wrap("Ana が 黄3 を出しました", 12) == ["Ana が 黄3", "を出しました"]
    assert wrap("合計 48 点）です", 10) == ["合計 48", "点）です"]
    assert wrap("合計 48 ）です", 9) == ["合計", "48 ）です"]  # ） never first, even after a space


@pytest.mark.parametrize("text", [
    "Standings, each game under its own ruleset: 6 games, ranked by most wins, then the higher win %",
    "a well-known rule-set and (brackets), commas; colons: done!",
    "Classifica, ogni partita con il suo regolamento: 6 partite, ordinate per più vittorie, poi perché…",
    "Clasificación, cada partida con su reglamento: 6 partidas, ordenadas por más victorias (¿y qué?)",
])
@pytest.mark.parametrize("width", [12, 25, 40, 60])
def test_english_italian_and_spanish_wrap_as_textwrap_wraps_them(text, width):
    assert wrap(text, width) == textwrap.wrap(text, width)
    assert wrap(text, width, hyphens=True) == textwrap.wrap(text, width, break_on_hyphens=True)


japanese = st.text(alphabet="あいうカードトリック黒赤点回枚、。（）「」：！ーッャ3 10Ana", min_size=1, max_size=80)


@settings(max_examples=300, deadline=None)
@given(japanese, st.integers(6, 40))
def test_wrapped_japanese_keeps_every_character_and_fits(text, width):
    lines = wrap(text, width)
    assert "".join(lines).replace(" ", "") == text.replace(" ", "")
    assert all(screen(line) <= width for line in lines)


@settings(max_examples=300, deadline=None)
@given(japanese.map(lambda t: t.replace(" ", "")).filter(bool), st.integers(6, 40))
def test_wrapped_japanese_breaks_only_where_the_rule_allows(text, width):
    lines = wrap(text, width)
    assert "".join(lines) == text
    if max(map(screen, pieces(text))) > width:
        return  # a piece wider than the line is cut where the line is full (as a long word is)
    for before, after in pairwise(lines):
        a, b = before[-1], after[0]
        assert b not in NO_START and a not in NO_END, lines
        assert not (a.isascii() and b.isascii()), lines  # Latin letters and digits stay together
        # 3点, ラウンド3: a number stays with the Japanese word beside it (after 、 or ： it may start a line)
        assert not ((a.isdigit() and a.isascii() and b.isalpha()) or (b.isdigit() and b.isascii() and a.isalpha())), lines


def test_a_japanese_table_cell_wraps_at_proper_points():
    got = fit([["勝者は Cleo：黒カードを3枚（合計12点）取りました"]], ["理由"], 1000, maxcolwidths=[16]).splitlines()
    assert got[2:] == ["勝者は Cleo：", "黒カードを3枚", "（合計12点）取り", "ました"]  # 黒カード, 合計 whole


def bids(columns: int, *args):
    return bids_at(columns, *args)  # --help too as wide as COLUMNS says (tests/terminal.py)


@pytest.mark.parametrize("columns", [80, 100])
def test_japanese_help_breaks_as_japanese_is_written(columns):
    res = bids(columns, "--lang", "ja", "validate", "--help")
    assert res.exit_code == 0, res.output
    lines = res.output.splitlines()
    assert all(screen(line) <= columns for line in lines), res.output
    # A continued line never starts with closing punctuation, and no number is parted from its word.
    starts = [line.strip()[:1] for line in lines if line.startswith(" " * 20) and line.strip()]
    assert starts and not any(ch in NO_START for ch in starts), res.output
    assert "ワーカープロセス数" in res.output


def test_english_help_is_wrapped_by_click_as_before():
    res = bids(80, "validate", "--help")
    assert "validate [OPTIONS] LOG_OR_DIR" in res.output and all(len(line) <= 80 for line in res.output.splitlines())


# -- headings (issue 34 item 6.2): a player reads every heading of `bids --lang ja season` at 80 columns


def test_a_japanese_heading_breaks_only_where_its_words_meet():
    assert word_pieces("ゲーム数") == ["ゲーム", "数"]
    assert word_pieces("レート下限") == ["レート", "下限"]
    assert word_pieces("勝ち数") == ["勝ち", "数"]  # the kana written after a kanji stays with it
    assert word_pieces("ラッキールーザー回数") == ["ラッキールーザー", "回数"]
    assert word_pieces("平均順位") == ["平均順位"] and word_pieces("プレイヤー") == ["プレイヤー"]
    assert word_pieces("player") == ["player"]


HEADINGS = ["#", "プレイヤー", "勝数", "ゲーム数", "勝率", "平均順位", "平均得点", "μ", "σ", "レート下限"]
ROW = ["10", "Ana Maria", 4, 5, "100.0", "1.40", "29.8", "30.15", "7.76", "-2.61"]


def test_a_table_too_wide_breaks_its_japanese_headings_where_their_words_meet():
    lines = fit([ROW], HEADINGS, 80).splitlines()
    assert lines[:2] == [" #  プレイヤー  勝数  ゲーム  勝率   平均順位  平均得点  μ      σ     レート",
                         "                          数                                          下限"]
    assert all(screen(line) <= 80 for line in lines)
    # Narrower still, any two Japanese characters may part (kinsoku kept): the table fits.
    narrow = fit([ROW], HEADINGS, 64).splitlines()
    assert all(screen(line) <= 64 for line in narrow) and not any(line.lstrip().startswith("ー") for line in narrow)


def test_english_standings_headings_are_as_before_at_80_columns():
    lines = bids(80, "season", "tests/data/season").stdout.splitlines()
    assert lines[2:4] == ["#  player     wins  games  win   mean  pts/game  mu     sigma  ordinal",
                          "                           %     rank"]


@pytest.mark.parametrize("folder", ["tests/data/season", "tests/data/cardwords"])
def test_every_heading_of_the_japanese_standings_is_whole_at_80_columns(folder):
    res = bids(80, "--lang", "ja", "season", folder, "--lenient-deck")
    lines = res.stdout.splitlines()
    assert all(screen(line) <= 80 for line in lines), res.stdout
    k = next(i for i, line in enumerate(lines) if line.lstrip().startswith("#"))
    dashes = next(i for i in range(k, len(lines)) if set(lines[i]) <= {"-", " "})
    heading = " ".join(lines[k:dashes])
    for word in ("プレイヤー", "勝数", "ゲーム", "勝率", "平均順位", "平均得点", "レート", "下限"):
        assert word in heading.split(), heading


# -- the recorder's help (issue 34 item 6.3)


def record_help(columns: int, lang: str, tmp_path) -> list[str]:
    res = CliRunner().invoke(main, ["--lang", lang, "record", str(tmp_path / f"{lang}{columns}.toml"), "--players",
                                    "Ana,Ben,Cleo,Dev", "-r", "english"], env={"COLUMNS": str(columns)},
                             input="help\nquit\n")
    lines = res.stderr.splitlines()
    start = next(k for k, line in enumerate(lines) if line.startswith(("1行に", "Type one", "Scrivi", "Escribe")))
    return lines[start:-1]


@pytest.mark.parametrize("columns", [60, 80, 100])
def test_the_japanese_recorder_help_reads_whole_at_every_width(columns, tmp_path):
    lines = record_help(columns, "ja", tmp_path)
    assert all(screen(line) <= columns for line in lines), "\n".join(lines)
    # Each example on its line, its explanation whole on the next.
    k = lines.index("  黒5: 赤5 緑4 黒7 黄2")
    assert lines[k + 1] == "      表のカード、コロン、各プレイヤーのカード"
    assert "      --deal のとき：山札のカードは自動でめくられます" in lines
    # The commands and the saves: one paragraph each, continued under a 4-space hang, broken as
    # Japanese is written (never before 、。） nor inside a command).
    commands = next(k for k, line in enumerate(lines) if line.startswith("コマンド："))
    paragraph = lines[commands:]
    assert all(line.startswith("    ") for line in paragraph[1:] if not line.startswith("保存に失敗したとき："))
    assert not any(line.strip()[0] in NO_START for line in paragraph)
    said = "".join(line.strip() for line in paragraph)
    assert "leader NAME（次のラウンドのリード。最初のトリックの前に）" in said and "save NEWFILE（新しいファイル" in said
    if columns == 100:
        assert len(paragraph) == 6


def test_the_english_recorder_help_at_100_columns(tmp_path):
    """Its rows as written; its paragraphs wrapped once, under a 4-space hang (tests/test_help_wrap.py)."""
    lines = record_help(100, "en", tmp_path)
    assert lines[:2] == ["Type one trick a line, in playing order from the leader:",
                         "  K5: R5 G4 K7 Y2                     the revealed card(s), a colon, then each player's card"]
    assert lines[6:8] == ["Commands: undo (remove the last trick), score (standings so far), leader NAME (who leads the next",
                          "    round, before its first trick), hand NAME (with --deal: the cards NAME still holds), help, quit"]


# -- Japanese spacing (issue 34 item 6.4): no space between a number and the Japanese word beside it


def test_validate_in_japanese_writes_numbers_against_their_words():
    res = CliRunner().invoke(main, ["--lang", "ja", "validate", "examples/broken.toml"], env={"COLUMNS": "200"})
    out = res.stdout
    assert "examples/broken.toml:43: ラウンド2、トリック8：ラウンド2のトリック9〜10は確認していません" in out
    assert "黄12 は italian の4人用のデッキにありません（数字は1〜10）" in out
    assert out.splitlines()[-1] == "ファイル1件、正常0、問題あり1、エラー9件"
    # A name and a card keep their spaces: they are what the log holds.
    assert "Cleo が 黄3 を出しましたが" in out
    # The other languages are as they were.
    it = CliRunner().invoke(main, ["--lang", "it", "validate", "examples/broken.toml"], env={"COLUMNS": "200"})
    assert it.stdout.splitlines()[-1] == "1 file, 0 validi, 1 non valido, 9 errori"


def test_no_japanese_translation_parts_a_count_from_its_word():
    from babel.messages.pofile import read_po

    with open("bidscli/locale/ja/LC_MESSAGES/bidscli.po", "rb") as f:
        catalog = read_po(f)
    kana_kanji = "[\u3040-\u30ff\u4e00-\u9fff]"
    # (T{trick} is a Latin token, as R2 T3: it keeps its space.)
    count = r"(?:(?<![\w.+\-:<>=/])\d+|(?<![A-Za-z])\{(?:n|count|round|trick|limit|total|size)\})"
    import re

    parted = re.compile(rf"{count} {kana_kanji}|{kana_kanji} {count}(?![\w.%])")
    wrong = [s for m in catalog if m.id for s in (m.string if isinstance(m.string, tuple) else (m.string,))
             if parted.search(s)]
    assert not wrong, "\n".join(wrong)


# -- the game's words whole (issue 34, a native reader's finding: 標準偏|差 in a study table)


def test_a_line_breaks_between_the_game_s_words_never_inside_one():
    assert pieces("燃えたトリックの得点") == ["燃えた", "トリック", "の", "得点"]
    assert pieces("黒カードを3枚") == ["黒カード", "を3枚"]
    # A study's cell: 標準偏差 (standard deviation) moves whole to the next line.
    assert wrap("40.18 [36.32, 44.04] 標準偏差 13.91", 25) == ["40.18 [36.32, 44.04]", "標準偏差 13.91"]
    # A word wider than the line is still cut where the line is full: there is no other place.
    assert wrap("標準偏差", 4) == ["標準", "偏差"]
    # A list of numbers may break after its commas, a citation after its colon (not 3、4、5、6人 whole).
    assert pieces("Punteggi\"：3、4、5、6人で12点") == ["Punteggi\"：", "3、", "4、", "5、", "6人", "で12点"]


def test_every_japanese_word_of_the_glossary_is_kept_whole():
    from bidscli.report.table import TERMS

    glossary = Path("docs/glossary.md").read_text(encoding="utf-8").split("## 日本語", 1)[1]
    words = [w for w in re.findall(r"\*\*([^*]+)\*\*", glossary) if not w.isascii()]
    kanji = [w for w in words if len(w) > 1 and any("\u4e00" <= ch <= "\u9fff" for ch in w)]
    assert kanji and not [w for w in kanji if w not in TERMS]


def test_no_line_of_the_japanese_study_table_parts_a_word_of_its_statistics():
    res = bids(80, "--lang", "ja", "study", "-r", "italian", "-r", "english", "-p", "4", "-g", "20", "--seed", "1")
    assert res.exit_code == 0, res.output
    lines = res.stdout.splitlines()
    assert all(screen(line) <= 80 for line in lines), res.stdout
    assert "標準偏差" in res.stdout and not any(line.rstrip().endswith(("標準", "信頼")) for line in lines), res.stdout
