"""A whole Pool Écarté evening run from 390 px phones, through the pages only, as a club would:
the secretary adds the members; Aramis, a member, opens a pool with stakes and the French
gallery (the cut deciding the first dealer) for himself, Porthos and Athos, who has no login:
Porthos takes his seat, and the secretary seats Athos from the table's page. Two bystanders
back the seated players. Aramis scores every hand from his phone: the first card by card (a
refused card shown beside it), a mis-tapped split undone and entered again, a vole recorded
in error and corrected with the three taps, until he wins the pool. The secretary, in French,
settles up: one amount typed with a comma, each other payment in one tap. Then a late
correction of an old hand is shown, confirmed, and it gives the pool to another player: the
settle-up says what moved since the payments, and is paid again until everyone is square. A
spectator's phone follows the table and another the projector, live and never reloaded.
Served by a real daphne (a `daphne` fixture of its own, fresh at each try) for the live feed.

Every score and amount expected is worked out here by hand from docs/rules.md, not from the
code. Only the secretary's own login is made outside the pages (with manage.py, as the
README's createsuperuser); the members' logins are made with their players on the players
page. Screenshots go to tests/artifacts/evening/."""
import re
from decimal import Decimal

import pytest
from playwright.sync_api import expect

from testbed.daphne import Daphne, manage
from tests.browser.evening_kit import (
    PASSWORDS,
    bet,
    follow,
    live_score,
    log_in,
    never_reloaded,
    past_hand,
    pay_each_in_one_tap,
    phone,
    seats,
    settle_up,
    shot,
    standings,
    summary,
    tap_cards,
    taps,
    vole,
)
from tests.browser.kit import TRICKS, play

ENTRY, FORFEIT = Decimal("10.00"), Decimal("2.00")
STAKES = {"charles": Decimal("5.00"), "dora": Decimal("3.50")}  # on the first elder, dealer


def hand_card_by_card(page) -> None:
    """Hand 1 with an exchange: the elder ends with the cards of test_scorer's TRICKS (a vole to
    him); a refused card first, shown beside it."""
    page.get_by_text("Card by card").tap()
    form = page.locator("#deal-form")
    tap_cards(form, "elder", ["KS", "QS", "AS", "JD", "7D"])
    tap_cards(form, "dealer", ["7S", "8S", "9H", "TH", "7H"])
    tap_cards(form, "turn_up", ["8D"])
    form.get_by_text("exchanged", exact=True).tap()
    tap_cards(form, "ex0_elder_discard", ["7D"])
    tap_cards(form, "ex0_elder_draw", ["QD"])
    tap_cards(form, "ex0_dealer_discard", ["7H"])
    tap_cards(form, "ex0_dealer_draw", ["7C"])
    expect(form.locator("#f-ex0_dealer_draw")).to_have_value("7♣")
    form.get_by_role("button", name="Record the deal").tap()
    expect(page.get_by_role("heading", name="Hand 1, trick 1")).to_be_visible()

    play(page, "leader", "KS")
    play(page, "follower", "9H")  # the dealer holds 7S: he must follow spades
    expect(page.locator("#follower-error")).to_contain_text("a player must follow suit")
    expect(page.locator(".at-fault")).to_have_text("9♥")
    shot(page, "03-refusal-beside-the-card")
    for number, (led, followed) in enumerate(TRICKS, 1):
        if number > 1:
            play(page, "leader", led)
        play(page, "follower", followed)
        expect(page.locator(".messages")).to_contain_text(f"Trick {number} entered.")
    page.get_by_role("button", name="Finish hand 1").tap()
    expect(page.locator(".messages")).to_contain_text("Hand 1 finished and scored.")


@pytest.fixture
def daphne(tmp_path):
    """A server of this test's own, on a fresh file at each try: the evening is made through the
    pages, which would refuse a test run again the players and logins its first try added."""
    with Daphne.on_sqlite(tmp_path) as server:
        yield server


