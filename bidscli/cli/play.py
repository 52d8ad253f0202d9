"""`bids score`, `bids replay` and `bids validate`: a log (or many) read and scored."""

from __future__ import annotations

import functools
import sys

import click

from ..core.i18n import N_, Message
from ..core.sanitize import path_text
from .catalog import command
from .language import option
from .options import (
    echo,
    echo_json,
    echo_text,
    fail,
    format_option,
    guarded,
    job_count,
    jobs_option,
    option_option,
    partial_option,
    progress_option,
    ruleset_option,
)


@command("score", N_("Stops at the first error of a log (use `bids validate` to see them all); exits 1 if any "
                     "log could not be scored. An unfinished game (a short last round) is refused unless "
                     "--allow-partial: then it shows the standings so far, never a winner."), (
    "bids score examples/friday-4p.toml",
    "bids score examples/friday-4p.toml examples/thief-6p.toml -r english --format json",
    "bids score examples/thief-6p.toml -r english -o thief.timing=immediate",
))
# readable=False on every path: a file that cannot be read is invalid input, said by files.py's
# input policy (exit 1, the run goes on), not a usage error (click's check, exit 2, docs/commands.md).
@click.argument("logs", nargs=-1, required=True, type=click.Path(readable=False), metavar="LOG_OR_DIR...")
@ruleset_option
@option_option
@partial_option(N_("score an unfinished game: standings after its last trick, no winner"))
@format_option()
@jobs_option
@guarded
def score(logs, ruleset_ref, option_pairs, allow_partial, fmt, jobs):
    """Score each log (its help: the decorator's)."""
    from ..app import batch, stream

    paths, broken = [], False
    for item in batch.iter_log_paths(logs):  # validate's walk: folders, sorted, recursively
        if isinstance(item, batch.PathProblem):
            if item.error is not None:
                fail(Message("error: {message}", message=str(item.error)).text())
                broken = True
        else:
            paths.append(item)
    write = echo_json if fmt == "json" else functools.partial(echo, nl=False)
    failed = stream.score(paths, ruleset_ref, option_pairs, fmt, write, fail,
                          jobs=job_count(jobs, len(paths)), allow_partial=allow_partial,
                          single=batch.is_single_file(logs))
    if failed or broken:
        sys.exit(1)


# -- replay -----------------------------------------------------------------------------


@command("replay", N_("An unfinished game is shown trick by trick, then refused (exit 1) unless --allow-partial."), (
    "bids replay examples/friday-4p.toml",
    "bids replay examples/thief-6p.toml -r italian --explain",
))
@click.argument("log_path", metavar="LOG", type=click.Path(dir_okay=False, readable=False))
@ruleset_option
@option_option
@option("--explain", is_flag=True, help=N_("give the reason chain of every trick, naming each knob and its source "
                                          "(--format json always has it, under each trick's \"explain\")"))
@partial_option(N_("replay an unfinished game without the error at its end"))
@format_option("table", "json")
@guarded
def replay(log_path, ruleset_ref, option_pairs, explain, allow_partial, fmt):
    """Replay one log trick by trick (its help: the decorator's)."""
    from ..app import api
    from ..report import render as report

    replayed = api.play(log_path, ruleset_ref, option_pairs, allow_partial)
    loaded, result, errors = replayed.loaded, replayed.result, replayed.errors
    if errors and not api.only_unfinished(errors):
        raise api.first_error(replayed, ruleset_ref, option_pairs)
    if fmt == "json":
        echo(report.dumps_plain(report.result_json(log_path, loaded.ruleset, result)))
    else:
        echo_text(report.replay_text(log_path, loaded.ruleset, result, explain))
    if errors:  # cli.md: replay shows the tricks and then the error
        raise errors[0]


# -- validate ------------------------------------------------------------------------------


@command("validate", N_("Keeps going past broken or unreadable files. Exits 0 when every log is valid, 1 otherwise."), (
    "bids validate examples/broken.toml",
    "bids validate game.toml --allow-partial --format json",
    "bids validate logs/ --format json --summary",
))
@click.argument("logs", nargs=-1, required=True, type=click.Path(readable=False), metavar="LOG_OR_DIR...")
@ruleset_option
@option_option
@partial_option(N_("accept an unfinished last round"))
@format_option("table", "json")
@option("--summary", "json_summary", is_flag=True,
        help=N_('with --format json: print {{"files": [...], "summary": {{...}}}} instead of the bare list'))
@progress_option
@jobs_option
@guarded
def validate(logs, ruleset_ref, option_pairs, allow_partial, fmt, json_summary, progress, jobs) -> None:
    """Validate every log (its help: the decorator's)."""
    from ..app import batch
    from ..report import render as report

    single = batch.is_single_file(logs) and not json_summary
    batch.check_command_line(ruleset_ref, option_pairs)  # a broken -r file: once, on stderr, for 1 log or many
    # A walk, no reading: for the progress bar, and for --jobs N (never more workers than logs).
    # Without either, validate_paths chooses the default job count from the first paths it finds.
    count = batch.count_log_paths(logs) if progress or jobs not in (None, 1) else None
    if jobs == 1:
        workers: int | None = 1
    else:
        workers = None if count is None else job_count(jobs, count)
    bar = batch.Progress(count, sys.stderr) if progress and count is not None else None
    summary = batch.ValidateSummary()
    writer = None
    if fmt == "json" and not single:
        writer = report.JsonListWriter(lambda text: echo(text, nl=False), wrap=json_summary)
    for result in batch.validate_paths(logs, ruleset_ref, option_pairs, allow_partial, jobs=workers):
        summary.add(result)
        if bar is not None:
            bar.step(bad=not result.valid)
        if fmt == "json":
            if result.skipped:
                echo(Message("{path}: skipped: {reason}", path=path_text(result.path), reason=result.skipped).text(),
                     err=True)
                continue
            doc = report.validate_json(result.path, result.errors)
            if writer is None:
                echo(report.dumps_plain(doc))
            else:
                writer.item(doc)
        else:
            for line in batch.error_lines(result):
                echo(line)
    if bar is not None:
        bar.finish()
    if writer is not None:
        writer.close(summary.to_json())
    if fmt == "json":
        echo(summary.line(), err=True)
    else:
        echo(summary.line())
    if summary.failed:
        sys.exit(1)
