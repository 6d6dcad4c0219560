"""Every page in French: a reader whose browser asks for French reads no English of the pages,
the records and marks in words included; a refusal beside a form is said in French; and the
JSON API and the exports stay English whatever the reader's language."""
import html
import os
import re

import pytest
from django.utils import translation

from club.models import Player
from club.players import create_player
from games.admin.exports import csv_rows
from games.services.hands import record_hand
from games.services.tables import open_table
from games.services.tricks import add_trick
from games.services.wagers import place_wager
from tests.games.kit import evenings, page_text, summary  # noqa: F401 (evenings: a fixture)
from tests.pages.forms import as_user, key_of

pytestmark = pytest.mark.django_db
FR = {"HTTP_ACCEPT_LANGUAGE": "fr"}
DEAL = {"deal": {"elder": ["KS", "QS", "AS", "JD", "QD"], "dealer": ["7S", "8S", "9C", "TC",
                                                                        "7H"],
                 "turn_up": "9S"}, "exchanges": [], "in_progress": True}


@pytest.fixture
def evening(django_user_model):
    """A pool with English wagers and a rubber with French ones; two hands recorded at the
    pool, one as a summary and one card by card; Charles, a member, has placed a wager at each."""
    steward = django_user_model.objects.create_user("steward", is_staff=True)
    user = django_user_model.objects.create_user("charles")
    charles = create_player(name="Charles", username="charles")
    seated = [Player.objects.get_or_create(name=n)[0] for n in ("Athos", "Porthos", "Aramis")]
    pool = open_table(name="Pool", format="pool", players=seated, by=steward,
                      first_dealer=seated[1], wager_style="english", rules={"wager_min": 100})
    rubber = open_table(name="Rubber", format="rubber", players=seated[:2], by=steward,
                        first_dealer=seated[0], wager_style="french", rules={})
    place_wager(table_id=pool.pk, by=user, on=seated[0].pk, stake=2_00, odds=(2, 1))
    place_wager(table_id=rubber.pk, by=user, on=seated[0].pk, stake=2_00)
    record_hand(table_id=pool.pk, record=summary(3), by=steward)
    hand, _ = record_hand(table_id=pool.pk, record=DEAL, by=steward)
    for number, trick in enumerate((["KS", "7S"], ["QS", "8S"]), 1):
        add_trick(hand_id=hand.pk, trick=trick, number=number, by=steward)
    return {"steward": steward, "user": user, "pool": pool, "rubber": rubber,
            "charles": charles}


def french(client, path: str, status: int = 200) -> str:
    answer = client.get(path, **FR)
    assert answer.status_code == status, (path, answer.status_code)
    page = page_text(answer)
    if os.environ.get("FR_PAGES_DUMP"):  # for a reader hunting English: the pages as served
        name = re.sub(r"\W+", "_", path).strip("_") or "home"
        with open(os.path.join(os.environ["FR_PAGES_DUMP"], name + ".html"), "w") as out:
            out.write(page)
    return page


def visible(page: str) -> str:
    """The page's text as read: no tags, no scripts (the live words are checked apart)."""
    page = re.sub(r"<script.*?</script>", " ", page, flags=re.S)
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page)))


