"""The sources in their own words: each bundled ruleset quotes, for each knob its source settles,
a phrase of the passage in the source's language, exactly as the source writes it
(docs/sources/), and `bids rules show` prints it under the citation."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from bidscli.cli.main import main
from bidscli.rules.knobs import KNOBS
from bidscli.rules.ruleset import load_ruleset

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ROOT / "docs" / "sources"
# The text each language is quoted from: the English of the Japanese page is its options' text.
TEXT_OF = {"it": "it.txt", "es": "es.txt", "ja": "ja.txt", "en": "ja.txt"}
# The language each ruleset's source is quoted in (a source's own words, never a translation).
LANGS_OF = {"italian": {"it"}, "english": {"es"}, "japanese": {"ja", "en"}}
# Stated knobs with no passage to quote: the source says nothing of it, and the citation says so.
NOTHING_TO_QUOTE = {("english", "thief.with_color_bids"), ("japanese", "thief.with_color_bids")}


def bids(*args):
    res = CliRunner().invoke(main, [str(a) for a in args], env={"COLUMNS": "100"})
    assert res.exit_code == 0, res.output
    return res.stdout


@pytest.mark.parametrize("name", sorted(LANGS_OF))
def test_every_quote_is_in_its_source_word_for_word(name):
    ruleset = load_ruleset(name)
    assert ruleset.quotes
    for knob, (lang, words) in ruleset.quotes.items():
        assert lang in LANGS_OF[name], (knob, lang)
        text = (SOURCES / TEXT_OF[lang]).read_text(encoding="utf-8")
        assert words in text, f"{name} {knob}: not in docs/sources/{TEXT_OF[lang]}: {words!r}"
        assert len(words) <= 300 and "\n" not in words  # a phrase, a sentence at most


@pytest.mark.parametrize("name", sorted(LANGS_OF))
def test_every_knob_a_source_settles_has_its_words(name):
    ruleset = load_ruleset(name)
    missing = [k for k in KNOBS if not ruleset.is_unstated(k) and ruleset.quote_of(k) is None
               and (name, k) not in NOTHING_TO_QUOTE]
    assert missing == []


def test_the_check_can_fail():
    text = (SOURCES / "it.txt").read_text(encoding="utf-8")
    assert "deve rubare una carta nera" in text
    assert "deve rubare una carta bianca" not in text


def _under(shown: str, citation: str, words: str) -> bool:
    """``words`` on the line under ``citation``, starting in the same column (one cell)."""
    lines = shown.splitlines()
    for above, below in itertools.pairwise(lines):
        at = above.find(citation)
        if at >= 0 and below[at:].startswith(words):
            return True
    return False


def test_rules_show_prints_the_words_under_the_citation():
    wide = {"COLUMNS": "400"}  # no cell wraps: the citation and the words each on one line
    shown = CliRunner().invoke(main, ["rules", "show", "italian"], env=wide).stdout
    assert _under(shown, 'IT "Carta Ladro": must steal', "«deve rubare una carta nera» (it)")
    shown = CliRunner().invoke(main, ["rules", "show", "english"], env=wide).stdout
    assert _under(shown, 'EN "Thief card": has the right to steal', "«tiene derecho a robar una de las cartas")
    shown = CliRunner().invoke(main, ["rules", "show", "japanese"], env=wide).stdout
    assert _under(shown, 'JA "手札内の黒カード" (black cards in hand): 1, 1, 2, 3',
                  "「プレイ人数に応じて、プレイヤーの手札に")
    assert _under(shown, 'EN "Thief Card": has the right to steal', "“The player who wins this card has the right")


def test_rules_show_json_gives_each_knob_its_words_and_their_language():
    doc = json.loads(bids("rules", "show", "japanese", "--format", "json"))
    rows = {r["knob"]: r for r in doc["knobs"]}
    assert (rows["double.scope"]["quote"], rows["double.scope"]["quote_lang"]) == (
        "このカードを獲得した時点で持っている全ての得点を2倍にします。", "ja")
    assert rows["thief.timing"]["quote_lang"] == "en"
    assert (rows["deck.hand_size"]["quote"], rows["deck.hand_size"]["quote_lang"]) == (None, None)  # unstated


def test_a_house_ruleset_keeps_the_words_of_the_knobs_it_does_not_change():
    house = load_ruleset(str(ROOT / "examples" / "house.toml"))  # english with 2x, lucky loser and Ally changed
    english = load_ruleset("english")
    assert house.quote_of("double.scope") is None and house.source_of("double.scope").startswith("house")
    assert house.quote_of("thief.timing") == english.quote_of("thief.timing")
    assert english.with_knobs({"thief.timing": "immediate"}).quote_of("thief.timing") is None


@pytest.mark.parametrize("quotes,said", [
    ('"thief.timing" = "deve rubare"', "[quotes] 'thief.timing' must be one language and its words"),
    ('"thief.timing" = { fr = "vole" }', "[quotes] 'thief.timing' must be one language and its words"),
    ('"thief.timing" = { it = "a", es = "b" }', "[quotes] 'thief.timing' must be one language and its words"),
    ('"thief.timng" = { it = "deve rubare" }', "[quotes] names unknown knob 'thief.timng'"),
])
def test_a_house_file_s_quotes_are_checked(tmp_path, quotes, said):
    path = tmp_path / "house.toml"
    path.write_text(f'extends = "english"\n\n[quotes]\n{quotes}\n', encoding="utf-8")
    res = CliRunner().invoke(main, ["rules", "show", str(path)])
    assert res.exit_code in (1, 2) and said in res.output, res.output


def _glossary() -> dict[str, list[str]]:
    """docs/glossary.md's quoted passages ('> ...' lines), by the source text its section names."""
    out: dict[str, list[str]] = {}
    text_file = None
    for line in (ROOT / "docs" / "glossary.md").read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            text_file = line.split("docs/sources/", 1)[1].split(";")[0].rstrip(")")
            out[text_file] = []
        elif line.startswith("> "):
            out[text_file].append(line[2:])
    return out


def test_the_glossary_quotes_each_source_word_for_word():
    passages = _glossary()
    assert sorted(passages) == ["es.txt", "it.txt", "ja.txt"]
    for name, quoted in passages.items():
        text = (SOURCES / name).read_text(encoding="utf-8")
        assert len(quoted) >= 10
        wrong = [q for q in quoted if q not in text]
        assert wrong == [], f"not in docs/sources/{name}"


@pytest.mark.parametrize("name, words", [
    ("it.txt", ["presa", "offerta", "carta nera", "bruciata", "Alleato", "Ladro"]),
    ("es.txt", ["baza", "puja", "perdedor afortunado", "aliado", "ladrón"]),
    ("ja.txt", ["トリック", "ラッキールーザー", "燃え"]),
])
def test_the_glossary_has_the_players_words(name, words):
    quoted = " ".join(_glossary()[name])
    assert [w for w in words if w not in quoted] == []
