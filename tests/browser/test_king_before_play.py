"""A king that ends the game before play, entered on the scorer's page on a 390 px phone, in
English and in French (issue 31): two-handed and à trois, the summary's "0 – 0" (à trois
"0 – 0 – 0") button records the hand with no trick, the game won by the king's mark; a split
of the tricks tapped first is refused. axe-core finds nothing serious on the forms."""
import pytest
from playwright.sync_api import expect

from games.models import Hand
from games.services.hands import record_hand
from games.services.tables import open_table
from tests.browser.kit import STEWARD_PASSWORD, axe_findings, new_steward
from tests.games.kit import hand_won_by, players
from tests.games.trois_kit import vole_to

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
         "device_scale_factor": 1}
LOCALES = {"en": "en-GB", "fr": "fr-FR"}
OVER = {"en": "the game was already over", "fr": "la partie était déjà finie"}


def to_four(table, player, steward, record_for) -> str:
    """Two voles for `player`, who then has 4 points of 5: his seat in the next hand."""
    for _vole in range(2):
        table.refresh_from_db()
        record_hand(table_id=table.pk, record=record_for(table.snapshot, player.pk),
                    by=steward)
    table.refresh_from_db()
    seats = table.snapshot.get("trois", table.snapshot)["seats"]
    return next(seat for seat, pk in seats.items() if pk == player.pk)


@pytest.fixture
def tables(django_user_model):
    steward = new_steward(django_user_model)
    athos, porthos, aramis = players("Athos", "Porthos", "Aramis")
    pool = open_table(name="Pool", format="pool", players=[athos, porthos, aramis], rules={},
                      by=steward, first_dealer=porthos)
    trois = open_table(name="Trois", format="trois", players=[athos, porthos, aramis],
                       rules={"target": 5}, by=steward, first_dealer=athos)
    return {"pool": (pool, to_four(pool, athos, steward, hand_won_by)),
            "trois": (trois, to_four(trois, porthos, steward, vole_to))}


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_scorer_enters_the_king_that_won_the_game_with_no_trick(browser, live_server,
                                                                     tables, language):
    context = browser.new_context(**PHONE, locale=LOCALES[language])
    page = context.new_page()
    page.goto(f"{live_server.url}/login/")
    page.locator("input[name=username]").fill("steward")
    page.locator("input[name=password]").fill(STEWARD_PASSWORD)
    page.locator("input[name=password]").press("Enter")
    page.wait_for_load_state()
    found = []

    pool, seat = tables["pool"]
    page.goto(f"{live_server.url}/tables/{pool.pk}/score/")
    form = page.locator("#summary-form")
    form.locator("input[name=opening][value=played]").check()
    form.locator(f"input[name=king][value={seat}]").check()
    found += axe_findings(page, f"score, a king before play [{language}]", within="#summary-form")
    form.locator("button[name=elder_tricks][value='3']").tap()
    expect(page.locator("#tricks-s-error")).to_contain_text(OVER[language])
    form = page.locator("#summary-form")
    form.locator("input[name=opening][value=played]").check()
    form.locator(f"input[name=king][value={seat}]").check()
    form.locator("button[name=elder_tricks][value=none]").tap()
    expect(page.locator(".messages")).to_be_visible()  # recorded
    expect(page.locator("#tricks-s-error")).to_have_count(0)
    hand = Hand.objects.get(table=pool, number=3)
    assert hand.record["summary"]["tricks"] == {"elder": 0, "dealer": 0}
    assert hand.result["game_over"]

    trois, seat = tables["trois"]
    page.goto(f"{live_server.url}/tables/{trois.pk}/score/")
    form = page.locator("#trois-form")
    form.locator("input[name=opening][value=played]").check()
    form.locator(f"input[name=king][value={seat}]").check()
    found += axe_findings(page, f"score à trois, a king before play [{language}]",
                          within="#trois-form")
    form.locator("button[name=tricks][value=none]").tap()  # no count tapped: none is asked
    expect(page.locator(".messages")).to_be_visible()  # recorded
    hand = Hand.objects.get(table=trois, number=3)
    assert hand.record["summary"]["tricks"] == {"elder": 0, "middle": 0, "dealer": 0}
    context.close()
    assert found == []
