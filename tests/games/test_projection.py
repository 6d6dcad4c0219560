"""A new hand that ends a game writes only the rows it can change (`project_game_end`, and
`settle` with `decided_from`). Whatever it writes must be exactly what the full
projection of the table would write: after a whole table played hand by hand, projecting it
afresh, settling it afresh and re-rating the club find nothing to change."""
import itertools
import random

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from club.errors import Refused
from club.models import Player
from games.models import Game, GamePlayer, Table, Unit
from games.ratings import rerate
from games.replay import replay
from games.services.hands import record_hand
from games.services.projection import project
from games.services.settlement import settle
from games.services.tables import open_table
from tests.games.kit import players, summary

pytestmark = pytest.mark.django_db

# Points, voles, a king turned and a king held: marks of every kind for the sides.
MIX = [(3, False, None), (0, False, None), (5, False, None), (2, True, None), (4, False, None),
       (1, False, "elder"), (3, False, None), (2, False, "dealer")]


def hands(turn_up: bool, mix=MIX, rng=None):
    """Summary records (elder's tricks, king turned, king held by) from `mix`, round and round,
    or drawn at random with `rng`. With `turn_up`, each hand names its turn-up, as a retourne
    game's first hand must."""
    cards = {True: "KH", False: "8S"} if turn_up else {}
    drawn = itertools.cycle(mix) if rng is None else iter(lambda: rng.choice(mix), None)
    for elder_tricks, king_turned, king in drawn:
        fields = {"king_turned": king_turned}
        if king:
            fields["king"] = king
        if king_turned in cards:
            fields["turn_up"] = cards[king_turned]
        yield summary(elder_tricks, **fields)


def play_out(table: Table, secretary, mix=MIX, rng=None, limit=None) -> int:
    """Records hands until the table is won, or `limit` hands; returns how many. A king that
    would reach the target forbids the play, so such a hand gives way to a plain point."""
    turn_up = table.rules["target"] == "retourne"
    for count, record in enumerate(hands(turn_up, mix, rng), start=1):
        try:
            hand, _ = record_hand(table_id=table.pk, record=record, by=secretary)
        except Refused:
            plain = summary(3, **({"turn_up": "8S"} if turn_up else {}))
            hand, _ = record_hand(table_id=table.pk, record=plain, by=secretary)
        if hand.table.status != Table.Status.PLAYING or count == limit:
            return count
        assert count < 500, "the table never ended"


def writes_of_full_projection(table_id: int) -> list[str]:
    table = Table.objects.get(pk=table_id)
    course = replay(table)
    with CaptureQueriesContext(connection) as seen:
        project(table, course)
        settle(table, course, by=table.opened_by)
    return [q["sql"] for q in seen.captured_queries
            if q["sql"].split()[0] in ("INSERT", "UPDATE", "DELETE")]


@pytest.mark.parametrize("fmt, rules", [
    ("pool", {"pool_entry": "2.00", "pool_forfeit": "0.50", "game_value": "graded"}),
    ("pool", {"pool_entry": "1.00", "pool_forfeit": "0.25", "pool_unit": "rubber",
              "rubber_games": 3, "pool_streak": 2}),
    ("pool", {"target": "retourne", "pool_forfeit": "1.00"}),
    ("rubber", {"rubber_games": 5, "target": 7}),
])
def test_a_table_played_hand_by_hand_needs_no_full_projection(secretary, fmt, rules):
    seated = players("Athos", "Porthos", "Aramis")[:3 if fmt == "pool" else 2]
    table = open_table(name="T", format=fmt, players=seated, rules=rules,
                                wager_style="none", first_dealer=seated[0], by=secretary)
    played = play_out(table, secretary)

    assert Game.objects.filter(table=table).count() >= 3, "too short a table to show much"
    assert played > Game.objects.filter(table=table).count()
    assert GamePlayer.objects.filter(game__table=table, kings__gt=0).exists()
    assert GamePlayer.objects.filter(game__table=table, voles__gt=0).exists()
    assert writes_of_full_projection(table.pk) == []
    earliest = GamePlayer.objects.order_by("finished_at").first().finished_at
    assert rerate(earliest) == 0, "the ratings written hand by hand differ from a re-rating"
    assert Unit.objects.filter(table=table, winner__isnull=False).count() >= 1


RULES = st.fixed_dictionaries({
    "target": st.sampled_from([5, 7, "retourne"]),
    "game_value": st.sampled_from(["single", "graded"]),
    "pool_unit": st.sampled_from(["game", "rubber"]),
    "rubber_games": st.sampled_from([1, 3, 5]),
    "pool_streak": st.sampled_from([2, 3]),
    "pool_forfeit": st.sampled_from(["0.00", "0.50"]),
})
NUMBERS = itertools.count()
HANDS = st.lists(st.tuples(st.integers(0, 5), st.booleans(),
                           st.sampled_from([None, "elder", "dealer"])), min_size=1, max_size=12)


@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(fmt=st.sampled_from(["pool", "rubber"]), rules=RULES, mix=HANDS,
       seed=st.integers(0, 2**32))
def test_any_table_played_hand_by_hand_needs_no_full_projection(secretary, fmt, rules, mix,
                                                                 seed):
    # A king turned excludes a king announced; a vole either way lets every table end.
    mix = [(tricks, turned, None if turned else king) for tricks, turned, king in mix]
    mix += [(5, False, None), (0, False, None)]
    seated = [Player.objects.create(name=f"Player {next(NUMBERS)}")
              for _ in range(3 if fmt == "pool" else 2)]
    if fmt == "rubber":  # no money moves at a rubber: it takes no pool stakes
        rules = {key: value for key, value in rules.items() if key != "pool_forfeit"}
    table = open_table(name="T", format=fmt, players=seated, rules=rules,
                                wager_style="none", first_dealer=seated[0], by=secretary)
    # Random pools of rubbers to a streak of three can run to many hundreds of hands: the
    # check holds after any hand, so a table stops at 200 whether it ended or not.
    play_out(table, secretary, mix, random.Random(seed), limit=200)

    assert writes_of_full_projection(table.pk) == []
    earliest = GamePlayer.objects.order_by("finished_at").first().finished_at
    assert rerate(earliest) == 0


def test_the_check_sees_a_row_the_fast_path_got_wrong(secretary):
    """The tests above could not pass by themselves: a wrong derived row is written back."""
    seated = players("Athos", "Porthos", "Aramis")
    table = open_table(name="T", format="pool", players=seated,
                                rules={"pool_forfeit": "0.50"}, wager_style="none",
                                first_dealer=seated[0], by=secretary)
    play_out(table, secretary)
    Unit.objects.filter(table=table, number=1).update(games_won={})
    GamePlayer.objects.filter(game__table=table).update(voles=9)
    writes = writes_of_full_projection(table.pk)
    assert any("games_unit" in sql for sql in writes)
    assert any("games_gameplayer" in sql for sql in writes)
