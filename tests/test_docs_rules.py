"""The docs state the rules bidscli applies (issue 23, item 2): what a player reads in
docs/log-format.md is what `bids validate` does."""

import re
from pathlib import Path

from click.testing import CliRunner

from bidscli.cli.main import main

ROOT = Path(__file__).resolve().parent.parent
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
LOG_FORMAT = ROOT / "docs" / "log-format.md"


def _section(path, heading):
    text = path.read_text(encoding="utf-8")
    start = text.index(f"\n{heading}\n")
    end = text.find("\n#", start + len(heading) + 2)
    return " ".join(text[start:end].split())


def _validate(tmp_path, text, name="friday.toml"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return CliRunner().invoke(main, ["validate", str(path)])


def test_players_section_states_the_name_rule_of_the_checks_and_the_readme():
    players = _section(LOG_FORMAT, "### Players")
    assert "case-sensitive" not in players
    for rule in ("1-32 characters", "spaces and punctuation", "`,` `:` `;`", "differ only in case"):
        assert rule in players, rule
    checks = _section(LOG_FORMAT, "### What `validate` checks, at the least")
    readme = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    for rule in ("`,` `:` `;`", "differ only in case"):
        assert rule in checks and rule in readme, rule


def test_the_names_the_players_section_allows_are_valid(tmp_path):
    friday = (ROOT / "examples" / "friday-4p.toml").read_text(encoding="utf-8")
    spaced = friday.replace("hands.Ana ", 'hands."Ana Maria"').replace('"Ana", "Ben"', '"Ana Maria", "Ben"')
    spaced = spaced.replace("hands.Ben", 'hands."Ben"').replace(" Ana ", " ana maria ").replace("Ben", "José")
    res = _validate(tmp_path, spaced)
    assert res.exit_code == 0, res.output
    res = _validate(tmp_path, friday.replace('"Ben"', '"ben", "BEN"'))
    assert res.exit_code == 1


def test_the_example_error_of_log_format_is_what_validate_prints(tmp_path):
    # Bids has no suit to follow: the example is a card that was not in the hand.
    friday = (ROOT / "examples" / "friday-4p.toml").read_text(encoding="utf-8")
    wrong = friday.replace('"2x: Dev R10, Ana G10, Ben Y3, Cleo B1"', '"2x: Dev R10, Ana G10, Ben Y3, Cleo B4"')
    res = _validate(tmp_path, wrong)
    message = res.stdout.splitlines()[0].replace(str(tmp_path / "friday.toml"), "friday.toml")
    assert f"`{message}`" in LOG_FORMAT.read_text(encoding="utf-8")
    for path in DOCS:
        assert not re.search(r"\bbut led\b|\bfollow(s|ed)? suit\b", path.read_text(encoding="utf-8")), path.name


def test_every_markdown_file_the_docs_name_is_in_the_repo():
    # The contracts' own files (the spec's cli.md, log.md) are not shipped: a doc names what is.
    named = re.compile(r"(?<![\w/.-])((?:\.\./|docs/)?[\w.-]+\.md)\b")
    for path in DOCS:
        for name in named.findall(path.read_text(encoding="utf-8")):
            assert (path.parent / name).exists() or (ROOT / name).exists(), f"{path.name} names {name}"
