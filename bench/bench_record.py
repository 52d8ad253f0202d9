"""What a trick costs `bids record` as the game grows (issue 32 item 9): games of 10, 100 and
1,000 rounds typed in trick by trick through the Recorder (the engine of `bids record`),
each trick saved as the driver saves it (the whole log written atomically).

The tricks are a bot game's (sim.bots.play_game, seed 1, four `default` bots under english),
typed as a table types them (`K5: Ana R5, Ben G4, ...`, no deal). For each size it prints the
time a trick takes to check (`Recorder.feed`), to make the log's text (`Recorder.text`) and to
write it (atomically, as the driver does: a synced temporary file renamed over the log), as the
median over the first and the last tenth of the game's tricks, and the whole game's time.
Checking stays flat as the game grows; the text and the write grow with the file, the one cost
that may.

    python bench/bench_record.py              # 10, 100 and 1,000 rounds (about a minute)
    python bench/bench_record.py 10 100       # other sizes
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bidscli.app.record import Recorder, RoundEntry  # noqa: E402
from bidscli.files.safe import write_atomic  # noqa: E402
from bidscli.rules.ruleset import load_ruleset  # noqa: E402
from bidscli.sim.bots import play_game  # noqa: E402
from bidscli.sim.deal import make_deal  # noqa: E402

PLAYERS = ("Ana", "Ben", "Cleo", "Dev")


def lines_of(rounds: int) -> list[str]:
    """A bot game's trick lines, round after round."""
    rs = load_ruleset("english")
    deal = make_deal(rs, PLAYERS, {}, rounds=rounds, seed=1)
    _, lines = play_game(rs, PLAYERS, deal.options, deal.rounds, ("default",) * 4, 1, record=True)
    return [line for rnd in lines for line in rnd]


def run(rounds: int) -> dict:
    lines = lines_of(rounds)
    rs = load_ruleset("english")
    with tempfile.TemporaryDirectory() as tmp:
        path = str(Path(tmp) / "game.toml")
        rec = Recorder(path, "english", rs, PLAYERS, {}, [RoundEntry(added=False)], game_rounds=rounds)
        written = write_atomic(path, rec.text())
        check, text, save = [], [], []
        clock = time.perf_counter
        start = clock()
        for line in lines:
            t0 = clock()
            out = rec.feed(line)
            t1 = clock()
            if out.error or not out.save:
                raise SystemExit(f"refused: {line}: {out.lines}")
            log = rec.text()
            t2 = clock()
            written = write_atomic(path, log, expect=written)
            t3 = clock()
            check.append(t1 - t0)
            text.append(t2 - t1)
            save.append(t3 - t2)
        total = clock() - start
        size = Path(path).stat().st_size
    tenth = max(1, len(lines) // 10)
    def ms(times: list) -> str:
        return f"{1000 * statistics.median(times[:tenth]):.2f} / {1000 * statistics.median(times[-tenth:]):.2f}"

    return {"rounds": rounds, "tricks": len(lines), "total": total, "size": size, "check": ms(check),
            "text": ms(text), "save": ms(save)}


def main() -> None:
    sizes = [int(a) for a in sys.argv[1:]] or [10, 100, 1000]
    print("ms a trick, medians over the first / the last tenth of the game's tricks")
    print(f"{'rounds':>6}  {'tricks':>6}  {'check':>13}  {'the log text':>13}  {'write it':>13}  "
          f"{'whole game':>10}  {'file':>8}")
    for n in sizes:
        r = run(n)
        print(f"{r['rounds']:>6}  {r['tricks']:>6}  {r['check']:>13}  {r['text']:>13}  {r['save']:>13}  "
              f"{r['total']:>8.1f} s  {r['size'] / 1024:>4.0f} KiB")


if __name__ == "__main__":
    main()
