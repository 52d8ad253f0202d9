"""Issue 12 (speed): what the fast paths must keep exactly as it was. No timings here."""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path

from click.testing import CliRunner

import bidscli
from bidscli.cli import main

ROOT = Path(__file__).resolve().parent.parent


def test_version_is_the_packages():
    """cli.py names the version explicitly (no importlib.metadata at start-up): it must not drift."""
    meta = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert bidscli.__version__ == meta["project"]["version"]
    res = CliRunner().invoke(main, ["--version"])
    assert res.output == f"bids, version {bidscli.__version__}\n"


def test_score_table_needs_no_tabulate():
    """A one-log score table is drawn without importing tabulate (start-up)."""
    import subprocess

    code = ("import sys; from bidscli.cli import main\n"
            "try:\n    main(['score', 'examples/friday-4p.toml'])\nexcept SystemExit:\n    pass\n"
            "assert 'tabulate' not in sys.modules and 'importlib.metadata' not in sys.modules, 'imported'")
    res = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert res.returncode == 0, res.stderr
    assert "Winner:" in res.stdout
