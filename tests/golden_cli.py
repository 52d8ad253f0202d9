"""Golden outputs of the reporting commands, byte for byte (issue 12).

Every log in ``examples/``, ``tests/outside/`` (and ``broken/``), ``tests/data/`` and
``tests/data/cardwords/`` is run through ``score`` (table, csv, json), ``replay``,
``replay --explain`` and ``validate`` (text, json), plus a few many-file runs
(the CSV header, the JSON list, a folder for validate). Each run's exit code,
stdout and stderr are kept in ``tests/golden/cli/<group>/<log>.<variant>.txt``;
``tests/test_golden_cli.py`` compares them byte for byte, so a speed-up that
changes one byte of output fails.

After a deliberate change of output, regenerate and read the diff:

    .venv/bin/python tests/golden_cli.py          # or: make golden
    git diff --stat tests/golden/cli

Runs are in-process (click's CliRunner) from the repository root, with
COLUMNS=100, so they are fast and the paths printed are the relative ones.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden" / "cli"

# group -> folder of logs (``*.expected.toml`` files are answers, not logs)
GROUPS = {
    "examples": "examples",
    "outside": "tests/outside",
    "broken": "tests/outside/broken",
    "data": "tests/data",
    "cardwords": "tests/data/cardwords",  # logs in Italian, Spanish and Japanese card words (log.md, lang)
}

# score and replay take --allow-partial: most outside logs are unfinished games, whose standings
# are worth keeping byte for byte (the refusal without it is one line: tests/test_unfinished.py).
VARIANTS = {
    "score-table": ["score", "{log}", "--allow-partial"],
    "score-csv": ["score", "{log}", "--format", "csv", "--allow-partial"],
    "score-json": ["score", "{log}", "--format", "json", "--allow-partial"],
    "replay": ["replay", "{log}", "--allow-partial"],
    "replay-explain": ["replay", "{log}", "--explain", "--allow-partial"],
    "validate": ["validate", "{log}"],
    "validate-json": ["validate", "{log}", "--format", "json"],
}

_EXAMPLES = ["examples/friday-4p.toml", "examples/colour-5p.toml", "examples/lowest-3p.toml",
             "examples/thief-6p.toml", "examples/broken.toml"]
# Many logs in one run: argument order, the CSV header's round columns, the JSON list, errors between.
MULTI = {
    "score-table": ["score", *_EXAMPLES],
    "score-csv": ["score", *_EXAMPLES, "--format", "csv"],
    "score-json": ["score", *_EXAMPLES, "--format", "json"],
    "score-outside-csv": ["score", *[f"tests/outside/{n}" for n in (
        "o01_3p_plain.toml", "o08_6p_all_rulesets_double.toml", "o13_5p_italian_short_deal_hands.toml",
        "o12_3p_thief_across_rounds.toml")], "--format", "csv", "--allow-partial"],
    "score-italian-json": ["score", "examples/thief-6p.toml", "tests/outside/o06_5p_italian_surprise.toml",
                           "-r", "italian", "--format", "json", "--allow-partial"],
    "validate-folder": ["validate", "tests/outside"],
    "validate-folder-json": ["validate", "tests/outside", "--format", "json"],
    "validate-summary-json": ["validate", "examples", "--format", "json", "--summary"],
    # The reader's messages, a family a log (in each language too: LANG_RUNS), and --jobs (errors
    # cross from the workers: a card of another language's words among them).
    "validate-messages": ["validate", "tests/data/messages"],
    "validate-messages-jobs": ["validate", "tests/data/messages", "--jobs", "2"],
    # --alias OLD=NEW with a name that cannot be a player's (in each language too: LANG_RUNS)
    "season-alias-empty": ["season", "tests/data/season", "--alias", "=Ana"],
    "season-alias-name": ["season", "tests/data/season", "--alias", "Ana: M=Ana"],
    # The shipped examples, each with its summary (the same runs in each language: LANG_RUNS).
    "examples": ["examples"],
}


# The players' languages (issue 34): what is worded so far (every --help with click's own words,
# validate's summary line and an error's place, the command line's usage errors, bids season's
# table, score, replay and the engine's reasons, rules show/list/diff, diff and disputes, every
# message of the log reader and the file policy), in each language.
LANGS = ("it", "es", "ja")
LANG_RUNS = {
    "help": ["--help"],
    "validate-help": ["validate", "--help"],
    "validate-broken": ["validate", "examples/broken.toml"],
    "validate-examples": ["validate", "examples", "examples/friday-4p.toml"],
    "validate-no-log": ["validate"],
    "score-bad-format": ["score", "--format", "x", "examples/broken.toml"],
    "score-ruleset-folder": ["score", "-r", "examples", "examples/friday-4p.toml"],
    "score-ruleset-typo": ["score", "-r", "italain", "examples/friday-4p.toml"],
    "validate-knob-typo": ["validate", "-o", "thief.timng=deferred", "examples/friday-4p.toml"],
    "disputes-table-option": ["disputes", "examples/broken.toml", "--knob", "thief=true"],
    "no-such-command": ["scor", "examples/broken.toml"],
    # The reader's messages, a family a log (tests/data/messages/): bad TOML and its hint, keys,
    # cards and their slips, another language's card words, names, a card played twice, files.
    "validate-messages": ["validate", "tests/data/messages"],
    "score-messages": ["score", "tests/data/messages/toml-comma.toml", "tests/data/messages/ruleset-folder.toml",
                       "tests/data/messages/latin1.toml", "tests/data/messages/no-such-log.toml"],
    # bids season's table: headings, notes, the order, results, head to head, left-out logs
    "season": ["season", "tests/data/season"],
    "season-what-if": ["season", "tests/data/season", "-r", "italian", "-r", "english", "--lenient-deck",
                       "--min-games", "2", "--alias", "Ana Maria=Ana", "--alias", "Zed=Z"],
    "season-csv": ["season", "tests/data/season", "--format", "csv", "--rank-by", "rating"],
    "season-alias-empty": ["season", "tests/data/season", "--alias", "=Ana"],  # each clause worded
    "season-alias-name": ["season", "tests/data/season", "--alias", "Ana: M=Ana"],
    # score's table and notes; replay --explain's trick lines, reasons and card words (a legend)
    "score": ["score", "examples/friday-4p.toml"],
    "score-partial": ["score", "tests/data/season/unfinished.toml", "--allow-partial"],
    "replay-explain": ["replay", "examples/thief-6p.toml", "--explain"],
    "replay-lowest": ["replay", "examples/lowest-3p.toml"],
    # rules show's headings, labels, deck math and fine print; rules list and diff
    "rules-show": ["rules", "show", "italian", "--players", "6", "-o", "thief=true"],
    "rules-list": ["rules", "list"],
    "rules-diff": ["rules", "diff", "italian", "english"],
    # bids diff and bids disputes: the trick table, the scores, every divergence with its reasons,
    # the account by rule, the knobs changed alone and the smallest sets that change the winner
    "diff": ["diff", "examples/thief-6p.toml", "-r", "italian", "-r", "english"],
    "disputes": ["disputes", "examples/thief-6p.toml", "-r", "italian"],
    # what the analysis notes (issue 34): a deal that does not fit a deck, the steals not as
    # recorded, --lenient-deck's stretches, a variant undetermined from the log
    "diff-deck": ["diff", "examples/first-game.toml", "-r", "italian", "-r", "english"],
    "diff-steals": ["diff", "tests/data/diff-thief-4p.toml", "-r", "italian", "-r", "english"],
    "diff-lenient": ["diff", "examples/friday-4p.toml", "-r", "italian", "-r", "english", "--lenient-deck"],
    "disputes-undetermined": ["disputes", "tests/data/diff-surprise-4p.toml", "--allow-partial"],
    # the file policy's refusals (files/safe.py): a file that exists, one that is not a regular
    # file, the command's own input
    "out-exists": ["deal", "-r", "italian", "-p", "4", "--seed", "1", "--out", "examples/friday-4p.toml"],
    "out-device": ["deal", "-r", "italian", "-p", "4", "--seed", "1", "--out", "/dev/null", "--force"],
    "out-input": ["report", "examples/friday-4p.toml", "--out", "examples/friday-4p.toml", "--force"],
    # a folder with no log and an empty path (app/batch.py)
    "validate-no-logs": ["validate", "bidscli/locale/it", ""],
    "examples-typo": ["examples", "fridy"],  # a value quoted as TOML writes it, never a Python repr
    # bids examples: each example's summary in the language (its JSON stays English)
    "examples": ["examples"],
    "examples-json": ["examples", "--format", "json"],
}


def logs() -> list[tuple[str, str]]:
    """(group, relative path) of every log, sorted."""
    out = []
    for group, folder in GROUPS.items():
        for p in sorted((ROOT / folder).glob("*.toml")):
            if not p.name.endswith(".expected.toml"):
                out.append((group, f"{folder}/{p.name}"))
    return out


def cases() -> list[tuple[str, list[str]]]:
    """(golden file relative to GOLDEN, argv) of every run."""
    out = []
    for group, log in logs():
        stem = Path(log).name[: -len(".toml")]
        for variant, argv in VARIANTS.items():
            out.append((f"{group}/{stem}.{variant}.txt", [a.format(log=log) for a in argv]))
    for name, argv in MULTI.items():
        out.append((f"multi/{name}.txt", list(argv)))
    for lang in LANGS:
        for name, argv in LANG_RUNS.items():
            out.append((f"lang/{lang}/{name}.txt", ["--lang", lang, *argv]))
    return out


def run(argv: list[str]) -> str:
    """One in-process run: its exit code, stdout and stderr as one text."""
    import os

    from click.testing import CliRunner

    from bidscli.cli.main import main

    cwd = os.getcwd()
    os.chdir(ROOT)
    try:
        res = CliRunner(env={"COLUMNS": "100", "BIDS_DEBUG": None}).invoke(main, argv)
    finally:
        os.chdir(cwd)
    if res.exception is not None and not isinstance(res.exception, SystemExit):
        raise AssertionError(f"bids {' '.join(argv)} crashed: {res.exception!r}")
    return (f"$ bids {' '.join(argv)}\nexit {res.exit_code}\n--- stdout\n{res.stdout}"
            f"--- stderr\n{res.stderr}")


def regenerate() -> tuple[int, int]:
    """Write every golden file anew; remove stray ones. Returns (written, changed)."""
    wanted = set()
    changed = 0
    for name, argv in cases():
        path = GOLDEN / name
        wanted.add(path)
        text = run(argv)
        old = path.read_bytes() if path.exists() else None
        new = text.encode("utf-8")
        if old != new:
            changed += 1
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(new)
    for path in GOLDEN.rglob("*.txt"):
        if path not in wanted:
            path.unlink()
            changed += 1
    return len(wanted), changed


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    n, changed = regenerate()
    print(f"{n} golden outputs under {GOLDEN.relative_to(ROOT)}, {changed} changed or removed")