def test_the_main_pages_speak_french(evening):
    staff = as_user(evening["steward"])
    pool, rubber = evening["pool"], evening["rubber"]
    pages = {  # path: (English of the page that must be gone, its French)
        "/tables/": (["The evening at a glance", "Open a table"], ["La soirée d'un coup d'œil"]),
        f"/tables/{pool.pk}/": (["pool (poule): three players", "Rank of the cards",
                                 "On the projector", "History"],
                                ["poule : trois joueurs", "Rang des cartes"]),
        f"/tables/{rubber.pk}/": (["rubber (partie liée): two players"],
                                  ["partie liée : deux joueurs"]),
        f"/tables/{pool.pk}/history/": (["hand recorded", "hand 1, version 1",
                                         "Every change of the table"],
                                        ["coup enregistré", "coup 1, version 1"]),
        f"/tables/{pool.pk}/hand-by-hand/": (["exchanged", "tricks: elder", "score after",
                                              "Previous"],
                                       ["écart fait", "levées premier en main 3, donneur 2",
                                        "score après"]),
        f"/tables/{pool.pk}/hands/1/": (["exchanged", "score after", "marks: elder",
                                         "Correct this hand"],
                                        ["points marqués : premier en main +1 point"]),
        f"/tables/{pool.pk}/score/": (["elder leads K♠", "dealer plays 7♠", "elder wins",
                                      "Last hands", "The table's page"],
                                     ["premier en main entame R♠, donneur joue 7♠",
                                      "Derniers coups"]),
        "/rules/": (["Rank of the cards", "pool (poule): three players", "The rules"],
                    ["Rang des cartes", "poule : trois joueurs"]),
        "/tables/new/": (["Name of the table", "Players, in the order they sit down",
                          "pool (poule): three players"],
                         ["Nom de la table", "poule : trois joueurs"]),
        "/players/": (["Add a player", "Rename a player", "A new login", "First password",
                       "Give a player a login", "Set a member's new password"],
                      ["Ajouter un joueur", "Donner un identifiant à un joueur",
                       "Changer le mot de passe d'un membre"]),
        "/account/": (["My account", "My money", "Change my password"],
                      ["Mon compte", "Mon argent", "Changer mon mot de passe"]),
        "/account/password/": (["My password", "Old password", "New password"],
                               ["Mon mot de passe", "Ancien mot de passe"]),
        f"/players/{evening['charles'].pk}/": (["Games won", "Games lost", "stake of a wager"],
                                               ["Parties gagnées", "mise d'un pari"]),
        "/settle-up/": (["Record a payment", "Held at tables", "Nothing to pay now"],
                        ["Enregistrer un paiement", "Retenu aux tables"]),
    }
    wrong = []
    for path, (english, french_words) in pages.items():
        text = visible(french(staff, path))
        wrong += [(path, "English", p) for p in english if p in text]
        wrong += [(path, "no French", p) for p in french_words if p not in text]
    assert wrong == []


def test_a_stake_below_the_least_is_refused_in_french_on_the_table_page(evening):
    charles, rubber = as_user(evening["user"]), evening["rubber"]
    page = french(charles, f"/tables/{rubber.pk}/")

    answer = charles.post(f"/tables/{rubber.pk}/wagers/", {
        "action": "place", "key": key_of(page, "place"),
        "on": Player.objects.get(name="Athos").pk, "stake": "0.05"}, **FR)

    assert answer.status_code == 400
    text = html.unescape(answer.content.decode())
    assert "La mise doit être d'au moins 0,10 à cette table." in text
    assert "Au moins 0,10." in text  # the form's help, as French writes an amount
    assert "the stake must be" not in answer.content.decode()


def test_a_duplicate_name_is_refused_in_french_on_the_players_page(evening):
    answer = as_user(evening["steward"]).post("/players/", {"action": "add", "name": "athos",
                                                            "key": "k1"},
                                              **FR)

    assert answer.status_code == 400
    assert "Il y a déjà un joueur nommé athos." in html.unescape(answer.content.decode())
    assert "already a player" not in answer.content.decode()


def test_an_open_table_refusal_is_in_french_beside_its_field(evening, django_user_model):
    from games.views.opening import OpenTableForm

    bystander = as_user(django_user_model.objects.create_user("bystander"))
    form = OpenTableForm()
    data = {name: field.initial for name, field in form.fields.items()
            if field.initial is not None} | {"pool_entry": "5.00", "wager_style": "none",
                                             "key": "open-french"}
    data |= {f"seat{i}": Player.objects.get(name=n).pk
             for i, n in enumerate(("Athos", "Porthos", "Aramis"), 1)}

    answer = bystander.post("/tables/new/", data, **FR)

    text = html.unescape(answer.content.decode())
    assert answer.status_code == 400
    assert ("Une poule avec des enjeux est ouverte par le personnel ou par l'un de ses joueurs."
            in text)
    assert "a pool with stakes" not in text


def test_a_payment_refusal_is_in_french_on_the_settle_up_page(evening):
    athos = Player.objects.get(name="Athos").pk
    answer = as_user(evening["steward"]).post("/settle-up/", {
        "payer": athos, "payee": athos, "amount": "3.00", "key": "k1"}, **FR)

    text = html.unescape(answer.content.decode())
    assert answer.status_code == 400
    assert "Le payeur et le bénéficiaire doivent être deux parties distinctes." in text
    assert "cannot pay himself" not in text


def test_the_api_refuses_in_english_whatever_the_reader_asks(evening, client):
    from club.models import ApiToken

    token = ApiToken.objects.create(user=evening["user"]).key
    answer = client.post(f"/api/tables/{evening['rubber'].pk}/wagers",
                         data={"on": Player.objects.get(name="Athos").pk, "stake": "0.05"},
                         content_type="application/json", HTTP_AUTHORIZATION=f"Bearer {token}",
                         **FR)

    assert answer.json() == {"error": {
        "code": "bad_stake", "message": "the stake must be at least 0.10 at this table"}}


