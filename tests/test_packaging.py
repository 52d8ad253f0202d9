"""The bundled rulesets must load from an installed wheel, not only a checkout."""

import subprocess
import sys
import zipfile
from importlib.resources import files
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_rulesets_are_package_resources():
    names = sorted(p.name for p in files("bidscli.rulesets").iterdir() if p.name.endswith(".toml"))
    assert names == ["english.toml", "italian.toml", "japanese.toml"]


def test_wheel_ships_the_rulesets(tmp_path):
    out = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path), str(ROOT)],
        capture_output=True, text=True,
    )
    assert out.returncode == 0, out.stderr
    wheel, = tmp_path.glob("bidscli-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    for ruleset in ("italian", "english", "japanese"):
        assert f"bidscli/rulesets/{ruleset}.toml" in names
    for source in sorted((ROOT / "bidscli").rglob("*.py")):  # every module of every layer
        assert source.relative_to(ROOT).as_posix() in names
    for template in ("base.html", "game.html", "comparison.html", "study.html", "_macros.html", "report.css",
                     "report.js"):  # bids report's templates are package data
        assert f"bidscli/report/templates/{template}" in names
    for lang in ("it", "es", "ja"):  # the compiled catalogs are package data (core/i18n.py reads them)
        assert f"bidscli/locale/{lang}/LC_MESSAGES/bidscli.mo" in names
    entry = next(n for n in names if n.endswith("entry_points.txt"))
    assert "bids = bidscli.cli.main:main" in zipfile.ZipFile(wheel).read(entry).decode()
