"""Japanese punctuation (issue 34, a native reader's findings): Japanese sentences take full-width
brackets and colons (（） ：), and no space between a full-width bracket and the Japanese beside it.

Checked over the whole Japanese catalog and every Japanese golden run, so that an ASCII bracket or
colon next to a Japanese word does not come back; and where code joins a text to its place or to a
note (an error's ``round 1, trick 2: ...``, ``english (EN)``), the joiner is a message, so Japanese
says ：and （） there too while English reads as before. What a player types or a source says,
quoted ('...', `...`, "...", 「...」, “...”), stays as written and is not checked."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from bidscli.cli.main import main

ROOT = Path(__file__).resolve().parent.parent
KANA_KANJI = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff"
QUOTED = re.compile(r"`[^`]*`|'[^'\n]*'|\"[^\"\n]*\"|“[^”]*”|「[^」]*」")
RULES = {
    "an ASCII bracket beside Japanese": re.compile(rf"[{KANA_KANJI}] ?[()]|[()] ?[{KANA_KANJI}]|[（）] ?[()]|[()] ?[（）]"),
    # (after a Japanese word and its number too, トリック2: ; a card of a trick line, 黒5: , is notation)
    "an ASCII colon after Japanese": re.compile(rf"[{KANA_KANJI}）」』]:|[{KANA_KANJI}]{{2}}[0-9]+:"),
    "a space between a full-width bracket and Japanese": re.compile(rf"[（）] [{KANA_KANJI}]|[{KANA_KANJI}] [（）]"),
}


def wrong(text: str) -> list[str]:
    """The rules ``text`` breaks, its quoted parts left out."""
    text = QUOTED.sub(lambda m: "'" + "x" * (len(m.group()) - 2) + "'", text)
    return [name for name, rule in RULES.items() if rule.search(text)]


def test_the_rule_sees_what_the_native_reader_saw():
    assert wrong("出典: JA") == ["an ASCII colon after Japanese"]
    assert wrong("ラウンド1、トリック2: Ana") == ["an ASCII colon after Japanese"]
    assert wrong("一番弱いカード (thief.pool = round)") == ["an ASCII bracket beside Japanese"]
    assert wrong("G9（giallo） と書きます") == ["a space between a full-width bracket and Japanese"]
    assert wrong("エラー9件 （ルールセットのファイル1件をスキップ）") == ["a space between a full-width bracket and Japanese"]
    # Right: full-width punctuation; a name or a card with its spaces; a log's own line, quoted.
    assert wrong("ラウンド1、トリック2：Cleo が 黄3 を出しました（トリック2で Ben が出したカード）") == []
    assert wrong("'黒5: 赤5 緑4 黒7' と書きます") == [] and wrong("「1-12 (+ アリーカード)」（日本語）") == []
    assert wrong("examples/broken.toml:43: ラウンド2") == []  # file:line: as editors read it


def test_no_japanese_translation_puts_ascii_brackets_or_colons_beside_japanese():
    from babel.messages.pofile import read_po

    with open(ROOT / "bidscli/locale/ja/LC_MESSAGES/bidscli.po", "rb") as f:
        catalog = read_po(f)
    bad = [f"{', '.join(wrong(s))}: {s}" for m in catalog if m.id
           for s in (m.string if isinstance(m.string, tuple) else (m.string,)) if wrong(s)]
    assert not bad, "\n".join(bad)


GOLDENS = sorted((ROOT / "tests/golden/cli/lang/ja").glob("*.txt")) + [ROOT / "tests/golden/record/ja.txt"]


@pytest.mark.parametrize("golden", GOLDENS, ids=lambda p: p.name)
def test_no_japanese_golden_run_puts_ascii_brackets_or_colons_beside_japanese(golden):
    lines = golden.read_text(encoding="utf-8").splitlines()
    bad = [f"{golden.name}:{k}: {', '.join(wrong(line))}: {line}" for k, line in enumerate(lines, 1)
           if not line.startswith("$ ") and wrong(line)]
    assert not bad, "\n".join(bad)


def bids(*args: str, columns: int = 200):
    return CliRunner().invoke(main, list(args), env={"COLUMNS": str(columns)})


def test_an_error_s_place_is_joined_to_its_message_in_the_language():
    ja = bids("--lang", "ja", "validate", "examples/broken.toml").stdout
    assert "examples/broken.toml:43: ラウンド2、トリック8：Ana がカードを出していません：" in ja
    en = bids("validate", "examples/broken.toml").stdout
    assert "examples/broken.toml:43: round 2, trick 8: Ana did not play: each player plays one card a trick" in en
    it = bids("--lang", "it", "validate", "examples/broken.toml").stdout
    assert "examples/broken.toml:43: round 2, presa 8: " in it


def test_rules_show_labels_its_sources_with_a_full_width_colon():
    ja = bids("--lang", "ja", "rules", "show", "japanese", columns=60).stdout
    assert '  出典：JA "使用するカード"：3人で3色、4〜6人で4色' in ja.splitlines()
    en = bids("rules", "show", "japanese", columns=60).stdout
    assert '  source: JA "使用するカード" (cards used): 3 colours at 3' in en.splitlines()


def test_a_trick_s_reason_and_a_ruleset_s_source_take_full_width_brackets():
    ja = bids("--lang", "ja", "replay", "examples/thief-6p.toml", "--explain").stdout
    assert ja.splitlines()[0] == "examples/thief-6p.toml：italian（IT）、オプション：ally, minus_five, thief"
    assert "-> Ada +6（一番高いカード 黄14）" in ja
    assert "Cy が Thief を獲得し、すぐに盗みます：Fay の5が一番弱いカード（thief.pool = round）" in ja
    en = bids("replay", "examples/thief-6p.toml", "--explain").stdout
    assert en.splitlines()[0] == "examples/thief-6p.toml: italian (IT), options: ally, minus_five, thief"
    assert "-> Ada +6 (highest bid Y14)" in en


def test_a_card_in_words_is_written_against_the_japanese_after_it():
    ja = bids("--lang", "ja", "validate", "tests/data/messages/words.toml").stdout
    assert "黒1（nero, negro）です" in ja and "G5 は黄5（giallo）と読まれます。今は緑5と読まれています" in ja
    ja_it = bids("--lang", "ja", "validate", "tests/data/messages/words-it.toml").stdout
    assert "イタリア語のゲーム記録での書き方：G10（giallo）" in ja_it
