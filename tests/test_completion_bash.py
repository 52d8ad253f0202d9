"""Tab completion in a real interactive bash (issue 23, item 17): the completion script that
`_BIDS_COMPLETE=bash_source bids` prints, sourced in `bash -i` on a pseudo-terminal, with keys
typed as a user types them. bash splits a word at `=` (COMP_WORDBREAKS), so `-o key=<Tab>` is
where click's own script went wrong.

A line is read back by turning it into `echo @LINE@` before Enter, so what the completion put
on the line, its trailing space included, is printed. Under CI (CI=true)
these tests never skip; elsewhere they skip, saying why, only when bash is missing.
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

import pytest

try:
    import pexpect
except ImportError:  # pragma: no cover - the test extra installs it
    pexpect = None

ROOT = Path(__file__).resolve().parent.parent
BASH = shutil.which("bash")
if BASH is None and os.environ.get("CI", "").lower() not in ("true", "1"):
    pytestmark = pytest.mark.skip(reason="bash is not installed")

PROMPT = "bash$ "


@pytest.fixture
def shell(tmp_path):
    """An interactive bash with `bids` on its PATH (this interpreter's bidscli) and its
    completion installed as docs/commands.md says."""
    assert pexpect is not None, "pexpect is not installed (pip install -e '.[test]')"
    assert BASH is not None, "bash is not installed"
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    wrapper = bin_dir / "bids"
    wrapper.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m bidscli "$@"\n', encoding="utf-8")
    wrapper.chmod(0o755)
    env = {"PATH": f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '/usr/bin:/bin')}", "HOME": str(tmp_path),
           "TERM": "dumb", "PS1": PROMPT, "INPUTRC": os.devnull, "PYTHONPATH": str(ROOT), "LANG": "C.UTF-8"}
    child = pexpect.spawn(BASH, ["--norc", "--noprofile", "-i"], env=env, cwd=str(ROOT), encoding="utf-8",
                          timeout=60, dimensions=(24, 200))
    child.expect_exact(PROMPT)
    child.sendline('eval "$(_BIDS_COMPLETE=bash_source bids)"')
    child.expect_exact(PROMPT)
    yield child
    child.close(force=True)


def run(child, line: str) -> str:
    child.sendline(line)
    child.expect_exact(PROMPT)
    return child.before.replace("\r", "")


def completed(child, typed: str) -> str:
    """The line after typing TYPED and one Tab. bash reads the keys after the Tab only once the
    completion has run, so they go in one write."""
    child.sendline(f"{typed}\t\x01echo @\x05@")  # Ctrl-A, Ctrl-E: to the line's start, its end
    child.expect(r"\n@(.*)@\r?\n")
    line = child.match.group(1)
    child.expect_exact(PROMPT)
    return line


def listed(child, typed: str) -> list[str]:
    """What two Tabs list after TYPED: bash prints the list, then the prompt and the line again
    (dropped then with Ctrl-C)."""
    child.send(f"{typed}\t\t")
    child.expect_exact(PROMPT)
    lines = [line for line in child.before.replace("\r", "").split("\n") if line.strip()]
    child.sendcontrol("c")
    child.expect_exact(PROMPT)
    return lines[-1].split()


def test_the_completion_is_installed_for_bids(shell):
    assert "complete -o nosort -F _bids_completion bids" in run(shell, "complete -p bids")


def test_option_values_complete_after_the_equals_sign(shell):
    assert listed(shell, "bids score examples/friday-4p.toml -o thief.timing=") == ["immediate", "deferred"]
    assert completed(shell, "bids score examples/friday-4p.toml -o thief.timing=def") == \
        "bids score examples/friday-4p.toml -o thief.timing=deferred "
    assert completed(shell, "bids replay examples/friday-4p.toml -o double.scope=g") == \
        "bids replay examples/friday-4p.toml -o double.scope=game "
    assert completed(shell, "bids score examples/friday-4p.toml -o ally=t") == \
        "bids score examples/friday-4p.toml -o ally=true "


def test_an_option_name_completes_to_its_equals_sign_without_a_space(shell):
    assert completed(shell, "bids score examples/friday-4p.toml -o thief.tim") == \
        "bids score examples/friday-4p.toml -o thief.timing="


def test_a_quoted_option_completes_whole(shell):
    assert completed(shell, 'bids score examples/friday-4p.toml -o "thief.timing=imm') == \
        "bids score examples/friday-4p.toml -o thief.timing=immediate "


def test_knob_values_after_disputes_knob_and_words_without_equals_still_complete(shell):
    assert completed(shell, "bids disputes examples/friday-4p.toml --knob double.scope=r") == \
        "bids disputes examples/friday-4p.toml --knob double.scope=round "
    assert completed(shell, "bids vali") == "bids validate "
    assert completed(shell, "bids score examples/friday-4p.toml -r jap") == \
        "bids score examples/friday-4p.toml -r japanese "
    assert completed(shell, "bids score examples/friday-4") == "bids score examples/friday-4p.toml "
