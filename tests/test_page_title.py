"""A page's title is the log's `title`, else the file's name without its folder: no local path
on a page meant to be shared (issue 23, item 13)."""

import re
import shutil
from pathlib import Path

from click.testing import CliRunner

from bidscli.cli.main import main

ROOT = Path(__file__).resolve().parent.parent


def _page(tmp_path, log, *args):
    out = tmp_path / "page.html"
    res = CliRunner().invoke(main, ["report", str(log), *args, "--out", str(out), "--force"])
    assert res.exit_code == 0, res.output
    return out.read_text(encoding="utf-8")


def _title_and_h1(page):
    title = re.search(r"<title>(.*?)</title>", page, re.DOTALL).group(1)
    h1 = re.search(r"<h1>(.*?)</h1>", page, re.DOTALL).group(1)
    return title, h1


def test_a_page_without_title_is_named_by_the_file_alone(tmp_path):
    folder = tmp_path / "game night" / "logs"
    folder.mkdir(parents=True)
    log = folder / "friday.toml"
    shutil.copy(ROOT / "examples" / "friday-4p.toml", log)
    page = _page(tmp_path, log)
    assert _title_and_h1(page) == ("friday.toml: english", "friday.toml")
    assert str(folder) not in page and "game night" not in page
    page = _page(tmp_path, log, "-r", "english", "-r", "italian", "--lenient-deck")
    assert _title_and_h1(page) == ("friday.toml: english vs italian", "friday.toml: english vs italian")
    assert str(folder) not in page and "game night" not in page


def test_a_page_is_named_by_the_logs_title(tmp_path):
    log = tmp_path / "friday.toml"
    text = (ROOT / "examples" / "friday-4p.toml").read_text(encoding="utf-8")
    log.write_text(text.replace('ruleset = "english"', 'ruleset = "english"\ntitle = "Friday at Marta\'s"'),
                   encoding="utf-8")
    title, h1 = _title_and_h1(_page(tmp_path, log))
    assert (title, h1) == ("Friday at Marta&#39;s: english", "Friday at Marta&#39;s")
    title, h1 = _title_and_h1(_page(tmp_path, log, "-r", "english", "-r", "italian", "--lenient-deck"))
    assert title == h1 == "Friday at Marta&#39;s: english vs italian"


def test_a_title_that_is_not_a_string_is_a_located_error(tmp_path):
    log = tmp_path / "friday.toml"
    text = (ROOT / "examples" / "friday-4p.toml").read_text(encoding="utf-8")
    log.write_text(text.replace('ruleset = "english"', 'ruleset = "english"\ntitle = 7'), encoding="utf-8")
    res = CliRunner().invoke(main, ["validate", str(log)])
    assert res.exit_code == 1
    assert f"{log}:13: title must be a string, in quotes" in res.stdout
