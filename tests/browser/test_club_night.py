"""A club night played whole in a real browser, on phones 390 px wide: the secretary directs it
in English, Athos reads it in French, Porthos in English.

The director opens the night with its fees; Athos and Porthos say "I'm here" on their phones,
the director marks three players without a login (guests) and a new guest at the door: seven
are here, and a draw of pools with a stake seats six at two tables, the seventh waits. The
hands are entered through the API, as the scorers' phones do. The first table ends: its three
join the one waiting, the page proposes the next table ("Next: …") and the director draws it,
one waits. A late guest arrives and waits; the second table ends, and the late guest is drawn
with the longest waiting. Closing is refused while tables are in play, said in words; once
they end, the night closes. Its results page and Athos's night card on his page show what
GET /api/nights/{id}/results says, and the night's settle-up is the ledger's: each player's
net is what he won at play less his fee, the house's the fees, all summing to zero.

axe at each key step (nothing serious); screenshots in tests/artifacts/nights/club-night-*."""
import uuid

from playwright.sync_api import expect

from club import ledger, money_text
from club.models import ApiToken, Player, Transaction
from club.players import create_member
from nights.models import Night
from tests.browser.kit import STEWARD_PASSWORD, axe_findings, new_steward, shot
from tests.games.kit import hand_won_by

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
         "device_scale_factor": 2}
PASSWORD = "a long member password"


def phone(browser, language: str):
    context = browser.new_context(**PHONE, locale={"en": "en-GB", "fr": "fr-FR"}[language],
                                  extra_http_headers={"Accept-Language": language})
    return context.new_page()


def log_in(page, url: str, username: str, password: str, then: str) -> None:
    page.goto(f"{url}/login/?next={then}")
    page.locator("input[name=username]").fill(username)
    page.locator("input[name=password]").fill(password)
    page.locator("input[name=password]").press("Enter")
    page.wait_for_url(f"**{then}")


class Api:
    """The director's API, as a scorer's phone uses it."""

    def __init__(self, page, url: str, token: str):
        self.request, self.base = page.request, f"{url}/api"
        self.headers = {"Authorization": f"Bearer {token}"}

    def get(self, path: str) -> dict:
        answer = self.request.get(f"{self.base}{path}", headers=self.headers)
        assert answer.ok, answer.text()
        return answer.json()

    def post(self, path: str, body: dict) -> dict:
        answer = self.request.post(f"{self.base}{path}", data=body, headers=self.headers | {
            "Idempotency-Key": uuid.uuid4().hex})
        assert answer.ok, answer.text()
        return answer.json()

    def play_out(self, table_id: int) -> None:
        """Enters hands at the table until it ends: the first game's elder wins each."""
        table = self.get(f"/tables/{table_id}")
        winner = table["seats"]["elder"]
        while table["status"] == "playing":
            table = self.post(f"/tables/{table_id}/hands",
                              {"record": hand_won_by(table, winner)})["table"]


def names(ids) -> list[str]:
    found = dict(Player.objects.filter(pk__in=ids).values_list("pk", "name"))
    return [found[pk] for pk in ids]


def mark(desk, name: str) -> None:
    desk.locator("#present-form select[name=player]").select_option(label=name)
    desk.get_by_role("button", name="Mark present").tap()
    expect(desk.get_by_text(f"{name} is here.")).to_be_visible()


def new_guest(desk, name: str) -> None:
    desk.locator("#guest-form input[name=name]").fill(name)
    desk.get_by_role("button", name="Mark the guest present").tap()
    expect(desk.get_by_text(f"{name} is here.")).to_be_visible()


def draw(desk) -> None:
    desk.locator("#draw-form [name=pool_entry]").fill("1.00")
    desk.get_by_role("button", name="Draw", exact=True).tap()
    expect(desk.get_by_text("Tables drawn:")).to_be_visible()


def money(cents: int, language: str) -> str:
    """An amount as the page writes it in `language`."""
    return money_text.plain(cents).replace(".", "," if language == "fr" else ".")


