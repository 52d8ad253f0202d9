"""Every command the README (and each translated README: README.it.md, README.es.md,
README.ja.md) shows works as written, from a fresh copy of the repository after the README's
own setup (its "Install" block: `make demo`, then activating the virtual
environment), in a plain shell: found (never "command not found"), and printing what the
README shows where it shows output.

The copy holds what a clone holds: the files git tracks, and the new ones it would take (not
the ignored ones: no .venv). Setting it up installs the package into its own .venv (a minute or
so, the cost of `make demo`); the commands then run in bash, each after the setup's activation
line, at 100 columns as the README's output is pasted.
"""

from __future__ import annotations

import os
import re
import selectors
import shutil
import subprocess
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
READMES = ("README.md", "README.it.md", "README.es.md", "README.ja.md")
TEXTS = {name: (ROOT / name).read_text(encoding="utf-8") for name in READMES}
README = TEXTS["README.md"]
# A command of a translated README names the output language: `bids --lang it record ...`.
RECORD = re.compile(r"\$ bids (--lang \w+ )?record ")
SERVE = re.compile(r"\$ bids (--lang \w+ )?serve ")


# -- what the README shows ----------------------------------------------------------------------


def setup_lines(text: str = README) -> list[str]:
    """The Install section's ```sh block (the README's only one), line by line (comments left to bash)."""
    block = text.split("```sh\n", 1)[1].split("```", 1)[0]
    return [line for line in block.splitlines() if line.strip()]


def fenced_commands(text: str = README) -> list[tuple[str, list[str]]]:
    """Every `$ bids ...` of a ``` block with the output pasted under it."""
    out: list[tuple[str, list[str]]] = []
    inside = False
    current: list[str] | None = None
    for line in text.splitlines():
        if line.startswith("```"):
            inside, current = not inside, None
        elif inside and line.startswith("$ "):
            current = []
            out.append((line[2:], current))
        elif inside and current is not None:
            current.append(line)
    return out


def indented_blocks(text: str = README) -> list[list[str]]:
    """The README's indented blocks (four spaces, outside ``` blocks), each a list of lines."""
    blocks: list[list[str]] = []
    inside, current = False, None
    for line in text.splitlines():
        if line.startswith("```"):
            inside = not inside
            current = None
            continue
        if not inside and line.startswith("    ") and line.strip():
            if current is None:
                current = []
                blocks.append(current)
            current.append(line[4:])
        elif line.strip():
            current = None
    return blocks


def test_the_readme_shows_what_this_test_runs():
    assert any(line.startswith("make demo") for line in setup_lines())
    assert [x for x in setup_lines() if x.startswith(". ")] == [". .venv/bin/activate   # bids on the PATH of this "
                                                                "shell: every command below runs as written"]
    commands = [c for c, _ in fenced_commands()]
    assert {c.split()[1] for c in commands} >= {"validate", "score", "disputes", "diff", "study"}
    shown = [line for block in indented_blocks() for line in block]
    assert any(line.startswith("bids season examples/league") for line in shown)
    assert any(line.startswith("$ bids record ") for line in shown)
    # No command of the README names the program by a path that only works in one place.
    assert ".venv/bin/bids --help" not in README


# -- running it ------------------------------------------------------------------------------------


def _fresh_copy(dest: Path) -> None:
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout: the README's setup starts from a clone")
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], cwd=ROOT,
                            capture_output=True, check=True).stdout.decode("utf-8", "surrogateescape")
    for name in filter(None, listed.split("\0")):
        source = ROOT / name
        if not source.is_file():  # deleted in the work tree, not yet in the index
            continue
        target = dest / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source, target)


def _env() -> dict:
    env = {k: v for k, v in os.environ.items() if k not in ("VIRTUAL_ENV", "PYTHONPATH", "BIDS_DEBUG", "BIDS_LANG")}
    # The PATH of a fresh shell: without this checkout's own virtual environment on it.
    env["PATH"] = os.pathsep.join(p for p in env.get("PATH", "").split(os.pathsep)
                                  if not p.startswith(str(ROOT)))
    env.update(COLUMNS="100", LANG="C.UTF-8", LC_ALL="C.UTF-8")
    env.pop("LANGUAGE", None)
    return env


@pytest.fixture(scope="module")
def clone(tmp_path_factory):
    """A fresh copy after the README's setup (every setup line but the test suite's own)."""
    dest = tmp_path_factory.mktemp("clone") / "bidscli"
    dest.mkdir()
    _fresh_copy(dest)
    script = "set -e\n" + "\n".join(line for line in setup_lines() if not line.startswith("make test"))
    res = subprocess.run(["bash", "-c", script], cwd=dest, env=_env(), capture_output=True, text=True, timeout=1200)
    assert res.returncode == 0, res.stdout[-2000:] + res.stderr[-2000:]
    assert "Usage: bids" in res.stdout  # `bids --help`, found right after the setup
    return dest


