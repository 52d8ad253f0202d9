"""The README's players' part in Italian, Spanish and Japanese (README.it.md, README.es.md,
README.ja.md; issue 34 item 5): linked from the top of README.md and back, and showing the same
commands as the English README's players' part (install, score a game, keep score as you play),
so neither can change without the other. tests/test_readme_commands.py runs every command of
all four from a fresh copy."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
ENGLISH = (ROOT / "README.md").read_text(encoding="utf-8")
LANGS = ("it", "es", "ja")
# The players' part of the English README: everything before its first section for disputes.
PLAYERS_PART = ENGLISH.split("\n## Settle a dispute", 1)[0]

# What a translation names in its own words, and the English README's word for it.
OWN_WORDS = {
    "it": {"examples/first-game-it.toml": "examples/first-game.toml", "venerdi.toml": "friday.toml",
           "PARTITA.toml": "GAME.toml", "partite/": "games/", "partite": "games"},
    "es": {"examples/first-game-es.toml": "examples/first-game.toml", "viernes.toml": "friday.toml",
           "PARTIDA.toml": "GAME.toml", "partidas/": "games/", "partidas": "games"},
    "ja": {"examples/first-game-ja.toml": "examples/first-game.toml", "kinyou.toml": "friday.toml",
           "kiroku/": "games/", "kiroku": "games"},
}


def text(lang: str) -> str:
    return (ROOT / f"README.{lang}.md").read_text(encoding="utf-8")


def commands(markdown: str) -> list[str]:
    """The shell commands a README shows: its setup block's lines (comments dropped), each
    `$ ` line of a block (fenced or indented), and each inline `bids ...`."""
    out: list[str] = []
    fenced = None  # the language of the ``` block we are in, or None outside
    for line in markdown.splitlines():
        if line.startswith("```"):
            fenced = None if fenced is not None else line[3:].strip()
            continue
        if fenced == "sh":
            command = line.split("  #", 1)[0].strip()
            if command:
                out.append(command)
        elif fenced is not None or line.startswith("    "):
            if line.strip().startswith("$ "):
                out.append(line.strip()[2:])
        else:
            out += [m for m in re.findall(r"`([^`]+)`", line) if m.startswith("bids ")]
    return [c for c in out if not c.endswith("...")]  # `bids --lang it record ...`: a form, not a command


def in_english(command: str, lang: str) -> str:
    """A translated README's command as the English README writes it: without the output
    language (`--lang it`, `--log-lang it`), with the English README's file names, and the
    players' names (the table's own) as their count."""
    words = command.split()
    out: list[str] = []
    k = 0
    while k < len(words):
        word = words[k]
        if word in ("--lang", "--log-lang") and k + 1 < len(words):
            assert words[k + 1] == lang, command  # the README's own language, nowhere another
            k += 2
            continue
        if word == "--players" and k + 1 < len(words):
            out += [word, f"<{len(words[k + 1].split(','))} names>"]
            k += 2
            continue
        out.append(OWN_WORDS[lang].get(word, word))
        k += 1
    return " ".join(out)


def in_english_names(command: str) -> str:
    return re.sub(r"--players (\S+)", lambda m: f"--players <{len(m.group(1).split(','))} names>", command)


def test_the_english_readme_links_each_translation_at_its_top():
    top = "\n".join(ENGLISH.splitlines()[:5])
    for lang in LANGS:
        assert f"](README.{lang}.md)" in top, lang
        assert (ROOT / f"README.{lang}.md").is_file()


@pytest.mark.parametrize("lang", LANGS)
def test_each_translation_links_back_and_to_the_others(lang):
    top = "\n".join(text(lang).splitlines()[:5])
    assert "](README.md)" in top
    for other in LANGS:
        if other != lang:
            assert f"](README.{other}.md)" in top, other
    # Every local link of the page leads to a file that exists.
    for target in re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)", text(lang)):
        if "://" not in target:
            assert (ROOT / target).exists(), target


@pytest.mark.parametrize("lang", LANGS)
def test_each_translation_shows_the_english_players_part_commands(lang):
    english = {in_english_names(c) for c in commands(PLAYERS_PART)}
    translated = [in_english(c, lang) for c in commands(text(lang))]
    # The same commands, each one (a translation adds none and leaves none out).
    assert set(translated) == english, (set(translated) ^ english)
    # Every command of bids says the output language, so the reader sees what the page shows.
    for command in commands(text(lang)):
        if command.startswith("bids ") and len(command.split()) > 2:  # not the name alone (`bids record`)
            assert command.startswith(f"bids --lang {lang} "), command
    # The commands this test must see, so that an empty extraction cannot pass.
    assert {"make demo", "bids --help", "bids validate examples/first-game.toml", "bids score examples/first-game.toml",
            "bids validate examples/broken.toml", "mkdir games", "bids serve games/ --lan",
            "bids record friday.toml --resume"} <= set(translated)
    assert any(c.startswith("bids record friday.toml --players <4 names> ") for c in translated)


@pytest.mark.parametrize("lang", LANGS)
def test_the_log_shown_is_the_shipped_example_in_the_languages_card_words(lang):
    block = text(lang).split("```toml\n", 1)[1].split("```", 1)[0]
    shipped = (ROOT / "examples" / f"first-game-{lang}.toml").read_text(encoding="utf-8")
    assert shipped.endswith(block) and shipped[: -len(block)].strip().startswith("#")  # less its opening comment
    assert f'lang = "{lang}"' in block
    # The same game as examples/first-game.toml: its tricks, card for card, each in this language's
    # words (tests/test_examples.py scores all four alike).
    from bidscli.log.reader import read_log

    ours, errors = read_log(ROOT / "examples" / f"first-game-{lang}.toml")
    theirs, _ = read_log(ROOT / "examples" / "first-game.toml")
    assert not errors and ours.lang == lang
    names = dict(zip(ours.players, theirs.players))
    assert [[(names[p], str(c)) for p, c in t.plays] for t in ours.rounds[0].tricks] == [
        [(p, str(c)) for p, c in t.plays] for t in theirs.rounds[0].tricks]
    # Its card words, not the English letters: no trick line of the shown log holds a card
    # written with a letter only English uses (G is giallo in Italian, green in English).
    english_tokens = re.compile({"it": r"\b[YK]\d", "es": r"\b[GYBK]\d", "ja": r"\b[RGYBK]\d"}[lang])
    assert not any(english_tokens.search(line) for line in block.splitlines() if line.startswith('  "'))


# -- what each README says of examples/broken.toml, counted from bids' own output

# "has eight mistakes": the count of mistakes as each README writes it in words
MISTAKES = {
    "en": "has {word} mistakes", "it": "ha {word} errori", "es": "tiene {word} errores", "ja": "間違いが{n}つあります",
}
NUMBER_WORDS = {
    "en": "zero one two three four five six seven eight nine ten eleven twelve".split(),
    "it": "zero uno due tre quattro cinque sei sette otto nove dieci undici dodici".split(),
    "es": "cero uno dos tres cuatro cinco seis siete ocho nueve diez once doce".split(),
}
# how each README says the summary's count: every line validate prints, the follow-on one too
SUMMARY = {"en": "counts {n} errors", "it": "conta quindi {n} errori", "es": "cuenta {n} errores",
           "ja": "エラー{n}件です"}


def broken_output(lang: str) -> tuple[list[dict], str]:
    """What `bids --lang LANG validate examples/broken.toml` reports: its JSON list of errors (English,
    each marked follow_on or not) and its text."""
    import json

    from click.testing import CliRunner

    from bidscli.cli.main import main

    run = CliRunner(env={"COLUMNS": "400"})
    doc = json.loads(run.invoke(main, ["validate", "examples/broken.toml", "--format", "json"]).stdout)
    return doc["errors"], run.invoke(main, ["--lang", lang, "validate", "examples/broken.toml"]).stdout


@pytest.mark.parametrize("lang", ("en", *LANGS))
def test_each_readme_counts_the_mistakes_of_broken_toml_as_validate_shows_them(lang):
    """Its mistakes, then the follow-on line validate adds (quoted with its mark as the output
    writes it in that language), and the summary's count of both: read from bids' output, so the
    READMEs cannot say eight where the output shows nine lines without saying why."""
    errors, shown = broken_output(lang)
    mistakes = [e for e in errors if not e["follow_on"]]
    follow_ons = [k for k, e in enumerate(errors) if e["follow_on"]]
    assert len(follow_ons) == 1  # the READMEs speak of one
    readme = " ".join((ENGLISH if lang == "en" else text(lang)).split())
    n = len(mistakes)
    assert MISTAKES[lang].format(n=n, word=NUMBER_WORDS[lang][n] if lang in NUMBER_WORDS else "") in readme
    # The follow-on line's mark, as this language's output prints it (its lines in the JSON's
    # order), is the one the README quotes.
    lines = shown.splitlines()
    assert len(lines) == len(errors) + 1  # a line an error, then the summary
    follow_on = lines[follow_ons[0]].rstrip()
    mark = follow_on[follow_on.rindex("（" if lang == "ja" else "("):]
    assert f"`{mark}`" in readme, mark
    assert SUMMARY[lang].format(n=len(errors)) in readme
    assert str(len(errors)) in lines[-1]  # the summary line's count
