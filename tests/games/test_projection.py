"""A new hand that ends a game writes only the rows it can change (`project_game_end`, and
`reconcile` with `decided_from`). Whatever it writes must be exactly what the full
projection of the table would write: after a whole table played hand by hand, projecting it
afresh, reconciling its postings afresh and re-rating the club find nothing to change."""
import itertools
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from club.errors import Refused
from club.models import Player
from games.models import Game, GamePlayer, Table, Unit
from games.ratings import rerate
from games.services.hands import record_hand
from games.services.tables import open_table
from games.services.tricks import add_trick, finish_hand
from tests.engine.quatre_kit import full as quatre_full
from tests.games.kit import players, summary, writes_of_full_projection
from tests.games.quatre_kit import DEAL, PLAY
from tests.hypothesis_profiles import examples

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


@pytest.mark.parametrize("fmt, rules", [
    ("pool", {"pool_entry": 200, "pool_forfeit": 50, "game_value": "graded"}),
    ("pool", {"pool_entry": 100, "pool_forfeit": 25, "pool_unit": "rubber",
              "rubber_games": 3, "pool_streak": 2}),
    ("pool", {"target": "retourne", "pool_forfeit": 100}),
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
    "pool_forfeit": st.sampled_from([0, 50]),
})
NUMBERS = itertools.count()
HANDS = st.lists(st.tuples(st.integers(0, 5), st.booleans(),
                           st.sampled_from([None, "elder", "dealer"])), min_size=1, max_size=12)


