import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def _run_from_repo_root(monkeypatch):
    # Tests name example files relative to the repository root.
    monkeypatch.chdir(ROOT)
