import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

# The suite's language is English whatever the machine's (core/i18n.py: --lang, else BIDS_LANG,
# else the locale): pinned here, at collection, for this process and every process a test starts.
# LANG stays a UTF-8 locale so that the processes' encodings do not change.
PINNED_LANGUAGE = {"BIDS_LANG": "en", "LANGUAGE": None, "LC_ALL": None, "LC_MESSAGES": None, "LANG": "C.UTF-8"}
for _name, _value in PINNED_LANGUAGE.items():
    if _value is None:
        os.environ.pop(_name, None)
    else:
        os.environ[_name] = _value


@pytest.fixture(autouse=True)
def _run_from_repo_root(monkeypatch):
    # Tests name example files relative to the repository root.
    monkeypatch.chdir(ROOT)


@pytest.fixture(scope="session")
def nobody():
    """How to run ``python -m bidscli`` as the user nobody (tests/nobody.py): a copy of the package
    that nobody can read, wherever the checkout sits. In CI (CI=true, as root) it must work;
    elsewhere a machine without setpriv or a fit interpreter skips, saying why."""
    import shutil

    from tests.nobody import make_runner, temporary_folder

    folder = temporary_folder()
    try:
        runner = make_runner(folder)
        if isinstance(runner, str):
            if os.environ.get("CI") == "true":
                pytest.fail(f"CI=true but {runner}")
            pytest.skip(runner)
        yield runner
    finally:
        shutil.rmtree(folder, ignore_errors=True)



@pytest.fixture
def server(tmp_path):
    """``bids serve`` on a fresh folder in its own process (tests/servekit.py: ``Served``), stopped
    at the end by SIGTERM, as a user stops it, if the test left it running (one that does not stop
    then is killed, and the test fails)."""
    from tests.servekit import Served

    s = Served(tmp_path)
    yield s
    if s.proc.poll() is None:
        s.stop()

# -- hypothesis profiles and case counts (property and fuzz tests) ------------------
# The default run uses the small "dev" profile; `make fuzz` sets HYPOTHESIS_PROFILE=fuzz.
from collections import Counter  # noqa: E402

from hypothesis import HealthCheck, settings  # noqa: E402

settings.register_profile("dev", max_examples=25, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
settings.register_profile("fuzz", max_examples=1000, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))

CASE_COUNTS: Counter = Counter()


@pytest.fixture(scope="session")
def case_counter():
    """Property and fuzz tests count the cases they ran here; the summary prints them."""
    return CASE_COUNTS


def pytest_terminal_summary(terminalreporter):
    if CASE_COUNTS:
        profile = os.environ.get("HYPOTHESIS_PROFILE", "dev")
        terminalreporter.section(f"property/fuzz cases run (hypothesis profile {profile})")
        for name, n in sorted(CASE_COUNTS.items()):
            terminalreporter.write_line(f"{n:>7}  {name}")