@settings(max_examples=examples(25), deadline=None,
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


def play_many(table: Table, secretary, record_for) -> int:
    """Records hands at a table à trois or à quatre until it is won; returns how many.
    `record_for(snapshot, n)` makes the n-th hand's record from the table's snapshot; one the
    engine refuses (a king that would reach the target) gives way to `record_for(snapshot,
    0)`, a plain point."""
    for count in itertools.count(1):
        snap = Table.objects.get(pk=table.pk).snapshot
        try:
            hand, _ = record_hand(table_id=table.pk, record=record_for(snap, count),
                                  by=secretary)
        except Refused:
            hand, _ = record_hand(table_id=table.pk, record=record_for(snap, 0), by=secretary)
        if hand.table.status != Table.Status.PLAYING:
            return count
        assert count < 200, "the table never ended"


def trois_hands(first, second):
    """Records for a game à trois that `first` wins and whose two-handed finish `second` wins:
    the one a hand favours (the first still in of the two) takes the point, the vole, a king
    he holds or one turned up, or lets another take the point, round and round."""
    def record_for(snap, n):
        seats = snap["trois"]["seats"]
        player = first if first.pk not in snap["trois"]["order"] else second
        mine = next(seat for seat, pk in seats.items() if pk == player.pk)
        other = next(seat for seat in seats if seat != mine)
        fields = [{}, {}, {}, {"king": mine}, {"king_turned": True}][n % 5]
        if not snap["trois"]["three_handed"]:
            tricks = {mine: [3, 5, 2, 3, 3][n % 5]}
            return summary(tricks.get("elder", 5 - tricks.get("dealer", 0)), **fields)
        tricks = dict.fromkeys(seats, 1) | {mine: 3}
        if n % 5 == 1:
            tricks = dict.fromkeys(seats, 0) | {mine: 5}
        elif n % 5 == 2:
            tricks = dict.fromkeys(seats, 1) | {other: 3}
        return {"format": "ecarte-trois/1", "summary": {
            "opening": "exchanged", "king_turned": False, "tricks": tricks} | fields}
    return record_for


def quatre_hands(*winners):
    """Records for a match à quatre whose games the pairs `winners` win in turn: the side a
    hand favours takes the point, the vole, a king one of them holds or one turned up, or lets
    the other side take the point, round and round."""
    def record_for(snap, n):
        pair = [p.pk for p in winners[snap["quatre"]["game"] - 1]]
        mine = next(s["side"] for s in snap["quatre"]["sides"] if s["players"] == pair)
        other = "dealer_side" if mine == "elder_side" else "elder_side"
        king = "elder" if mine == "elder_side" else "dealer"
        fields = [{}, {}, {}, {"king": king}, {"king_turned": True}][n % 5]
        taken = [3, 5, 2, 3, 3][n % 5]
        return {"format": "ecarte-quatre/1", "summary": {
            "opening": "exchanged", "king_turned": False,
            "tricks": {mine: taken, other: 5 - taken}} | fields}
    return record_for


@pytest.mark.parametrize("fmt", ["trois", "quatre"])
def test_a_table_of_three_or_four_played_hand_by_hand_needs_no_full_projection(secretary,
                                                                                fmt):
    """À trois each table is one game: the winner withdraws and the other two play on. À
    quatre the first match goes to la belle, the second ends in two games. Each game is
    written, and rated, as it ends."""
    if fmt == "trois":
        athos, porthos, aramis = seated = players("Athos", "Porthos", "Aramis")
        plays = [trois_hands(athos, aramis), trois_hands(porthos, athos)]
    else:
        a, b, c, d = seated = players("Athos", "Porthos", "Aramis", "D'Artagnan")
        plays = [quatre_hands((a, c), (b, d), (a, c)), quatre_hands((b, d), (b, d))]
    tables = []
    for record_for in plays:
        table = open_table(name="T", format=fmt, players=seated, rules={},
                           wager_style="none", first_dealer=seated[len(tables)], by=secretary)
        played = play_many(table, secretary, record_for)
        assert played > Game.objects.filter(table=table).count()
        tables.append(table)

    games = [Game.objects.filter(table=table).count() for table in tables]
    assert games == ([1, 1] if fmt == "trois" else [3, 2])
    assert GamePlayer.objects.filter(kings__gt=0).exists()
    assert GamePlayer.objects.filter(voles__gt=0).exists()
    assert GamePlayer.objects.filter(place=2).count() == (2 if fmt == "trois" else 10)
    assert not Unit.objects.exists()  # the standings' units are two-handed
    for table in tables:
        assert writes_of_full_projection(table.pk) == []
    earliest = GamePlayer.objects.order_by("finished_at").first().finished_at
    assert rerate(earliest) == 0, "the ratings written hand by hand differ from a re-rating"


def test_a_game_a_quatre_ended_trick_by_trick_needs_no_full_projection(secretary):
    """To 5, Athos and Aramis have 4 when Aramis deals: his side's vole, entered trick by
    trick, ends the game."""
    a, b, c, d = seated = players("Athos", "Porthos", "Aramis", "D'Artagnan")
    table = open_table(name="T", format="quatre", players=seated, rules={"target": 5},
                       wager_style="none", first_dealer=a, by=secretary)
    for side in ("dealer_side", "elder_side"):
        other = "dealer_side" if side == "elder_side" else "elder_side"
        record_hand(table_id=table.pk, by=secretary, record={"summary": {
            "opening": "exchanged", "king_turned": False, "tricks": {side: 5, other: 0}}})
    hand, _ = record_hand(table_id=table.pk, by=secretary,
                          record=quatre_full(DEAL, tricks=PLAY[:1], in_progress=True))
    for number in range(2, 6):
        add_trick(hand_id=hand.pk, trick=PLAY[number - 1], number=number, by=secretary)
    assert not Game.objects.exists()  # the hand is scored once it is finished
    finish_hand(hand_id=hand.pk, by=secretary)

    game = Game.objects.get()
    assert {s.player_id for s in game.sides.filter(won=True)} == {a.pk, c.pk}
    assert writes_of_full_projection(table.pk) == []
    assert rerate(game.finished_at) == 0


def test_the_check_sees_a_row_the_fast_path_got_wrong(secretary):
    """The tests above could not pass by themselves: a wrong derived row is written back."""
    seated = players("Athos", "Porthos", "Aramis")
    table = open_table(name="T", format="pool", players=seated,
                                rules={"pool_forfeit": 50}, wager_style="none",
                                first_dealer=seated[0], by=secretary)
    play_out(table, secretary)
    Unit.objects.filter(table=table, number=1).update(games_won={})
    GamePlayer.objects.filter(game__table=table).update(voles=9)
    writes = writes_of_full_projection(table.pk)
    assert any("games_unit" in sql for sql in writes)
    assert any("games_gameplayer" in sql for sql in writes)
