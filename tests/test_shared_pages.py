"""A page made to be shared shows no local path (issue 32, item 4): `study --html`, `report` (its
footer) and `season --html` name a ruleset by its name and a game by its title, else its path
relative to the folder given; a ruleset file given to -r by an absolute path appears on the page,
footer included, by its name (the footer's command: its file name)."""

from __future__ import annotations

import shutil
from pathlib import Path

from click.testing import CliRunner

from bidscli.cli.main import main

from .test_report import Tree


def bids(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def rulesets(tmp_path: Path) -> tuple[Path, Path]:
    """The house ruleset (its name: house-friday) twice, in two folders, each file house.toml."""
    a = tmp_path / "mine" / "rules" / "house.toml"
    b = tmp_path / "theirs" / "house.toml"
    for p in (a, b):
        p.parent.mkdir(parents=True)
        shutil.copy("examples/house.toml", p)
    return a.resolve(), b.resolve()


def no_path(html: str, tmp_path: Path) -> str:
    assert str(tmp_path) not in html and "/mine/" not in html and "theirs/" not in html
    return " ".join(Tree(html).root.text().split())


def test_study_page_names_rulesets_by_name(tmp_path):
    a, _ = rulesets(tmp_path)
    page = tmp_path / "study.html"
    r = bids("study", "-r", a, "-r", "italian", "-p", 4, "-g", 4, "--html", page)
    assert r.exit_code == 0, r.output
    text = no_path(page.read_text(encoding="utf-8"), tmp_path)
    assert "Study: house-friday vs italian" in text
    assert "(bids study --ruleset house.toml --ruleset italian" in text  # the footer's command


def test_study_page_tells_two_rulesets_of_one_name_apart_without_a_path(tmp_path):
    a, b = rulesets(tmp_path)
    page = tmp_path / "study.html"
    r = bids("study", "-r", a, "-r", b, "-p", 4, "-g", 2, "--html", page)
    assert r.exit_code == 0, r.output
    text = no_path(page.read_text(encoding="utf-8"), tmp_path)
    assert "Study: house-friday (house.toml) vs house-friday (house.toml)#2" in text


def test_report_footer_and_comparison_name_no_path(tmp_path):
    a, b = rulesets(tmp_path)
    log = tmp_path / "mine" / "friday.toml"
    shutil.copy("examples/friday-4p.toml", log)
    page = tmp_path / "r.html"
    r = bids("report", log.resolve(), "-r", a, "--out", page)
    assert r.exit_code == 0, r.output
    assert "(bids report friday.toml --ruleset house.toml)" in no_path(page.read_text(encoding="utf-8"), tmp_path)
    r = bids("report", log.resolve(), "-r", a, "-r", b, "--out", page, "--force")
    assert r.exit_code == 0, r.output
    text = no_path(page.read_text(encoding="utf-8"), tmp_path)
    assert "house-friday vs house.toml" in text  # the second of one name: its file name, not its path


def test_season_page_names_a_ruleset_file_by_its_name(tmp_path):
    a, b = rulesets(tmp_path)
    league = tmp_path / "mine" / "league"
    league.mkdir()
    shutil.copy("examples/friday-4p.toml", league / "friday.toml")
    page = tmp_path / "s.html"
    r = bids("season", league.resolve(), "-r", a, "-r", b, "--html", page)
    assert r.exit_code == 0, r.output
    text = no_path(page.read_text(encoding="utf-8"), tmp_path)
    assert "Standings: house-friday" in text and "Standings: house.toml" in text
    assert "(bids season league --ruleset house.toml --ruleset house.toml)" in text
