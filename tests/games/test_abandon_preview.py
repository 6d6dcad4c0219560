"""Abandoning a table (docs/api.md, Abandoning a table): who may (the service says it to the
pages: games.services.tables.may_abandon, and judges again under the table's lock), what it
gives back to whom before it is done (games.services.previews.abandon_effect, the abandon made
and rolled back by the same code), only at the `seq` that was shown, and what the table's
snapshot says after it: an abandoned pool's pot is 0.00, every entry having gone back.

Worked by hand: a pool of entry 5.00, its three players seated by staff, each paid his entry:
balances -5.00 each and a pot of 15.00. Abandoned, each gets his 5.00 back: 0.00 each."""
import pytest

from club import ledger
from club.errors import Refused
from club.models import Player
from club.players import create_player
from games.models import Table
from games.services.previews import abandon_effect
from games.services.tables import abandon_table, may_abandon, open_table

pytestmark = pytest.mark.django_db


@pytest.fixture
def logins(django_user_model):
    """The opener of the table (a member who sits at it), another member, and staff."""
    opener = django_user_model.objects.create_user("athos")
    create_player(name="Athos", username="athos")
    other = django_user_model.objects.create_user("dora")
    staff = django_user_model.objects.create_user("steward", is_staff=True)
    return {"opener": opener, "other": other, "staff": staff}


@pytest.fixture
def staked(logins) -> Table:
    """The pool of entry 5.00, opened by staff: every seat taken, every entry paid."""
    seated = [Player.objects.get(name="Athos"), *(Player.objects.create(name=name)
                                                  for name in ("Porthos", "Aramis"))]
    return open_table(name="Pool", format="pool", players=seated, by=logins["staff"],
                      rules={"pool_entry": 500}, first_dealer=seated[1])


def balances() -> dict:
    return {player.name: ledger.player_balance(player) for player in Player.objects.all()}


def test_the_opener_and_staff_may_abandon_a_table_in_play_and_nobody_once_it_is_over(logins):
    athos, porthos, aramis = (Player.objects.get(name="Athos"), Player.objects.create(
        name="Porthos"), Player.objects.create(name="Aramis"))
    table = open_table(name="His own", format="pool", players=[athos, porthos, aramis],
                       by=logins["opener"], rules={}, first_dealer=porthos)

    assert [may_abandon(table, logins[who]) for who in ("opener", "other", "staff")] == [
        True, False, True]
    abandon_table(table_id=table.pk, by=logins["opener"])  # as the API lets him
    table.refresh_from_db()
    assert [may_abandon(table, logins[who]) for who in ("opener", "other", "staff")] == [
        False, False, False]


def test_the_preview_says_who_gets_what_back_and_saves_nothing(staked, logins):
    before = balances()

    effect = abandon_effect(table_id=staked.pk, by=logins["staff"])

    assert before == {"Athos": -5_00, "Porthos": -5_00, "Aramis": -5_00}
    assert sorted((m.name, m.before, m.after) for m in effect.moved) == [
        ("Aramis", -5_00, 0), ("Athos", -5_00, 0), ("Porthos", -5_00, 0)]
    assert (effect.held_before, effect.held_after, effect.seq) == (15_00, 0, staked.seq)
    staked.refresh_from_db()
    assert staked.status == Table.Status.PLAYING and balances() == before


def test_the_preview_refuses_who_may_not_abandon(staked, logins):
    with pytest.raises(Refused) as refused:
        abandon_effect(table_id=staked.pk, by=logins["other"])

    assert refused.value.code == "not_scorer"


def test_an_abandon_is_saved_only_at_the_seq_it_was_shown_at(staked, logins):
    with pytest.raises(Refused) as refused:
        abandon_table(table_id=staked.pk, by=logins["staff"], seq=staked.seq - 1)
    staked.refresh_from_db()
    assert refused.value.rule == "table_changed" and staked.status == Table.Status.PLAYING

    abandon_table(table_id=staked.pk, by=logins["staff"], seq=staked.seq)

    staked.refresh_from_db()
    assert staked.status == Table.Status.ABANDONED
    assert balances() == {"Athos": 0, "Porthos": 0, "Aramis": 0}


def test_an_abandoned_pool_shows_no_pot_once_every_entry_went_back(staked, logins):
    assert staked.snapshot["pool"]["pot"] == "15.00"

    abandon_table(table_id=staked.pk, by=logins["staff"])

    staked.refresh_from_db()
    assert staked.snapshot["pool"]["pot"] == "0.00"
    assert ledger.balance(ledger.accounts([f"pot:table:{staked.pk}"])[
        f"pot:table:{staked.pk}"]) == 0
