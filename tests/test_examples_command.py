"""`bids examples` (issue 23, item 18): the examples ship in the package, so the first commands
`bids --help` suggests work from any folder after `pip install .`; the shipped files are the
top-level examples/ folder itself (one copy), read through the installed package."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

from bidscli.cli.main import main

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = sorted(p.stem for p in (ROOT / "examples").glob("*.toml"))


def bids(*args):
    return CliRunner().invoke(main, list(args))


def test_examples_lists_every_shipped_file_with_what_it_is():
    r = bids("examples")
    assert r.exit_code == 0
    listed = [line.split()[0] for line in r.stdout.split("\n\n")[0].splitlines()]
    assert listed == SHIPPED
    assert "friday-4p      Friday night, table 2: four players, English rules, Ally and the -5 bonus." in r.stdout
    assert "bids examples NAME --out NAME.toml" in r.stdout
    doc = json.loads(bids("examples", "--format", "json").stdout)
    assert [d["name"] for d in doc] == SHIPPED


def test_an_example_is_printed_or_written_byte_for_byte(tmp_path):
    for name in SHIPPED:
        assert bids("examples", name).stdout == (ROOT / "examples" / f"{name}.toml").read_text(encoding="utf-8")
    out = tmp_path / "friday.toml"
    r = bids("examples", "friday-4p.toml", "--out", str(out))
    assert r.exit_code == 0 and out.read_bytes() == (ROOT / "examples" / "friday-4p.toml").read_bytes()
    r = bids("examples", "friday-4p", "--out", str(out))
    assert r.exit_code == 1 and "use --force" in r.stderr  # never over a file without --force
    assert bids("examples", "friday-4p", "--out", str(out), "--force").exit_code == 0


def test_a_wrong_name_is_a_usage_error_with_the_nearest():
    r = bids("examples", "fridy")
    assert r.exit_code == 2
    assert "no example 'fridy' (did you mean 'friday-4p'?)" in r.stderr
    assert bids("examples", "--out", "x.toml").exit_code == 2


def test_the_help_path_works_from_a_folder_without_the_checkout(tmp_path):
    # The commands `bids --help` starts with, run as processes in an empty folder.
    def run(*args):
        return subprocess.run([sys.executable, "-m", "bidscli", *args], cwd=tmp_path, capture_output=True,
                              text=True, timeout=120)

    help_text = run("--help").stdout
    assert "bids examples friday-4p --out friday.toml" in help_text
    assert run("examples", "friday-4p", "--out", "friday.toml").returncode == 0
    score = run("score", "friday.toml")
    assert score.returncode == 0 and "Winner: Dev with 48" in score.stdout


def test_each_summary_is_a_whole_sentence():
    # `bids examples` lists each example with the first sentence of its opening comment,
    # even where the sentence runs over two comment lines: never cut mid-sentence.
    res = CliRunner().invoke(main, ["examples", "--format", "json"], env={"COLUMNS": "200"})
    assert res.exit_code == 0, res.output
    doc = json.loads(res.stdout)
    rows = doc if isinstance(doc, list) else doc["examples"]
    for row in rows:
        assert row["summary"].endswith((".", "。")), row  # a Japanese sentence ends with 。
    assert any(r["summary"] == "A log with mistakes on purpose, for `bids validate examples/broken.toml`."
               for r in rows)
