"""The French gallery before the unit's first hand (docs/rules.md, section 11: the sides are
balanced when the unit starts, the lighter side matched in full and the heavier side's excess
returned): the snapshot says what is matched so far and what would go back, so that the page
says it without working it out."""
import pytest

from club.models import Player
from club.players import create_player
from games.services.hands import record_hand
from games.services.tables import open_table
from games.services.wagers import place_wager
from tests.games.kit import summary

pytestmark = pytest.mark.django_db


def test_before_the_first_hand_the_gallery_says_what_is_matched_so_far(django_user_model):
    steward = django_user_model.objects.create_user("steward", is_staff=True)
    users = {}
    for name in ("charles", "dora", "emile"):
        users[name] = django_user_model.objects.create_user(name)
        create_player(name=name.title(), username=name)
    athos, porthos, aramis = (Player.objects.create(name=n) for n in ("Athos", "Porthos",
                                                                       "Aramis"))
    table = open_table(name="T", format="pool", players=[athos, porthos, aramis], rules={},
                       by=steward, first_dealer=porthos, wager_style="french")

    def sides():
        table.refresh_from_db()
        return {name: (side["matched_so_far"], side["unmatched_so_far"])
                for name, side in zip(("athos", "porthos"),
                                      (table.snapshot["gallery"][str(p.pk)]
                                       for p in (athos, porthos)))}

    place_wager(table_id=table.pk, by=users["charles"], on=athos.pk, stake=5_00)
    assert sides() == {"athos": ("0.00", "5.00"), "porthos": ("0.00", "0.00")}

    place_wager(table_id=table.pk, by=users["dora"], on=porthos.pk, stake=2_00)
    place_wager(table_id=table.pk, by=users["emile"], on=porthos.pk, stake=1_00)
    assert sides() == {"athos": ("3.00", "2.00"), "porthos": ("3.00", "0.00")}

    record_hand(table_id=table.pk, record=summary(3), by=steward)  # balanced at 3.00
    assert sides() == {"athos": (None, None), "porthos": (None, None)}
    assert table.snapshot["gallery"][str(athos.pk)]["returned"] == "2.00"
