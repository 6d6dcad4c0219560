"""An old hand is corrected from the pages: the scorer's page lists only the last six hands,
so the hand-by-hand page, which turns every hand that counts, gives a scorer (staff, the opener, the
scorers he named) the links to the hand's history and its correction page; a reader who may
not score is not offered them."""
import pytest
from django.test import Client

from tests.games.kit import pool

pytestmark = pytest.mark.django_db


@pytest.fixture
def seven(django_user_model):
    """A pool of seven hands (the elder's point each time): hand 1 is not among the scorer's
    page's last six."""
    staff = django_user_model.objects.create_user("steward", password="pw", is_staff=True)
    return staff, pool(staff, hands=7)


def test_the_hand_by_hand_page_links_an_old_hand_to_its_correction_for_a_scorer(
        seven, django_user_model):
    staff, table = seven
    reader = Client()
    reader.force_login(staff)
    correct = f'href="/tables/{table.pk}/hands/1/correct/"'
    assert correct not in reader.get(f"/tables/{table.pk}/score/").content.decode()

    page = reader.get(f"/tables/{table.pk}/hand-by-hand/?hand=1").content.decode()
    assert correct in page and f'href="/tables/{table.pk}/hands/1/"' in page
    french = reader.get(f"/tables/{table.pk}/hand-by-hand/?hand=1",
                        HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert ">corriger</a>" in french

    reader.force_login(django_user_model.objects.create_user("dora", password="pw"))
    assert correct not in reader.get(f"/tables/{table.pk}/hand-by-hand/?hand=1").content.decode()
    assert correct not in Client().get(f"/tables/{table.pk}/hand-by-hand/?hand=1").content.decode()
