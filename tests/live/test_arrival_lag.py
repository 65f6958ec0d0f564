"""A connection's arrival lag is a high percentile of its packets' (placed - handed over), not the
largest: one packet sent ahead of its timestamp must not move the whole feed early (issue 36)."""

from __future__ import annotations

import pytest

from review_app.live.ingest import LAG_PERCENTILE, arrival_lag


def test_one_packet_ahead_of_its_time_does_not_set_the_lag():
    steady = [0.52 + 0.001 * (k % 7) for k in range(200)]
    assert arrival_lag(steady + [0.56]) == pytest.approx(arrival_lag(steady), abs=0.001)
    assert arrival_lag(steady + [0.56]) < 0.53  # the largest, 0.56, would put the feed 40 ms early


def test_the_lag_is_the_stated_percentile_and_never_below_zero():
    lags = [k / 100 for k in range(101)]
    assert arrival_lag(lags) == pytest.approx(LAG_PERCENTILE / 100)
    assert arrival_lag([]) == 0.0
    assert arrival_lag([-0.2, -0.1]) == 0.0
