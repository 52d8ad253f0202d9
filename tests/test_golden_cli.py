"""Outputs of score, replay and validate, byte for byte, against tests/golden/cli (issue 12).

Regenerate after a deliberate change with ``make golden`` (tests/golden_cli.py) and read the diff.
"""

from __future__ import annotations

import pytest

from . import golden_cli as G

CASES = G.cases()


@pytest.mark.parametrize("name,argv", CASES, ids=[name for name, _ in CASES])
def test_output_matches_golden(name, argv):
    path = G.GOLDEN / name
    assert path.exists(), f"no golden file {name}: run `make golden` (tests/golden_cli.py)"
    expected = path.read_bytes().decode("utf-8")
    got = G.run(argv)
    assert got == expected, f"bids {' '.join(argv)} differs from {name}; if intended, run `make golden`"


def test_no_stray_golden_files():
    wanted = {G.GOLDEN / name for name, _ in CASES}
    assert set(G.GOLDEN.rglob("*.txt")) == wanted


def test_goldens_cover_every_format_and_a_failure():
    """The goldens are not vacuous: each format and both exit codes appear."""
    texts = [(G.GOLDEN / name).read_text(encoding="utf-8") for name, _ in CASES]
    assert sum("\nexit 0\n" in t for t in texts) > 100
    assert sum("\nexit 1\n" in t for t in texts) > 20
    assert any('"rounds": [' in t for t in texts)  # score json
    assert any(t.startswith("$ bids score") and "--format csv" in t.splitlines()[0] and "file," in t
               for t in texts)
