"""A deterministic random game for benchmarks (not a bot: uniform legal play)."""

from __future__ import annotations

import random

import tomli_w

from bidscli.engine.replay import Decider, Game
from bidscli.log.records import Pass
from bidscli.log.writer import format_trick
from bidscli.rules.ruleset import deck_for, load_ruleset


def random_game_log(ruleset_name="english", players=6, rounds=5, options=None, seed=1) -> str:
    rng = random.Random(seed)
    ruleset = load_ruleset(ruleset_name)
    names = [f"P{i}" for i in range(1, players + 1)]
    opts = dict(options or {})
    game = Game(ruleset, names, opts)
    deck = deck_for(ruleset, players, game.options)
    doc = {"ruleset": ruleset_name, "players": names, "options": opts, "rounds": []}
    for _ in range(rounds):
        black = list(deck.black_deck)
        rng.shuffle(black)
        pool = deck.coloured_cards() + black[: deck.black_in_hands] + ([c for c in deck.all_cards() if c.colour == "W"])
        pile = black[deck.black_in_hands:]
        rng.shuffle(pool)
        hands = {p: pool[i * deck.hand_size:(i + 1) * deck.hand_size] for i, p in enumerate(names)}
        removed = pool[players * deck.hand_size:]
        game.start_round(hands=hands, pile=pile, removed=removed)
        tricks = []
        for _ in range(deck.tricks):
            t = game.start_trick()
            while (p := game.expected_player()) is not None:
                hand = game.round_state.hands[p]
                game.play(p, hand[rng.randrange(len(hand))])
            actions = []

            def decide(choice, actions=actions):
                from bidscli.engine.replay import default_steal_policy

                a = default_steal_policy(choice)
                actions.append(a if a is not None else Pass(choice.thief))
                return a

            game.finish_trick()
            game.decide_steals(Decider(decide))
            tricks.append(format_trick(t.revealed, t.plays, [a for a in actions if not isinstance(a, Pass)]))
        game.end_round()
        doc["rounds"].append({
            "hands": {p: [str(c) for c in h] for p, h in hands.items()},
            "removed": [str(c) for c in removed],
            "pile": [str(c) for c in pile],
            "tricks": tricks,
        })
    return tomli_w.dumps(doc)


# Table options of the generated logs, in turn: plain, everything (english), the Italian set.
CONFIGS = [
    ("english", {}),
    ("english", {"ally": True, "minus_five": True, "color_bids": True, "lowest": True, "surprise": True,
                 "thief": True}),
    ("italian", {"ally": True, "minus_five": True, "lowest": True, "surprise": True, "thief": True}),
]


def strip_deal(text: str) -> str:
    """The same log without hands, removed cards and pile: what a player writes at the table."""
    import tomllib

    doc = tomllib.loads(text)
    for r in doc["rounds"]:
        for key in ("hands", "removed", "pile"):
            r.pop(key, None)
    return tomli_w.dumps(doc)


def write_logs(folder, count: int, players: int = 6, rounds: int = 5) -> list[str]:
    """``count`` distinct logs in ``folder`` (made once, then reused), half of them without hands.

    Log i uses seed i and configuration i % 3; odd logs have no hands (the engine's other path).
    """
    from pathlib import Path

    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for i in range(count):
        path = folder / f"g{i:05d}.toml"
        if not path.exists():
            name, opts = CONFIGS[i % len(CONFIGS)]
            text = random_game_log(name, players, rounds, opts, seed=i)
            if i % 2:
                text = strip_deal(text)
            tmp = path.with_suffix(".tmp")
            tmp.write_text(text, encoding="utf-8")
            tmp.replace(path)
        paths.append(str(path))
    return paths