def test_the_csv_export_stays_english_under_french(evening):
    with translation.override("fr"):
        rows = list(csv_rows([evening["pool"]]))

    assert rows[1][rows[0].index("marks")] == "Athos +1 point"  # its header English too


def test_a_french_page_writes_amounts_with_a_decimal_comma(evening):
    """The table's options, the wager form and a member's money, as French writes 1,00."""
    staff, charles = as_user(evening["steward"]), as_user(evening["user"])
    table = visible(french(charles, f"/tables/{evening['pool'].pk}/"))
    member = visible(french(staff, f"/players/{evening['charles'].pk}/"))
    assert "1,00" in table and "1.00" not in table  # the least stake, option and form help
    assert "Solde : -2,00" in member and "Votre mise 2,00" in member and "2.00" not in member


# -- every page a member and the secretary see, in French (issue 21, "Words") ------------------
ENGLISH_LEFT = ["(Won)", "king turned", "+1 refusal", "vulnerable beaten", "won by him",
                "He played", "He proposed", "1. 1.", "1 tricks", "Not Found", "Export CSV",
                "the secretary's office", "none left", "Money at tables",
                "Add ", "Select ", "Players, money", "entered by", "made by", "unmatched"]
DATE_TIME = re.compile(r"\b\d\d/\d\d/20\d\d \d\d:\d\d\b")  # 26/11/2026 20:39


@pytest.fixture
def club_night(evenings, secretary):  # noqa: F811 (the kit's fixture)
    """The two evenings of wagers (tests/games/kit.py), a pool Athos has won, and a pool in
    play whose hands turned a king, beat an elder who played without proposing, and are
    being played card by card."""
    from tests.games.kit import won_pool

    won = won_pool(secretary, name="Poule gagnée")
    seated = [Player.objects.get(name=n) for n in ("Athos", "Porthos", "Aramis")]
    playing = open_table(name="Poule du jeudi", format="pool", players=seated, by=secretary,
                         first_dealer=seated[1], rules={})
    record_hand(table_id=playing.pk, record=summary(3, king_turned=True), by=secretary)
    record_hand(table_id=playing.pk, record=summary(1, opening="played"), by=secretary)
    hand, _ = record_hand(table_id=playing.pk, record=DEAL, by=secretary)
    for number, trick in enumerate((["KS", "7S"], ["QS", "8S"]), 1):
        add_trick(hand_id=hand.pk, trick=trick, number=number, by=secretary)
    return {**evenings, "won": won, "playing": playing, "secretary": secretary}


def test_every_page_a_member_and_the_secretary_see_speaks_french(club_night):
    secretary = as_user(club_night["secretary"])
    won, playing = club_night["won"], club_night["playing"]
    athos = Player.objects.get(name="Athos")
    pages = ["/", "/standings", "/tables/", "/tables/?finished=1", "/tables/new/", "/rules/",
             "/players/", "/settle-up/", "/account/", f"/players/{athos.pk}/"]
    for table in (won, playing):
        pages += [f"/tables/{table.pk}/", f"/tables/{table.pk}/score/",
                  f"/tables/{table.pk}/history/", f"/tables/{table.pk}/hand-by-hand/",
                  f"/tables/{table.pk}/hands/1/", f"/tables/{table.pk}/hands/2/"]
    index = french(secretary, "/admin/")
    lists = sorted(set(re.findall(r'href="(/admin/(?:club|games)/\w+/)"', index)))
    assert len(lists) == 8, lists  # tables, hands, wagers, money; players, accounts, ...
    text = {path: visible(french(secretary, path)) for path in pages + lists}
    text["/admin/"] = visible(index)
    text["/nowhere/"] = visible(french(secretary, "/nowhere/", status=404))

    assert [(path, s) for path, page in text.items() for s in ENGLISH_LEFT if s in page] == []
    # French typography: a no-break space before « : » and « ; », never a word glued to them
    glued = [(path, m.group()) for path, page in text.items()
             for m in re.finditer(r"\S{0,12}[^\W\d_][:;](?:\s|$)", page)]
    assert glued == [], "\n".join(map(repr, glued))
    assert "Gagnée" in text["/tables/?finished=1"]  # the finished table, « (Gagnée) »
    assert "Athos gagnée par Athos" not in text[f"/players/{athos.pk}/"]
    assert "roi tourné" in text[f"/tables/{playing.pk}/hands/1/"]
    assert "vulnérable battu" in text[f"/tables/{playing.pk}/hands/2/"]  # tests/games/
    assert "+1 point de refus" not in text[f"/tables/{playing.pk}/hands/2/"]  # test_mark_names
    assert "entame R♠" in text[f"/tables/{playing.pk}/score/"]  # R D V, as the rules say
    assert "1. premier en main entame" not in text[f"/tables/{playing.pk}/score/"]
    assert "Écarté Club : le bureau du secrétaire" in text["/admin/"]
    assert "Cette page n'existe pas" in text["/nowhere/"]
    for path in ("/admin/games/wager/", "/admin/games/movement/", "/admin/club/transaction/"):
        assert DATE_TIME.search(text[path]), path
        assert not re.search(r"20\d\d-\d\d-\d\d|\d\.\d\d\b", text[path]), path  # 4,00
    assert "Exporter en CSV" in text["/admin/games/wager/"]
    wagers = text["/admin/games/wager/"]
    assert "équilibré" in wagers and "caduc" in wagers
    assert "balanced" not in wagers and "lapsed" not in wagers  # the memos are the ledger's own
    assert "mise d'un pari" in text["/admin/club/transaction/"]
    assert DATE_TIME.search(text[f"/tables/{playing.pk}/history/"])