def shell(clone: Path, command: str, stdin: str = "") -> subprocess.CompletedProcess:
    """``command`` in bash as the README's reader runs it: after the setup's activation line
    (the same line in every README: tests/test_readme_langs.py)."""
    prelude = "\n".join(line for line in setup_lines() if line.startswith((". ", "source ")))
    return subprocess.run(["bash", "-c", f"{prelude}\n{command}"], cwd=clone, env=_env(), input=stdin,
                          capture_output=True, text=True, timeout=600)


def found(res: subprocess.CompletedProcess, command: str) -> None:
    assert res.returncode != 127 and "command not found" not in res.stderr, f"{command}: {res.stderr}"


def in_order(actual: list[str], expected: list[str], what: str) -> None:
    """The README's lines in ``actual``: all of them, or with '...' the runs between in order."""
    while expected and expected[-1] == "":
        expected = expected[:-1]
    if "..." not in expected:
        assert actual == expected, what
        return
    runs, run = [], []
    for line in [*expected, "..."]:
        if line == "...":
            if run:
                runs.append(run)
            run = []
        else:
            run.append(line)
    pos = 0
    for lines in runs:
        for start in range(pos, len(actual) - len(lines) + 1):
            if actual[start:start + len(lines)] == lines:
                pos = start + len(lines)
                break
        else:
            raise AssertionError(f"{what}: not found in order:\n" + "\n".join(lines))


@pytest.mark.parametrize("readme", READMES)
def test_every_command_with_its_output_prints_it(clone, readme):
    for command, expected in fenced_commands(TEXTS[readme]):
        res = shell(clone, command)
        found(res, command)
        in_order(res.stdout.rstrip("\n").splitlines(), expected, command)


@pytest.mark.parametrize("readme", READMES)
def test_every_other_command_runs(clone, readme):
    ran = 0
    for block in indented_blocks(TEXTS[readme]):
        first = block[0]
        if RECORD.match(first):
            # The transcript: what was typed after each prompt goes in, the recorder's answers come
            # out (on standard error: no terminal here, so no prompts).
            typed = [line.split("> ", 1)[1] for line in block[1:] if "> " in line]
            answers = [line for line in block[1:] if "> " not in line]
            res = shell(clone, first[2:], stdin="".join(x + "\n" for x in typed))
            found(res, first)
            assert res.returncode == 0, res.stderr
            in_order(res.stderr.splitlines(), ["...", *answers, "..."], first)
            ran += 1
        elif first.startswith("$ mkdir") and SERVE.match(block[1]):
            ran += _serve(clone, first[2:], block[1][2:], block[2:])
        else:
            for line in block:
                if line.startswith(("bids ", "$ bids ")):
                    command = line.removeprefix("$ ")
                    res = shell(clone, command)
                    found(res, command)
                    assert res.returncode == 0, f"{command}: {res.stderr}"
                    ran += 1
    # English: record, serve and the other commands; a translation shows the players' part only.
    assert ran >= (7 if readme == "README.md" else 2)


def _serve(clone: Path, mkdir: str, command: str, shown: list[str]) -> int:
    """A server runs until stopped: started as written, its links read, then stopped."""
    assert shell(clone, mkdir).returncode == 0
    prelude = "\n".join(line for line in setup_lines() if line.startswith((". ", "source ")))
    # As written, on a free port: another program (or another run of this test) may hold 8765.
    proc = subprocess.Popen(["bash", "-c", f"{prelude}\nexec {command} --port 0"], cwd=clone, env=_env(),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    out = b""
    try:
        with selectors.DefaultSelector() as sel:  # the pipe read as it comes (no buffer between)
            sel.register(proc.stdout, selectors.EVENT_READ)
            deadline = time.monotonic() + 120
            # until the two links (their labels are in the command's language: segnapunti:, ...)
            while out.count(b"://") < 2 and time.monotonic() < deadline and proc.poll() is None:
                if sel.select(timeout=1):
                    out += os.read(proc.stdout.fileno(), 65536)
    finally:
        proc.terminate()
        try:
            rest, err_bytes = proc.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            rest, err_bytes = proc.communicate()
    lines = (out + rest).decode("utf-8", "replace").splitlines()
    err = err_bytes.decode("utf-8", "replace")
    assert "command not found" not in err, err
    for want in shown:  # the links: the same words, another machine's address
        head = re.match(r"\S+[:：]\s+\w+://", want)
        assert head is not None and any(re.match(re.escape(head.group(0)), x) for x in lines), (want, lines, err)
    return 1


def test_shell_completion_line_works(clone):
    line = re.search(r'`(eval "\$\(_BIDS_COMPLETE=bash_source bids\)")`', README)
    assert line is not None
    res = shell(clone, f"{line.group(1)}\ncomplete -p bids")
    found(res, line.group(1))
    assert res.returncode == 0 and "bids" in res.stdout, res.stderr
