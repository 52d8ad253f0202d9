"""``python -m bidscli`` as the user ``nobody``, for tests whose check root would bypass.

The checkout may sit where ``nobody`` cannot enter (root's home is mode 0700, and
so may be the folder of a CI clone), and so may the interpreter of its virtual
environment. So the package, its bundled rulesets and its run-time dependencies
are copied, laid out as an install lays them, into a fresh folder that everyone
may read, and run by the first interpreter that ``nobody`` can reach and that
imports them there. Without root the test user is an ordinary user already: the
command runs as it is, from the checkout.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from importlib import metadata
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent
SETPRIV = ("setpriv", "--reuid", "nobody", "--regid", "nogroup", "--clear-groups")
# The probe: an interpreter nobody can run and read, which imports the copy and every compiled module it uses.
PROBE = ("import os, sys; import bidscli.cli.main, bidscli.app.api\n"
         "assert os.access(os.path.realpath(sys.executable), os.X_OK), sys.executable\n"
         "assert os.access(os.__file__, os.R_OK), os.__file__\n"
         "assert bidscli.__file__.startswith(sys.argv[1]), bidscli.__file__\n"
         "import click, jinja2, tomli_w, prompt_toolkit, wcwidth\n"  # pyproject.toml's dependencies
         "if sys.implementation.name == 'cpython':\n    import orjson, tomli")


class Runner(NamedTuple):
    """How to run ``python -m bidscli`` as ``nobody``: the command's start, its environment and a
    folder it may work in."""

    prefix: tuple
    env: dict
    cwd: str

    def command(self, *args) -> list[str]:
        return [*self.prefix, "-m", "bidscli", *(a if isinstance(a, bytes) else str(a) for a in args)]


def _requirements(dist: str) -> list[str]:
    """The distributions ``dist`` needs at run time (no extras), whose markers hold here."""
    from packaging.requirements import Requirement

    out = []
    for text in metadata.requires(dist) or []:
        req = Requirement(text)
        if req.marker is None or req.marker.evaluate({"extra": ""}):
            out.append(req.name)
    return out


def _copy_dependencies(lib: Path) -> None:
    todo, seen = _requirements("bidscli"), set()
    while todo:
        name = todo.pop()
        if name.lower() in seen:
            continue
        seen.add(name.lower())
        dist = metadata.distribution(name)
        for f in dist.files or []:
            src = Path(dist.locate_file(f))
            if src.is_file() and ".." not in f.parts:  # scripts in bin/ are not needed
                dst = lib / f
                dst.parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(src, dst)
        todo.extend(_requirements(name))


def _interpreters() -> list[str]:
    out = [os.path.realpath(sys.executable)]
    major, minor = sys.version_info[:2]
    for name in (f"python{major}.{minor}", f"python{major}"):
        for folder in ("/usr/bin", "/usr/local/bin", sysconfig.get_config_var("BINDIR") or ""):
            path = os.path.join(folder, name)
            if os.access(path, os.X_OK) and os.path.realpath(path) not in out:
                out.append(os.path.realpath(path))
    return out


def make_runner(folder: Path) -> Runner | str:
    """A runner, with the package copied into ``folder``; else why there is none."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON") and k != "VIRTUAL_ENV"}
    if os.geteuid() != 0:
        return Runner((sys.executable,), {**env, "PYTHONPATH": str(ROOT)}, str(folder))
    if shutil.which("setpriv") is None:
        return "no setpriv to run as nobody (util-linux)"
    os.chmod(folder, 0o755)
    lib = folder / "lib"
    # As an install lays it out (pyproject.toml: package-dir): the rulesets inside the package.
    shutil.copytree(ROOT / "bidscli", lib / "bidscli")
    shutil.copytree(ROOT / "rulesets", lib / "bidscli" / "rulesets", dirs_exist_ok=True)
    _copy_dependencies(lib)
    for d, dirs, files in os.walk(folder):
        os.chmod(d, 0o755)
        for f in files:
            os.chmod(os.path.join(d, f), 0o644)
    env.update(PYTHONPATH=str(lib), PYTHONNOUSERSITE="1", PYTHONDONTWRITEBYTECODE="1", HOME=str(folder))
    tried = []
    for python in _interpreters():
        res = subprocess.run([*SETPRIV, python, "-c", PROBE, str(lib)], capture_output=True, text=True,
                             env=env, cwd=folder, timeout=120)
        if res.returncode == 0:
            return Runner((*SETPRIV, python), env, str(folder))
        tried.append(f"{python}: {(res.stderr.strip().splitlines() or ['exit ' + str(res.returncode)])[-1]}")
    return "no interpreter that nobody can run imports the package: " + "; ".join(tried)


def temporary_folder() -> Path:
    """A new folder under the system's temporary folder, or /tmp when nobody cannot enter that."""
    base = tempfile.gettempdir()
    if os.geteuid() == 0 and not os.stat(base).st_mode & 0o001:
        base = "/tmp"
    return Path(tempfile.mkdtemp(prefix="bids-nobody-", dir=base))
