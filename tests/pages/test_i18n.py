"""The pages speak English and French: the browser's language by default, the switch's choice
after it; the French catalogue is compiled and committed, and never drifts from its source."""
import shutil
import subprocess
from pathlib import Path

import pytest
from django.conf import settings

from tests.games.kit import pool

pytestmark = pytest.mark.django_db
MESSAGES = Path(settings.BASE_DIR) / "locale" / "fr" / "LC_MESSAGES"


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="msgfmt (gettext) is not installed")
def test_the_committed_mo_is_the_po_compiled(tmp_path):
    compiled = tmp_path / "django.mo"
    subprocess.run(["msgfmt", "--check", "-o", str(compiled), str(MESSAGES / "django.po")],
                   check=True)
    assert compiled.read_bytes() == (MESSAGES / "django.mo").read_bytes(), (
        "recompile: msgfmt -o locale/fr/LC_MESSAGES/django.mo locale/fr/LC_MESSAGES/django.po")


def test_a_browser_asking_for_french_gets_french(client):
    page = client.get("/rules/", HTTP_ACCEPT_LANGUAGE="fr-FR,fr;q=0.9").content.decode()

    assert '<html lang="fr">' in page
    assert "Les règles" in page and "Rang des cartes" in page
    assert "classique\u00a0: R D V A 10 9 8 7" in page
    assert "Rank of the cards" not in page


def test_english_is_the_default(client):
    page = client.get("/rules/").content.decode()

    assert '<html lang="en">' in page and "Rank of the cards" in page


def test_the_live_words_of_a_table_come_in_french(client, django_user_model):
    table = pool(django_user_model.objects.create_user("steward", is_staff=True))

    page = client.get(f"/tables/{table.pk}/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()

    assert '"dealer": "donneur"' in page and '"elder": "premier en main"' in page
    assert '"vole": "vole"' in page and r'"refusal": "vuln\u00e9rable battu"' in page


def test_the_language_switch_is_a_post_form_with_csrf_and_it_sticks(client):
    page = client.get("/").content.decode()
    assert 'action="/i18n/setlang/"' in page and 'name="csrfmiddlewaretoken"' in page

    answer = client.post("/i18n/setlang/", {"language": "fr", "next": "/rules/"})

    assert answer.status_code == 302 and answer["Location"] == "/rules/"
    assert "Les règles" in client.get("/rules/").content.decode()


def test_every_page_has_the_switch(client):
    for path in ("/", "/tables/", "/rules/", "/players/", "/standings", "/login/"):
        assert 'name="language"' in client.get(path).content.decode(), path