def test_a_pool_evening_from_phones(daphne, chromium):
    env, base = daphne.env, f"http://{daphne.address}"
    manage(env, "shell", "-c", "from django.contrib.auth.models import User\n"
           "u = User.objects.get(username='secretary')\n"
           f"u.set_password({PASSWORDS['secretary']!r}); u.save()")
    secretary, aramis, porthos, charles, dora, spectator, projector = (
        phone(chromium) for _ in range(7))

    # 1. The secretary adds the players; each member's login with his player. Athos has none.
    log_in(secretary, base, "secretary", "/account/")
    secretary.goto(f"{base}/players/")
    for name, login in [("Athos", ""), ("Porthos", "porthos"), ("Aramis", "aramis"),
                        ("Charles", "charles"), ("Dora", "dora")]:
        add = secretary.locator("#add-form")
        add.get_by_label("Name", exact=True).fill(name)
        if login:
            add.get_by_label("Username").fill(login)
            add.get_by_label("First password").fill(PASSWORDS[login])
        add.get_by_role("button", name="Add the player").tap()
        expect(secretary.locator(".messages")).to_contain_text(f"{name} is a player of the club.")
    expect(secretary.locator(".players-list")).to_contain_text("member: dora")

    # 2. Aramis, a member, opens a pool with stakes; the form tells him who can seat Athos.
    log_in(aramis, base, "aramis", "/tables/new/")
    expect(aramis.locator("#stakes-seats")).to_contain_text(
        "A player without a login can only be seated by staff.")
    aramis.get_by_label("Name of the table").fill("The first evening")
    aramis.get_by_label("First seat (plays first)").select_option(label="Athos")
    aramis.get_by_label("Second seat (plays first)").select_option(label="Porthos")
    aramis.get_by_label("Third seat (observes first at a pool").select_option(label="Aramis")
    expect(aramis.get_by_label("First dealer (donneur)")).to_have_value("")  # the cut
    aramis.get_by_label("French: a gallery behind each player").check()
    aramis.get_by_label("Entry to the pool (cagnotte)").fill(str(ENTRY))
    aramis.get_by_label("Forfeit of each unit's loser").fill(str(FORFEIT))
    aramis.get_by_role("button", name="Open the table").tap()
    aramis.wait_for_url(re.compile(r"/tables/\d+/$"))
    table_url = aramis.url
    table_path, score_url = table_url.removeprefix(base), f"{table_url}score/"
    expect(aramis.locator(".cut")).to_contain_text("The cut decided")
    # Aramis's entry is paid with the opening; the two others take their seats first.
    aramis.goto(score_url)
    waiting = aramis.locator("section.unseated")
    expect(waiting).to_contain_text(re.compile(r"Not yet seated: (Athos, Porthos|Porthos, "
                                               r"Athos)\."))
    expect(waiting).to_contain_text("Athos has no login: only staff can seat this player.")
    expect(waiting.get_by_role("button")).to_have_count(0)  # a member seats nobody
    shot(aramis, "01-scorer-waiting-for-seats")

    log_in(porthos, base, "porthos", table_path)
    porthos.get_by_role("button", name=f"Take my seat (entry {ENTRY})").tap()
    expect(porthos.locator(".messages")).to_contain_text(
        f"You have taken your seat: your entry of {ENTRY} is paid.")
    porthos.context.close()
    secretary.goto(table_url)
    expect(secretary.locator("section.unseated")).to_contain_text("Not yet seated: Athos.")
    shot(secretary, "02-table-seat-him")
    secretary.get_by_role("button", name=f"Seat Athos (entry {ENTRY})").tap()
    expect(secretary.locator(".messages")).to_contain_text(
        f"Athos is seated: the entry of {ENTRY} is paid.")
    expect(secretary.locator("section.unseated")).to_have_count(0)
    expect(secretary.locator("[data-live] .facts")).to_contain_text(str(3 * ENTRY))  # the pot

    # 3. A spectator follows the table, and the projector the table's own page (the projector
    # of every table drops a table once it is won). The cut made E the first elder and D the
    # first dealer: Charles backs E for 5.00, Dora D for 3.50, each seeing the other's bet
    # arrive live.
    follow(spectator, table_url)
    follow(projector, f"{table_url}tv/")
    aramis.goto(score_url)
    expect(aramis.locator("section.unseated")).to_have_count(0)
    E, D = seats(aramis)  # the first elder and dealer, named by the cut
    assert {E, D} == {"Athos", "Porthos"}
    log_in(charles, base, "charles", table_path)
    log_in(dora, base, "dora", table_path)
    dora.evaluate("window.notReloaded = true")
    bet(charles, E, STAKES["charles"])
    expect(dora.locator(".gallery")).to_contain_text(f"Charles {STAKES['charles']}")
    never_reloaded(dora)
    bet(dora, D, STAKES["dora"])
    expect(charles.locator(".gallery")).to_contain_text(f"Dora {STAKES['dora']}")
    expect(spectator.locator(".gallery")).to_contain_text(f"Dora {STAKES['dora']}")

    # 4. Game 1, E against D (docs/rules.md section 7: the point 1, the vole 2; target 5).
    # The deal passes at each hand. Hand 1, card by card: the vole to E, elder: E 2 - D 0.
    hand_card_by_card(aramis)
    live_score(spectator, (E, 2), (D, 0))
    # Hand 2, D elder: the split mis-tapped 3-2 (D's point, D 1), then undone: void, nothing
    # marked, and the same dealer, E, deals again (ruling 74).
    summary(aramis, 3)
    live_score(spectator, (E, 2), (D, 1))
    aramis.get_by_role("button", name="Undo hand 2").tap()
    expect(aramis.locator(".messages")).to_contain_text("Hand 2 undone: it is void")
    assert seats(aramis) == (D, E)
    expect(aramis.locator(".hands li").first).to_contain_text("void")
    live_score(spectator, (E, 2), (D, 0))
    shot(aramis, "04-hand-undone")
    summary(aramis, 2)  # hand 3, entered again: D 2 tricks, E 3, E's point: E 3
    vole(aramis, E)  # hand 4: E 5, the game. D pays his forfeit.
    expect(spectator.locator("[data-role=observer]")).to_contain_text(D)
    for page in (spectator, projector):
        live_score(page, ("Aramis", 0), (E, 0))
        expect(page.locator("[data-live]").first).to_contain_text("Game 2")
    expect(spectator.locator("[data-live] .facts")).to_contain_text(str(3 * ENTRY + FORFEIT))

    # 5. Game 2, E against Aramis, who deals first as the incoming player (section 10).
    # Hand 5, E elder, is recorded as his vole (E 2); hand 6 is Aramis's vole (A 2). Then
    # Aramis sees that hand 5 was 4-1, the point: he corrects it with the three taps on its
    # correction page, E 1. Only hand 5's marks change (hand 6 is Aramis's vole either way,
    # and game 2 goes on): it is saved at once, with nothing to confirm.
    vole(aramis, E)
    vole(aramis, "Aramis")
    live_score(spectator, (E, 2), ("Aramis", 2))
    past_hand(aramis, 5, "correct").tap()
    expect(aramis.locator(".recorded")).to_contain_text("tricks elder 5, dealer 0")
    recorded = aramis.locator("#summary-form .split.chosen")
    expect(recorded).to_have_text("5 – 0vole")
    ring = "button => getComputedStyle(button).boxShadow"  # the split recorded stands out
    assert recorded.evaluate(ring) != aramis.locator("#summary-form .split").last.evaluate(ring)
    assert seats(aramis) == (E, "Aramis")
    shot(aramis, "05-correct-a-vole")
    taps(aramis, "exchanged", 4)
    expect(aramis.locator(".messages")).to_contain_text("Hand 5 is now version 2.")
    versions = aramis.locator(".versions > li")
    expect(versions).to_have_count(2)
    expect(versions.first).to_contain_text(re.compile(r"Version 2.*current"))
    expect(versions.first).to_contain_text("tricks elder 4, dealer 1")
    expect(versions.last).to_contain_text("tricks elder 5, dealer 0")
    live_score(spectator, (E, 1), ("Aramis", 2))
    aramis.goto(score_url)
    vole(aramis, E)  # hand 7: E 3
    vole(aramis, "Aramis")  # hand 8: Aramis 4
    vole(aramis, "Aramis")  # hand 9, E elder, 0-5: Aramis 6, the game (cut to 5); E's forfeit

    # 6. Game 3, Aramis against D, who deals first: three voles to Aramis, his second unit in
    # succession, and the pool (section 10).
    expect(spectator.locator("[data-role=observer]")).to_contain_text(E)
    for _ in range(3):
        vole(aramis, "Aramis")
    expect(aramis.locator(".notice")).to_contain_text("This table is over")
    for page in (spectator, projector):
        expect(page.locator("[data-live] .score").first).to_contain_text("Aramis takes it")
    shot(spectator, "06-table-won")

    # The money, from section 10: three entries of 10.00 and the forfeits of D (game 1), E
    # (game 2) and D (game 3), 2.00 each, make a pot of 36.00, all Aramis's. Aramis: -10.00 +
    # 36.00 = 26.00; E: -10.00 - 2.00 = -12.00; D: -10.00 - 4.00 = -14.00. The gallery of game
    # 1 (section 11): Dora's 3.50, the lighter side, is matched in full, 3.50 of Charles's 5.00
    # against it and 1.50 returned to him; E won, so Charles wins 3.50 and Dora loses it
    # (levy 0).
    won_at_play = {"Aramis": Decimal("26.00"), E: Decimal("-12.00"), D: Decimal("-14.00"),
                   "Charles": Decimal("3.50"), "Dora": Decimal("-3.50")}
    assert sum(won_at_play.values()) == 0
    games = {"Aramis": "2/2", E: "1/2", D: "0/2", "Charles": "0/0", "Dora": "0/0"}
    assert standings(secretary, base) == {name: (games[name], won_at_play[name])
                                          for name in games}
    shot(secretary, "07-standings")

    # 7. The secretary settles up in French: D pays Aramis 4,00 first, typed by hand with a
    # comma; then each suggested payment in one tap, until everyone is square.
    secretary.goto(f"{base}/settle-up/")
    secretary.locator("#language").select_option("fr")
    secretary.get_by_role("button", name="Change").tap()
    expect(secretary.locator("h1")).to_have_text("Régler les comptes")
    settle_up(secretary, won_at_play)
    shot(secretary, "08-settle-up-before")
    secretary.locator("#payer").select_option(label=D)
    secretary.locator("#payee").select_option(label="Aramis")
    expect(secretary.locator("#amount")).to_have_attribute("placeholder", re.compile(r",\d\d$"))
    secretary.locator("#amount").fill("4,00")
    secretary.get_by_role("button", name="Enregistrer le paiement").tap()
    expect(secretary.locator(".messages")).to_contain_text("Le paiement est enregistré.")
    owed = won_at_play | {"Aramis": Decimal("22.00"), D: Decimal("-10.00")}
    pay_each_in_one_tap(secretary, settle_up(secretary, owed))
    # Payments settle debts: they are not winnings. The standings still say what each won.
    assert standings(secretary, base) == {name: (games[name], won_at_play[name])
                                          for name in games}

    # 8. Late, the secretary learns that hand 9 was E's vole (5-0), not Aramis's. Game 2 then
    # ends E 3 + 2 = 5 against Aramis 4: E has won games 1 and 2 in succession, and the pool;
    # game 3 (hands 10 to 12) never was. The pot is 30.00 and the forfeits of D (game 1) and
    # Aramis (game 2), 34.00, E's: E -10.00 + 34.00 = 24.00, D and Aramis -12.00 each; the
    # gallery of game 1 stands. Since every balance was 0.00, they move by the difference:
    # Aramis 0.00 -> -38.00 (-12.00 - 26.00), E 0.00 -> 36.00 (24.00 + 12.00), D 0.00 -> 2.00
    # (-12.00 + 14.00). It is shown first, and saved when he confirms.
    secretary.goto(score_url)
    past_hand(secretary, 9, "corriger").tap()
    expect(secretary.locator(".recorded")).to_contain_text("premier en main 0, donneur 5")
    taps(secretary, "écart fait", 5, language="fr")
    effect = secretary.locator(".effect")
    expect(effect).to_contain_text("Cette correction changera plus que ce coup")
    for line in ["Les coups 10, 11, 12 seront mis de côté : ils ne compteront pas.",
                 f"Décidé à nouveau : partie 2 gagnée par Aramis devient partie 2 gagnée par "
                 f"{E}.",
                 f"Décidé à nouveau : la table gagnée par Aramis devient la table gagnée par "
                 f"{E}.",
                 "Aramis : solde 0,00, puis -38,00 (-38,00).",
                 f"{E} : solde 0,00, puis 36,00 (+36,00).",
                 f"{D} : solde 0,00, puis 2,00 (+2,00).",
                 "Les comptes étaient réglés : chaque solde était à 0,00."]:
        expect(effect).to_contain_text(line)
    shot(secretary, "09-late-correction-shown")
    secretary.get_by_role("button", name="Confirmer la correction").tap()
    expect(secretary.locator(".messages")).to_contain_text(
        "Le coup 9 en est maintenant à la version 2.")
    for page in (spectator, projector):
        expect(page.locator("[data-live] .score").first).to_contain_text(f"{E} takes it")
        never_reloaded(page)
    shot(projector, "10-projector-won-again")

    # 9. The settle-up says what moved since the payments, and what to pay now: Aramis owes
    # 38.00, 36.00 to E and 2.00 to D. Paid in one tap each, everyone is square again.
    secretary.goto(f"{base}/settle-up/")
    since = secretary.locator("section.since")
    expect(since).to_contain_text("Ces soldes ont bougé depuis le dernier paiement")
    for name, now in [("Aramis", "-38,00"), (E, "36,00"), (D, "2,00")]:  # French amounts
        expect(since.locator("li", has_text=name)).to_contain_text(f"0,00 → {now}")
    expect(since).to_contain_text("les paiements déjà faits ne tombent plus juste")
    again = {"Aramis": Decimal("-38.00"), E: Decimal("36.00"), D: Decimal("2.00")}
    payments = settle_up(secretary, again)
    shot(secretary, "11-settle-up-after-the-correction")
    pay_each_in_one_tap(secretary, payments)
    won_at_play |= {E: Decimal("24.00"), D: Decimal("-12.00"), "Aramis": Decimal("-12.00")}
    games |= {E: "2/2", D: "0/1", "Aramis": "0/1"}  # game 3 set aside
    assert standings(secretary, base) == {name: (games[name], won_at_play[name])
                                          for name in games}
    shot(secretary, "12-standings-at-the-end")
    for page in (secretary, aramis, charles, dora, spectator, projector):
        page.context.close()
