"""The two table options of the Laws to the letter, offered at the tables (docs/rules.md,
table options; rulings 92 and 93): a table opens through the API with `king_announcement`
"french" and the target "retourne_random", and plays them: the first hand of each game gives
the card turned at random, whose value is the game's target, and a king announced before the
holder's second card is marked there. À trois and à quatre take neither."""
import pytest

from club.models import Player
from games.models import Table
from tests.games.kit import post_hand, summary

pytestmark = pytest.mark.django_db


def opened(api, kind="pool", **rules):
    seated = [Player.objects.get_or_create(name=name)[0]
              for name in ("Athos", "Porthos", "Aramis")]
    return api.post("/tables", {"name": "T", "format": kind, "first_dealer": seated[1].pk,
                                "players": [p.pk for p in seated], "rules": rules})


def test_law_a_table_opens_to_the_retourne_turned_at_random_and_plays_to_its_card(staff_api):
    answer = opened(staff_api, target="retourne_random")
    assert answer.status_code == 201, answer.content
    snap = answer.json()
    assert snap["rules"]["target"] == "retourne_random" and snap["game"]["target"] is None

    refused = staff_api.post(f"/tables/{snap['id']}/hands", {"record": summary(3)})
    assert refused.status_code == 422 and refused.json()["error"]["at"] == "target_card"
    played = post_hand(staff_api, snap, summary(3) | {"target_card": "8S"})

    assert played["table"]["game"]["target"] == 8
    assert opened(staff_api, "trois", target="retourne_random").status_code == 422


def test_law_a_table_opens_with_the_french_time_of_the_king(staff_api):
    answer = opened(staff_api, king_announcement="french")
    assert answer.status_code == 201, answer.content
    snap = answer.json()
    assert snap["rules"]["king_announcement"] == "french"

    late = summary(2, king="elder", king_announced="before_second_card")
    played = post_hand(staff_api, snap, late)

    assert played["hand"]["result"]["marks"][0] == {"to": "elder", "points": 1,
                                                    "for": "king_held"}
    trois = opened(staff_api, "trois", king_announcement="french")
    assert trois.status_code == 422 and trois.json()["error"]["code"] == "bad_rules"


def test_law_a_table_opened_before_the_option_reads_as_the_london_time(staff_api):
    snap = opened(staff_api).json()
    table = Table.objects.get()
    table.rules.pop("king_announcement")  # as a table opened before the option was offered
    table.snapshot["rules"].pop("king_announcement")
    table.save()

    answer = staff_api.get(f"/tables/{snap['id']}")

    assert answer.status_code == 200, answer.content
    assert "king_announcement" not in answer.json()["rules"]  # it plays the default: london


def test_law_a_table_opens_with_the_london_time_of_the_king_by_default(staff_api):
    snap = opened(staff_api).json()
    assert snap["rules"]["king_announcement"] == "london"

    late = summary(2, king="elder", king_announced="before_second_card")
    refused = staff_api.post(f"/tables/{snap['id']}/hands", {"record": late})

    assert refused.status_code == 422
    assert refused.json()["error"]["code"] == "too_late"