def test_a_club_night_played_whole(live_server, browser, django_user_model):
    url = live_server.url
    director = new_steward(django_user_model)
    token = ApiToken.objects.create(user=director).key
    athos = create_member(name="Athos", username="athos", password=PASSWORD)
    porthos = create_member(name="Porthos", username="porthos", password=PASSWORD)
    for name in ("Aramis", "d'Artagnan", "Constance Bonacieux"):
        Player.objects.create(name=name)
    findings = []

    # The director opens the night with its fees.
    desk = phone(browser, "en")
    log_in(desk, url, "steward", STEWARD_PASSWORD, "/night/")
    expect(desk.get_by_text("No night is open.")).to_be_visible()
    desk.locator("#open-form [name=name]").fill("Friday")
    desk.locator("#open-form [name=member_fee]").fill("2.00")
    desk.locator("#open-form [name=guest_fee]").fill("5.00")
    desk.get_by_role("button", name="Open the night").tap()
    expect(desk.get_by_text("The night is open.")).to_be_visible()
    night = Night.objects.get()
    findings += axe_findings(desk, "opened")
    shot(desk, "nights/club-night-1-opened")

    # Athos (in French) and Porthos say they are here, each told his fee first.
    mine = phone(browser, "fr")
    log_in(mine, url, "athos", PASSWORD, "/night/")
    expect(mine.locator("#here-form")).to_contain_text("2,00")
    findings += axe_findings(mine, "athos arrives")
    shot(mine, "nights/club-night-2-athos-arrives")
    mine.get_by_role("button", name="Je suis là").tap()
    expect(mine.get_by_text("Vous êtes là. Bienvenue !")).to_be_visible()
    his = phone(browser, "en")
    log_in(his, url, "porthos", PASSWORD, "/night/")
    his.get_by_role("button", name="I'm here").tap()
    expect(his.get_by_text("You are here. Welcome!")).to_be_visible()

    # The director marks three players without a login, and a new guest at the door.
    desk.reload()
    for name in ("Aramis", "d'Artagnan", "Constance Bonacieux"):
        mark(desk, name)
    new_guest(desk, "Planchet")
    new_guest(desk, "Rochefort")
    expect(desk.locator("[data-relist=present] li")).to_have_count(7)

    # The draw: two pools of three, the last to come waits.
    draw(desk)
    api = Api(desk, url, token)
    first, second = api.get(f"/nights/{night.pk}")["tables"]
    expect(desk.locator("[data-relist=waiting] li")).to_have_count(1)
    expect(desk.locator("[data-relist=waiting]")).to_contain_text("Rochefort")
    findings += axe_findings(desk, "drawn")
    shot(desk, "nights/club-night-3-drawn")

    # The first table ends: the next table is proposed, and drawn.
    api.play_out(first)
    waiting = api.get(f"/nights/{night.pk}")["waiting"]
    assert len(waiting) == 4 and names(waiting)[0] == "Rochefort"
    desk.reload()
    expect(desk.locator(".night-next")).to_have_text(
        f"Next: {', '.join(names(waiting[:3]))} at the next free table")
    shot(desk, "nights/club-night-4-next")
    draw(desk)
    left = waiting[3:]
    assert api.get(f"/nights/{night.pk}")["waiting"] == left

    # A late guest arrives and waits; the second table ends and he is drawn.
    new_guest(desk, "Bazin")
    bazin = Player.objects.get(name="Bazin").pk
    assert api.get(f"/nights/{night.pk}")["waiting"] == [*left, bazin]
    expect(desk.locator(".night-next")).to_have_count(0)  # two wait: no table yet
    api.play_out(second)
    waiting = api.get(f"/nights/{night.pk}")["waiting"]
    assert waiting[:2] == [*left, bazin] and len(waiting) == 5
    desk.reload()
    expect(desk.locator(".night-next")).to_contain_text("Bazin")
    draw(desk)
    seated = {p["player"]: p["table"] for p in api.get(f"/nights/{night.pk}")["present"]}
    assert seated[bazin] is not None

    # Closing is refused while tables are in play, then done once they end.
    desk.get_by_role("button", name="Close the night").tap()
    expect(desk.locator("#close-error")).to_contain_text(
        "Tables of the night still in play: 2. Finish or abandon them first.")
    findings += axe_findings(desk, "close refused")
    shot(desk, "nights/club-night-5-close-refused")
    for table in api.get(f"/nights/{night.pk}")["tables"][2:]:
        api.play_out(table)
    desk.goto(f"{url}/nights/{night.pk}/")
    desk.get_by_role("button", name="Close the night").tap()
    expect(desk.get_by_text("The night is closed.").first).to_be_visible()

    # The results page, the API and the ledger agree; the night's settle-up sums to zero.
    results = {row["player"]: row for row in api.get(f"/nights/{night.pk}/results")["players"]}
    assert len(results) == 8
    fees = dict(Transaction.objects.filter(reason=Transaction.Reason.NIGHT_FEE).values_list(
        "entries__account__player", "entries__amount").filter(entries__amount__lt=0))
    desk.get_by_role("link", name="The night's results").tap()
    for pk, row in results.items():
        line = desk.locator(f"tr[data-player='{pk}']")
        expect(line.locator("[data-games]")).to_have_text(
            f"{row['games_won']}/{row['games_played']}")
        expect(line.locator("[data-units]")).to_have_text(str(row["units_won"]))
        expect(line.locator("[data-pools]")).to_have_text(str(row["pools_won"]))
        expect(line.locator("[data-won-at-play]")).to_have_text(row["won_at_play"])
        expect(line.locator("[data-fee]")).to_have_text(row["fees"])
        fee, won = money_text.parse(row["fees"]), money_text.parse(row["won_at_play"],
                                                                  allow_negative=True)
        assert -fees[pk] == fee == (200 if pk in (athos.pk, porthos.pk) else 500)
        assert ledger.player_balance(Player.objects.get(pk=pk)) == won - fee
    assert sum(money_text.parse(row["won_at_play"], allow_negative=True)
               for row in results.values()) == 0
    assert sum(row["pools_won"] for row in results.values()) == 4
    nets = {name: amount for name, amount in (
        item.inner_text().split("\n") for item in desk.locator("[data-night-nets] li").all())}
    expected = {row_name: money_text.parse(row["won_at_play"], allow_negative=True)
                - money_text.parse(row["fees"]) for row_name, row in
                zip(names(results), results.values())}
    expected["the house"] = sum(money_text.parse(row["fees"]) for row in results.values())
    assert nets == {name: money(cents, "en") for name, cents in expected.items() if cents}
    assert sum(expected.values()) == 0 and ledger.house_balance() == expected["the house"]
    findings += axe_findings(desk, "results")
    shot(desk, "nights/club-night-6-results")

    # Athos's night card on his page, in French.
    mine.goto(f"{url}/players/{athos.pk}/")
    card, row = mine.locator(f"[data-card='{night.pk}']"), results[athos.pk]
    expect(card.locator("[data-games]")).to_have_text(f"{row['games_won']}/{row['games_played']}")
    expect(card.locator("[data-won-at-play]")).to_have_text(
        money(money_text.parse(row["won_at_play"], allow_negative=True), "fr"))
    expect(card.locator("[data-fee]")).to_have_text("2,00")
    findings += axe_findings(mine, "athos's card")
    shot(mine, "nights/club-night-7-athos-card")
    assert findings == [], "\n".join(findings)