def test_a_member_won_a_table_is_named_not_him(club_night):
    athos = Player.objects.get(name="Athos")
    english = visible(as_user(club_night["secretary"]).get(f"/players/{athos.pk}/")
                      .content.decode())
    assert "won by Athos" in english and "won by him" not in english
    assert "gagnée par Athos" in visible(french(as_user(club_night["secretary"]),
                                                f"/players/{athos.pk}/"))


def test_the_rule_detail_of_a_refused_card_is_said_in_french():
    from games.engine import EngineError, score
    from games.presentation import words
    from games.services.hands import engine_refusal

    record = {**DEAL, "tricks": [["KS", "9C"]]}  # the dealer holds 7♠ and 8♠: he must follow
    with pytest.raises(EngineError) as found:
        score(record)
    refused = engine_refusal(found.value)
    with translation.override("fr"):
        french_words = str(words.refusal(refused))
    with translation.override("en"):
        english = str(words.refusal(refused))

    assert "un joueur doit fournir" in french_words
    assert "levée 1\u00a0: donneur a 7♠ et doit fournir à pique sur R♠" in french_words
    assert "must follow" not in french_words and "spades" not in french_words
    assert "dealer holds 7♠ and must follow spades to K♠ in trick 1" in english


def test_the_analysis_counts_one_trick_in_the_singular():
    from games.presentation import words

    found = {"elder_tricks": 1, "by_lead": {"7C": 1, "8C": 0}}
    with translation.override("en"):
        lines = words.analysis({}, {"tricks": {"elder": 0}}, found)
    assert "takes 1 trick, leading 7♣." in lines[0] and "1 tricks" not in " ".join(lines)
    assert "could have taken 1 trick by leading 7♣; the elder took 0." in lines[1]


def test_the_500_page_is_french_and_needs_no_database(django_assert_num_queries):
    from django.test import RequestFactory
    from django.views.defaults import server_error

    with translation.override("fr"), django_assert_num_queries(0):
        answer = server_error(RequestFactory().get("/tables/"))
    page = visible(answer.content.decode())
    assert answer.status_code == 500 and "Une erreur est survenue" in page
    assert 'rel="icon"' in answer.content.decode()


def test_the_pages_carry_the_favicon(client):
    from django.contrib.staticfiles import finders

    page = client.get("/rules/").content.decode()
    assert '<link rel="icon" href="/static/club/favicon.svg" type="image/svg+xml">' in page
    assert finders.find("club/favicon.svg")


def test_odds_that_split_a_cent_are_refused_in_french_with_french_amounts(evening):
    seated = [Player.objects.get(name=n) for n in ("Athos", "Porthos", "Aramis")]
    pool = open_table(name="Offres", format="pool", players=seated, by=evening["steward"],
                      first_dealer=seated[1], wager_style="english", rules={})
    charles = as_user(evening["user"])
    page = french(charles, f"/tables/{pool.pk}/")

    answer = charles.post(f"/tables/{pool.pk}/wagers/", {
        "action": "place", "key": key_of(page, "place"), "on": Player.objects.get(name="Athos").pk,
        "stake": "1,01", "odds_for": "1", "odds_against": "2"}, **FR)

    text = html.unescape(answer.content.decode())
    assert answer.status_code == 400
    assert ("À 1:2, une mise de 1,01 donnerait à la contrepartie une fraction de centime\u202f; "
            "1,00 ou 1,02 conviendrait") in text
    assert "fraction of a cent" not in text
