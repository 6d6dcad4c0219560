"""A correction's preview names the wagers whose outcome it turns (docs/rules.md, section 11:
a wager is settled on its unit's winner): who backed whom, for how much, and what becomes of
it, read as the settlement reads it (games.engine.wagers.reckon).

A French gallery: Charles backs Athos for 3.00, Dora Porthos for 3.00, balanced when game 1
starts. Athos wins game 1 with three voles (2, 4, 6). Hand 3, Athos's vole as the elder,
corrected to two tricks for him: Porthos takes the point, Athos stays at 4, game 1 goes on,
so both wagers are to be decided again."""
import pytest

from club.models import Player
from club.players import create_player
from games.models import Table
from games.services.previews import correction_effect
from games.services.tables import open_table
from games.services.wagers import place_wager
from tests.games.kit import record_game_won_by, summary
from tests.pages.kit import summary_post

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(staff, django_user_model):
    users = {}
    for name in ("charles", "dora"):
        users[name] = django_user_model.objects.create_user(name)
        create_player(name=name.title(), username=name)
    athos, porthos, aramis = (Player.objects.create(name=n) for n in ("Athos", "Porthos",
                                                                       "Aramis"))
    table = open_table(name="T", format="pool", players=[athos, porthos, aramis], rules={},
                       by=staff, first_dealer=porthos, wager_style="french")
    place_wager(table_id=table.pk, by=users["charles"], on=athos.pk, stake=3_00)
    place_wager(table_id=table.pk, by=users["dora"], on=porthos.pk, stake=3_00)
    record_game_won_by(table, athos, staff)
    return Table.objects.get(pk=table.pk)


def test_the_preview_names_each_wager_it_turns(table, staff):
    third = table.hands.get(number=3)
    effect = correction_effect(hand_id=third.pk, record=summary(2), by=staff)
    assert {(w.bettor, w.on, w.stake, w.before, w.after) for w in effect.wagers} == {
        ("Charles", "Athos", 3_00, "won", None), ("Dora", "Porthos", 3_00, "lost", None)}


def test_the_confirmation_page_says_them_in_english_and_french(scorer, table):
    correct = f"/tables/{table.pk}/hands/3/correct/"
    form = summary_post(number="", version=1, opening="exchanged", elder_tricks="2")
    page = scorer.post(correct, form).content.decode()
    assert "The wager of Charles on Athos, 3.00: won, then to be decided." in page
    assert "The wager of Dora on Porthos, 3.00: lost, then to be decided." in page
    french = scorer.post(correct, form, HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Le pari de Charles sur Athos, 3,00\u00a0: gagné, puis à décider." in french
