from . import kit

# One full round under english (4 players, no options): two burns, a black
# card from hand, the -5, and a lucky loser.
FULL_ROUND = [
    "K5: Ana R5, Ben G4, Cleo K6, Dev Y2",   # Cleo K6 wins 6 + 5 = 11
    "K3: Cleo R9, Dev G9, Ana Y1, Ben B2",   # tie on 9: burned, Dev (last tied) leads
    "2x: Dev R10, Ana G10, Ben Y3, Cleo B1",  # tie on 10: burned, Ana leads
    "K9: Ana B9, Ben Y10, Cleo R1, Dev G1",  # Ben 9
    "-5: Ben R2, Cleo G2, Dev Y4, Ana B8",   # Ana -5
    "K1: Ana R3, Ben G3, Cleo Y5, Dev B3",   # Cleo 1
    "K7: Cleo R4, Dev G5, Ana Y6, Ben B4",   # Ana 7
    "K10: Ana R6, Ben G6, Cleo Y7, Dev B5",  # Cleo 10
    "K2: Cleo R7, Dev G7, Ana Y8, Ben B6",   # Ana 2
    "K4: Ana R8, Ben G8, Cleo Y9, Dev B7",   # Cleo 4
]


def test_full_round_under_english():
    res = kit.play("english", ["Ana", "Ben", "Cleo", "Dev"], [FULL_ROUND])
    # Cleo 11 + 1 + 10 + 4 = 26; Ben 9; Ana -5 + 7 + 2 = 4; Dev no black card: lucky loser 8.
    assert res.totals == {"Ana": 4, "Ben": 9, "Cleo": 26, "Dev": 8}
    assert res.winners == ["Cleo"]
    assert res.rounds[0].lucky_losers == {"Dev": 8}
    assert kit.leaders(res) == ["Ana", "Cleo", "Dev", "Ana", "Ben", "Ana", "Cleo", "Ana", "Cleo", "Ana"]
    assert not res.rounds[0].partial
