"""Fuzzing the command line with mutated logs, rulesets and arguments.

Valid logs (examples/*.toml and games played by the property tests' random
player) and the bundled rulesets are mutated line by line (drop, duplicate,
swap, retype, truncate) and byte by byte (unicode, NUL bytes, invalid UTF-8,
huge numbers, very long names, deep nesting). Every case must end in exit 0,
or exit 1 with a located message (the file, and its line for TOML errors);
never a traceback, an "internal error" or a hang. The CLI runs in-process
(click's CliRunner) for speed.

Interesting cases are kept in tests/fuzz_corpus/ and replayed by
``test_corpus_*`` on every run. The default hypothesis profile is small;
``make fuzz`` (HYPOTHESIS_PROFILE=fuzz) runs many more examples.
"""

from __future__ import annotations

import os
import random
import re
import signal
import time
from contextlib import contextmanager
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, note
from hypothesis import strategies as st
from hypothesis.control import currently_in_test_context

from bidscli.cli.main import main
from bidscli.rules.knobs import KNOBS, TABLE_OPTIONS
from bidscli.rules.ruleset import BUNDLED

from .test_property import NAMES, Setup, log_of, play

ROOT = Path(__file__).resolve().parent.parent
CORPUS = Path(__file__).resolve().parent / "fuzz_corpus"
EXAMPLES = sorted((ROOT / "examples").glob("*.toml"))
RULESET_FILES = [ROOT / "rulesets" / f"{name}.toml" for name in BUNDLED]
SECONDS = 10  # one command on one fuzzed file; far more than any needs


class Hang(BaseException):
    """Raised by the alarm; a BaseException so that no `except Exception` swallows it."""


@contextmanager
def deadline(seconds=SECONDS):
    if not hasattr(signal, "SIGALRM"):
        yield
        return

    def ring(signum, frame):
        raise Hang(f"no answer after {seconds} s")

    old = signal.signal(signal.SIGALRM, ring)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def invoke(args):
    start = time.monotonic()
    with deadline():
        result = CliRunner().invoke(main, [str(a) for a in args])
    return result, time.monotonic() - start


def check(args, located: str | tuple | None = None, codes=(0, 1)):
    """Run one command; it must exit 0 or 1, quickly, with a located message and no traceback."""
    result, took = invoke(args)
    out = result.output
    if currently_in_test_context():
        note(f"bids {' '.join(map(str, args))} -> {result.exit_code}\n{out[-2000:]}")
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise AssertionError(f"bids {args[0]} raised {result.exception!r}") from result.exception
    assert result.exit_code in codes, (result.exit_code, out)
    assert "Traceback" not in out
    assert "internal error" not in out, out
    assert took < SECONDS
    if result.exit_code == 1 and located is not None:
        names = (located,) if isinstance(located, str) else located
        assert any(n in out for n in names), f"exit 1 without naming {located}:\n{out}"
        if "invalid TOML" in out:
            line = r'"line": \d+' if "--format" in args else "(" + "|".join(map(re.escape, names)) + r"):\d+: "
            assert re.search(line, out), f"TOML error without a line:\n{out}"
    return result


# -- mutations -------------------------------------------------------------------------

WEIRD = [
    "\x00", "\ufeff", "\u202e", "\u0301", "💥", "Ω", "\t", "\r", "\\", '"', "'", "\"\"\"", "[", "]", "{", "}",
    "=", ",", ":", ";", "#", "\\u0000", "\\uD800", "ä" * 3, "\u2028",
]
VALUES = [
    "0", "-1", "1e400", "nan", "inf", "true", "false", "[]", "{}", "[[]]", '""', '"x"', "1979-05-27",
    "99999999999999999999999999999", "9" * 5000, "[" * 600 + "]" * 600, "{a=" * 300 + "1" + "}" * 300,
    '"' + "N" * 10_000 + '"', '["' + '", "'.join(["Ana"] * 3000) + '"]', "[1, 2, 3]", '{ Ana = ["R1"] }',
]
TOKENS = ["R1", "K14", "B15", "K0", "-5", "2x", "Lowest", "?", "W", "Ally", "Thief", "Zed", "Ana", "steals",
          "from", "passes", ":", ",", ";", "Y99999999999999999999", "R" + "1" * 5000, "N" * 10_000]


