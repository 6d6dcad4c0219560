"""The night's page and its results page lead to each other, open or closed, in English and
French."""
import pytest
from django.test import Client

from nights import services

pytestmark = pytest.mark.django_db


def test_the_nights_page_and_its_results_link_to_each_other(staff):
    night = services.open_night(name="Friday", by=staff)
    for state in ("open", "closed"):
        if state == "closed":
            services.close_night(night_id=night.pk, by=staff)
        for language, results, page in (("en", "The night's results", "The night's page"),
                                        ("fr", "Les résultats de la soirée",
                                         "La page de la soirée")):
            client = Client(HTTP_ACCEPT_LANGUAGE=language)
            shown = client.get(f"/nights/{night.pk}/").content.decode()
            assert f'<a href="/nights/{night.pk}/results/">{results}</a>' in shown.replace(
                "&#x27;", "'")
            shown = client.get(f"/nights/{night.pk}/results/").content.decode()
            assert f'<a href="/nights/{night.pk}/">{page}</a>' in shown.replace("&#x27;", "'")
