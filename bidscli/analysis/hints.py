"""Pointing to the right tool: a log refused under ``-r X`` that plays under its own ruleset."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..core.errors import BidsError
from ..core.i18n import Message
from ..engine.replay import replay
from ..log.load import ruleset_and_options
from ..log.records import GameLog
from ..rules.ruleset import Ruleset, is_bundled, parse_option_assignments


def with_diff_hint(exc: BidsError, log: GameLog, ruleset: Ruleset, ruleset_ref: str | None,
                   option_pairs: Sequence[str] = ()) -> BidsError:
    """Point to the right tool: a log that plays under the ruleset it names but not under
    ``-r X`` (``ruleset``, with the ``-o`` knobs, as the command played it; ``ruleset_ref``: how
    the command line named it) was recorded under other rules, so the question is how the deal
    would have gone under X, which ``bids diff`` answers. The hint is added only when that is true
    (the log scores under its own ruleset with the same -o); otherwise the error stands alone."""
    import shlex

    if ruleset_ref is None or log.ruleset is None:
        return exc
    try:
        own, opts = ruleset_and_options(log, None, option_pairs)
        if own.name == ruleset.name and own.path == ruleset.path:
            return exc
        replay(log, own, opts)
        table_options, _ = parse_option_assignments(list(option_pairs))
    except BidsError:
        return exc
    own_ref = log.ruleset
    from pathlib import Path

    if not is_bundled(own_ref) and not Path(own_ref).is_absolute():
        own_ref = str(Path(log.file).parent / own_ref)
    words = ["bids", "diff", str(log.file), "-r", own_ref, "-r", ruleset_ref]
    for pair in option_pairs:
        words += ["-o", pair]
    flag = _diff_flag(log, [own, ruleset], table_options)
    if flag is None:  # diff cannot play it either (an option set X refuses): no tool to point to
        return exc
    command = " ".join(shlex.quote(w) for w in words + flag)
    exc.hint = Message("  the log was recorded under {ruleset}; to see how this deal would have gone under {other}, "
                       "use:\n    {command}", ruleset=log.ruleset, other=ruleset_ref, command=command)
    return exc


def _diff_flag(log: GameLog, rulesets: list[Ruleset], table_options: Mapping[str, bool]) -> list[str] | None:
    """The flags with which ``bids diff`` plays this log under both rulesets: none, or
    ``--lenient-deck`` (a card X's deck lacks); None when diff refuses it too. Only the plays
    are needed to know (``variants.plays``, where diff refuses a deal), not the whole account."""
    from . import variants

    for flags in ([], ["--lenient-deck"]):
        try:
            variants.plays(log, rulesets, [r.name for r in rulesets], table_options, lenient=bool(flags))
        except BidsError:
            continue
        return flags
    return None