def mutate_text(text: str, rng: random.Random, steps: int) -> str:
    lines = text.split("\n")
    for _ in range(steps):
        op = rng.randrange(12)
        i = rng.randrange(len(lines)) if lines else 0
        if not lines:
            lines = [""]
        if op == 0 and len(lines) > 1:
            del lines[i]
        elif op == 1:
            lines.insert(i, lines[i])
        elif op == 2:
            j = rng.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
        elif op == 3 and "=" in lines[i]:  # retype a value
            key = lines[i].split("=", 1)[0]
            lines[i] = f"{key}= {rng.choice(VALUES)}"
        elif op == 4:  # truncate the file
            cut = rng.randrange(len("\n".join(lines)) + 1)
            return "\n".join(lines)[:cut]
        elif op == 5:  # inject a weird character
            s = lines[i]
            k = rng.randrange(len(s) + 1)
            lines[i] = s[:k] + rng.choice(WEIRD) + s[k:]
        elif op == 6:  # replace a word inside a line (card, name, keyword)
            words = re.split(r"(\W+)", lines[i])
            idx = [n for n, w in enumerate(words) if w and re.match(r"\w", w)]
            if idx:
                words[rng.choice(idx)] = rng.choice(TOKENS + list(NAMES))
                lines[i] = "".join(words)
        elif op == 7:  # drop a punctuation mark
            s = lines[i]
            marks = [k for k, ch in enumerate(s) if ch in ",:;=[]\"{}"]
            if marks:
                k = rng.choice(marks)
                lines[i] = s[:k] + s[k + 1:]
        elif op == 8:  # a new key, section or value line
            lines.insert(i, rng.choice([
                "[[rounds]]", "[options]", "[meta]", "tricks = []", f"{rng.choice(TABLE_OPTIONS)} = true",
                "players = " + rng.choice(VALUES), "leader = " + rng.choice(VALUES), "extends = " + rng.choice(VALUES),
                f"[{rng.choice(sorted({k.section for k in KNOBS.values()}))}]",
                f"{rng.choice(sorted(KNOBS)).split('.', 1)[1]} = {rng.choice(VALUES)}",
                "ruleset = " + rng.choice(['"english"', '"nope"', '"../../etc/passwd"', '"."', '"/"', "3"]),
            ]))
        elif op == 9:  # a very long name
            lines[i] = re.sub(r'"([A-Z][a-z]+)"', lambda m: '"' + m.group(1) * rng.choice([9, 2000]) + '"', lines[i], count=1)
        elif op == 10:  # CRLF or a lone CR
            lines[i] = lines[i] + rng.choice(["\r", "\r\r", "\x0b", "\x0c"])
        else:  # a whole line of noise
            lines[i] = "".join(rng.choice(WEIRD + TOKENS) for _ in range(rng.randrange(1, 8)))
    return "\n".join(lines)


def mutate_bytes(data: bytes, rng: random.Random) -> bytes:
    if not data or rng.random() < 0.6:
        return data
    b = bytearray(data)
    for _ in range(rng.randrange(1, 4)):
        k = rng.randrange(len(b))
        b[k] = rng.choice([0x00, 0xFF, 0xC3, 0x80, 0xE2, rng.randrange(256)])
    return bytes(b)


_GENERATED: list[str] = []


def generated_logs() -> list[str]:
    """A few valid logs written from random games (the property tests' player)."""
    if not _GENERATED:
        from bidscli.rules.ruleset import load_ruleset

        rng = random.Random(5)
        for i, base in enumerate(BUNDLED * 2):
            n = 3 + i % 4
            opts = {o: rng.random() < 0.5 for o in TABLE_OPTIONS}
            rs = load_ruleset(base)
            if opts["ally"] and n not in rs.knobs["deck.ally_allowed"] and n not in rs.knobs["deck.ally_always"]:
                opts["ally"] = False
            if opts["thief"] and opts["color_bids"] and rs.knobs["thief.with_color_bids"] == "refuse":
                opts["color_bids"] = False
            setup = Setup(rs, base, {}, NAMES[:n], opts, 2, i, "random")
            _GENERATED.append(log_of(setup, play(setup, check=False), with_deal=i % 2 == 0))
    return _GENERATED


def seed_logs() -> list[str]:
    return [p.read_text(encoding="utf-8") for p in EXAMPLES] + generated_logs()


# -- fuzz tests ------------------------------------------------------------------------------


@given(seed=st.integers(0, 2**32 - 1), steps=st.integers(1, 6))
def test_fuzz_mutated_logs(tmp_path_factory, case_counter, seed, steps):
    rng = random.Random(seed)
    text = mutate_text(rng.choice(seed_logs()), rng, steps)
    data = mutate_bytes(text.encode("utf-8", "surrogatepass"), rng)
    path = tmp_path_factory.mktemp("fuzz") / "game.toml"
    path.write_bytes(data)
    note(repr(data[:3000]))
    check(["validate", path], located=str(path))
    check(["validate", path, "--allow-partial", "--format", "json"], located=str(path))
    check(["score", path, "-r", rng.choice(BUNDLED)], located=str(path))
    if rng.random() < 0.3:
        check(["replay", path, "--explain"], located=str(path))
    case_counter["fuzz: mutated logs"] += 1


