"""The services' refusals a page can meet, said in the reader's language from their rule and
parameters (issue 31, "Words made at the edge"): a seat refused, a hand before every player
has sat (naming who has not), a correction of a hand set aside; never the service's English
message on a French page."""
import html

import pytest
from django.utils import translation

from club.errors import Refused
from club.models import Player
from club.players import create_player
from games.models import Table
from games.presentation import words
from games.services.hands import correct_hand, record_hand
from games.services.tables import open_table
from tests.games.kit import pool, record_game_won_by, summary
from tests.pages.forms import as_user

pytestmark = pytest.mark.django_db
FR = {"HTTP_ACCEPT_LANGUAGE": "fr"}


@pytest.fixture
def staked(django_user_model):
    """A pool with a 5.00 entry that Athos, a member, opened: Porthos and Aramis have not sat."""
    users = {}
    for name in ("Athos", "Porthos", "Aramis"):
        users[name] = django_user_model.objects.create_user(name.lower())
        create_player(name=name, username=name.lower())
    seated = [Player.objects.get(name=n) for n in ("Athos", "Porthos", "Aramis")]
    table = open_table(name="T", format="pool", players=seated, rules={"pool_entry": 500},
                       by=users["Athos"], first_dealer=seated[1])
    return table, users


def french(refused: Refused) -> str:
    with translation.override("fr"):
        return str(words.refusal(refused))


def test_a_seat_refused_is_said_in_french_on_the_table_page(staked):
    table, users = staked
    Table.objects.filter(pk=table.pk).update(status=Table.Status.ABANDONED)

    answer = as_user(users["Porthos"]).post(f"/tables/{table.pk}/seat/", {"key": "k1"}, **FR)

    text = html.unescape(answer.content.decode())
    assert answer.status_code == 400
    assert "La table est finie\u00a0: on n'y prend plus place." in text
    assert "the table is abandoned" not in text


def test_a_hand_before_every_player_has_sat_names_who_has_not_in_french(staked):
    table, users = staked
    with pytest.raises(Refused) as caught:
        record_hand(table_id=table.pk, record=summary(3), by=users["Athos"])

    said = french(caught.value)
    assert said == ("Pas de coup avant que chaque joueur ait pris place\u202f; pas "
                    "encore\u00a0: Porthos, Aramis.")


def test_a_correction_of_a_hand_set_aside_is_said_in_french(django_user_model):
    steward = django_user_model.objects.create_user("steward", is_staff=True)
    table = pool(steward)
    athos = Player.objects.get(name="Athos")
    record_game_won_by(table, athos, steward)  # three voles: the game is his at hand 3
    record_hand(table_id=table.pk, record=summary(3), by=steward)  # hand 4, in game 2
    third, fourth = table.hands.order_by("number")[2:4]
    correct_hand(hand_id=third.pk, record=summary(2), by=steward)  # game 1 goes on: 4 is aside

    with pytest.raises(Refused) as caught:
        correct_hand(hand_id=fourth.pk, record=summary(4), by=steward)

    assert french(caught.value) == ("Ce coup n'a plus sa place à la table\u00a0: il ne peut pas "
                                    "être corrigé.")
