from bidscli import api


def test_friday_scores_under_english():
    _, result = api.score("examples/friday-4p.toml")
    assert result.totals == {"Ana": 4, "Ben": 9, "Cleo": 26, "Dev": 8}
    assert result.winners == ["Cleo"]
    assert result.rounds[0].lucky_losers == {"Dev": 8}