@given(seed=st.integers(0, 2**32 - 1), steps=st.integers(1, 5))
def test_fuzz_mutated_rulesets(tmp_path_factory, case_counter, seed, steps):
    rng = random.Random(seed)
    base = rng.choice(RULESET_FILES).read_text(encoding="utf-8")
    if rng.random() < 0.5:  # a house file that extends a bundled one
        base = f'extends = "{rng.choice(BUNDLED)}"\nname = "house"\n[thief]\ntiming = "immediate"\n'
    text = mutate_text(base, rng, steps)
    data = mutate_bytes(text.encode("utf-8", "surrogatepass"), rng)
    folder = tmp_path_factory.mktemp("rules")
    path = folder / "house.toml"
    path.write_bytes(data)
    note(repr(data[:3000]))
    check(["rules", "show", path], located=str(path))
    check(["score", "examples/friday-4p.toml", "-r", path], located=(str(path), "examples/friday-4p.toml"))
    check(["rules", "diff", path, "english"], located=str(path))
    log = folder / "game.toml"
    log.write_text(EXAMPLES[0].read_text(encoding="utf-8").replace('ruleset = "english"', 'ruleset = "house.toml"')
                   if EXAMPLES else "", encoding="utf-8")
    check(["validate", log], located=(str(log), str(path)))
    case_counter["fuzz: mutated rulesets"] += 1


ARG_VALUES = st.sampled_from(["true", "false", "1", "x", "", "=", "[", "[" * 2000, "9" * 5000, "{a=1}", "\x00",
                              "deferred", "immediate", "1e400", '"q"', "[3, 4]", "{3 = 1}"])
ARG_KEYS = st.sampled_from(list(TABLE_OPTIONS) + sorted(KNOBS) + ["", "thief.", ".", "nope", "a.b.c", "\x00"])


@given(pairs=st.lists(st.tuples(ARG_KEYS, ARG_VALUES), max_size=3), ruleset=st.sampled_from(
    list(BUNDLED) + ["spanish", "nope", "", ".", "/", "examples", "\x00", "x" * 5000]),
    cmd=st.sampled_from(["score", "validate", "replay", "rules-show"]))
def test_fuzz_command_line_options(case_counter, pairs, ruleset, cmd):
    opts = [a for k, v in pairs for a in ("-o", f"{k}={v}")]
    if cmd == "rules-show":
        result = check(["rules", "show", ruleset, *opts], codes=(0, 1, 2))
    else:
        result = check([cmd, "examples/friday-4p.toml", "-r", ruleset, *opts], codes=(0, 1, 2))
    if result.exit_code == 2:  # a usage error: on stderr, saying which option
        assert result.stdout == "" and "Invalid value for" in result.stderr
    case_counter["fuzz: command-line options"] += 1


# A real command line cannot carry a NUL byte (and click's Path type fails on one), nor a lone
# surrogate other than Python's escapes of undecodable bytes (which the CliRunner cannot pass).
@given(name=st.text(st.characters(blacklist_characters="\x00", blacklist_categories=("Cs",)), max_size=40))
def test_fuzz_odd_paths(tmp_path_factory, case_counter, name):
    folder = tmp_path_factory.mktemp("paths")
    name = name.replace("/", "_").replace("\\", "_")  # stay inside the folder (walking / takes a while)
    check(["validate", str(folder / name) if name else ""])
    check(["score", name or "."], codes=(0, 1, 2))  # a folder: click's usage error
    case_counter["fuzz: odd paths"] += 1


# -- the corpus: interesting cases kept as regression tests ----------------------------------

CORPUS_LOGS = sorted((CORPUS / "logs").glob("*.toml"))
CORPUS_RULESETS = sorted((CORPUS / "rulesets").glob("*.toml"))


def expectations(path: Path) -> dict:
    """A corpus file may say what it expects in its first bytes: ``# expect: exit=1 has=...``."""
    head = path.read_bytes()[:400].decode("utf-8", "replace").lstrip("\ufeff").split("\n", 1)[0]
    out = {}
    m = re.match(r"#\s*expect:\s*(.*)", head)
    if m:
        for k, v in re.findall(r'(\w+)=("[^"]*"|\S+)', m.group(1)):
            out[k] = v.strip('"')
    return out


@pytest.mark.parametrize("path", CORPUS_LOGS, ids=lambda p: p.name)
def test_corpus_logs(case_counter, path):
    exp = expectations(path)
    rel = os.path.relpath(path, ROOT)
    r = check(["validate", rel], located=rel)
    check(["score", rel, "-r", "english"], located=rel)
    check(["replay", rel, "-r", "italian", "--explain"], located=rel)
    if "exit" in exp:
        assert r.exit_code == int(exp["exit"]), r.output
    if "has" in exp:
        assert exp["has"] in r.output, r.output
    case_counter["fuzz: corpus cases"] += 1


