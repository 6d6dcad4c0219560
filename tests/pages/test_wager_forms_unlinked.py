"""The wager forms of a table's page, read by a login with no player: a member is told to ask
the secretary; the secretary (staff) himself is told where logins are linked to players, in
English and French, as on his account page, not to ask himself."""
import html

import pytest
from django.test import Client

from club.models import Player
from games.services.tables import open_table

pytestmark = pytest.mark.django_db


def test_the_secretary_without_a_player_is_told_where_to_link_his_login(django_user_model):
    secretary = django_user_model.objects.create_user("secretary", password="pw", is_staff=True)
    member = django_user_model.objects.create_user("dora", password="pw")
    seated = [Player.objects.create(name=name) for name in ("Athos", "Porthos", "Aramis")]
    table = open_table(name="Poule", format="pool", players=seated, rules={}, by=secretary,
                       first_dealer=seated[1], wager_style="french")
    reader = Client()
    reader.force_login(member)
    assert "Your login is not linked to a player yet: ask the secretary before you wager." in (
        html.unescape(reader.get(f"/tables/{table.pk}/").content.decode()))

    reader.force_login(secretary)
    page = html.unescape(reader.get(f"/tables/{table.pk}/").content.decode())
    assert "ask the secretary" not in page
    assert "Your login is not linked to a player yet. Link it to one on the" in page
    assert 'href="/players/#add"' in page
    french = html.unescape(reader.get(f"/tables/{table.pk}/",
                                      HTTP_ACCEPT_LANGUAGE="fr").content.decode())
    assert "demandez au secrétaire" not in french
    assert "Votre identifiant n'est lié à aucun joueur. Liez-le à un joueur sur la" in french