@pytest.mark.parametrize("path", CORPUS_RULESETS, ids=lambda p: p.name)
def test_corpus_rulesets(case_counter, path):
    exp = expectations(path)
    rel = os.path.relpath(path, ROOT)
    r = check(["rules", "show", rel], located=rel)
    check(["score", "examples/friday-4p.toml", "-r", rel], located=(rel, "examples/friday-4p.toml"))
    if "exit" in exp:
        assert r.exit_code == int(exp["exit"]), r.output
    if "has" in exp:
        assert exp["has"] in r.output, r.output
    case_counter["fuzz: corpus cases"] += 1


def test_the_corpus_is_there():
    assert len(CORPUS_LOGS) >= 10 and len(CORPUS_RULESETS) >= 3


# -- semantic mutations: valid TOML, plausible but illegal plays ------------------------------

ACTIONS = ["{a} steals {c} from {b}", "{a} passes", "{a} steals {c} from {a}", "{a} steals Ally from {b}"]


def mutate_tricks(text: str, rng: random.Random, steps: int) -> str:
    """Change cards, players, order, revealed cards and actions inside trick strings."""
    import tomllib

    import tomli_w

    doc = tomllib.loads(text)
    players = doc["players"]
    cards = sorted({tok for r in doc["rounds"] for t in r["tricks"] for tok in re.findall(r"[A-Za-z0-9\-]+", t)
                    if tok not in players} | {"K5", "R1", "Thief", "2x", "-5", "Lowest", "Surprise", "Ally"})
    for _ in range(steps):
        rnd = rng.choice(doc["rounds"])
        if not rnd["tricks"]:
            continue
        i = rng.randrange(len(rnd["tricks"]))
        head, _, rest = rnd["tricks"][i].partition(":")
        plays, *actions = rest.split(";")
        plays = [p.split() for p in plays.split(",") if p.split()]
        op = rng.randrange(9)
        if op == 0 and len(plays) > 1:  # swap two players' cards
            a, b = rng.sample(range(len(plays)), 2)
            plays[a][-1], plays[b][-1] = plays[b][-1], plays[a][-1]
        elif op == 1 and plays:  # another card
            rng.choice(plays)[-1] = rng.choice(cards)
        elif op == 2 and plays:  # drop or duplicate a play
            if rng.random() < 0.5:
                del plays[rng.randrange(len(plays))]
            else:
                plays.append(list(rng.choice(plays)))
        elif op == 3 and len(plays) > 1:  # playing order
            rng.shuffle(plays)
        elif op == 4:  # revealed cards
            head = " ".join(rng.sample(cards, rng.randrange(0, 3)))
        elif op == 5:  # an action
            actions.append(" " + rng.choice(ACTIONS).format(a=rng.choice(players), b=rng.choice(players),
                                                            c=rng.choice(cards)))
        elif op == 6:  # swap two tricks or drop one
            j = rng.randrange(len(rnd["tricks"]))
            rnd["tricks"][i], rnd["tricks"][j] = rnd["tricks"][j], rnd["tricks"][i]
            continue
        elif op == 7:  # the round's leader, deal and pile
            key = rng.choice(["leader", "pile", "removed", "hands"])
            if key == "leader":
                rnd["leader"] = rng.choice(players)
            elif key in rnd and key != "hands":
                rnd[key] = rng.sample(cards, min(len(cards), len(rnd[key])))
            elif key in rnd:
                p = rng.choice(players)
                rnd["hands"][p] = rnd["hands"][p][1:] + [rng.choice(cards)]
            continue
        else:  # options
            doc.setdefault("options", {})[rng.choice(TABLE_OPTIONS)] = rng.random() < 0.5
            continue
        body = ", ".join(" ".join(p) for p in plays)
        rnd["tricks"][i] = f"{head}: {body}" + ";".join([""] + actions)
    return tomli_w.dumps(doc)


@given(seed=st.integers(0, 2**32 - 1), steps=st.integers(1, 4), ruleset=st.sampled_from((None,) + BUNDLED))
def test_fuzz_illegal_plays_are_located(tmp_path_factory, case_counter, seed, steps, ruleset):
    from bidscli.app import api

    rng = random.Random(seed)
    text = mutate_tricks(rng.choice(generated_logs()), rng, steps)
    path = tmp_path_factory.mktemp("plays") / "game.toml"
    path.write_text(text, encoding="utf-8")
    note(text)
    with deadline():
        errors = api.validate(str(path), ruleset, (), rng.random() < 0.5)
    for e in errors:  # each error names the file, and its line or at least its round
        assert e.file == str(path), str(e)
        assert e.line is not None or e.round is not None or "ruleset" in e.message or "option" in e.message, str(e)
    if rng.random() < 0.2:
        check(["score", path] + (["-r", ruleset] if ruleset else []), located=str(path))
    case_counter["fuzz: illegal plays"] += 1
