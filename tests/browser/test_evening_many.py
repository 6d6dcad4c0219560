"""An evening à trois and one à quatre, scored on a phone 390 px wide through the scorer's
page only, each hand entered as a summary in a few taps (docs/rules.md, sections 12 and 13).

À trois: Athos, Porthos and Aramis play to 7. Athos gets there first and withdraws; Porthos
and Aramis finish the game two-handed, keeping their scores, and Aramis wins it: the table's
page then gives the places, Athos first, Aramis second, Porthos third.

À quatre: Athos and Aramis play against Porthos and Dartagnan, a match of two games to 7 and,
when each side has won one, la belle. Athos and Aramis win the first game, the other side the
second, and Athos and Aramis la belle: the table's page names both partners as the winners.

Before each hand the test checks who sits where (the deal passes to the left, and the losing
side deals first in the next game); after it, the score the page shows. Every score below is
worked out here from the rules, in the comment beside its hand, not read from the code.
Screenshots go to tests/artifacts/evening-many/."""
import pytest
from playwright.sync_api import expect

from games.services.tables import open_table
from tests.browser.evening_kit import seats, summary
from tests.browser.kit import new_steward, scoring, shot
from tests.games.kit import players

pytestmark = pytest.mark.django_db(transaction=True)

# À trois, Athos dealing first: (elder, middle, dealer), the opening, the king, the tricks of
# the elder, the middle and the dealer, who took his second trick first on a 2-2-1 split, and
# the score after the hand: Athos, Porthos, Aramis.
TROIS = [
    # Athos, dealer, refuses and fails: the point to Porthos, the refusal point to the third
    # player, Aramis, not to the winner of the point.
    (("Porthos", "Aramis", "Athos"), "proposal refused by Athos, dealer", "no king",
     (3, 1, 1), None, (0, 1, 1)),
    # Porthos, dealer, turns up the king: 1; Athos, middle, makes the vole: 2.
    (("Aramis", "Athos", "Porthos"), "exchanged", "turned up", (0, 5, 0), None, (2, 2, 1)),
    # Athos, elder, plays without proposing; 2-2-1, Porthos takes his second trick first and
    # the point; the refusal point to the third, Aramis.
    (("Athos", "Porthos", "Aramis"), "played without proposing", "no king", (2, 2, 1),
     "Porthos", (2, 3, 2)),
    # Athos, dealer, announces the king and takes the point.
    (("Porthos", "Aramis", "Athos"), "exchanged", "announced by Athos, dealer", (1, 1, 3),
     None, (4, 3, 2)),
    # Athos, middle, refuses and makes the vole: 2 as usual, and no refusal point.
    (("Aramis", "Athos", "Porthos"), "proposal refused by Athos, middle", "no king",
     (0, 5, 0), None, (6, 3, 2)),
    # Athos's vole: he needs only 1 of its 2, and reaches 7. He wins, and withdraws.
    (("Athos", "Porthos", "Aramis"), "exchanged", "no king", (5, 0, 0), None, (7, 3, 2)),
]
# Then two-handed, Athos out: (elder, dealer), the opening, the elder's tricks, and the score
# after the hand: Porthos, Aramis. Aramis dealt the last hand à trois; the deal passes to his
# left, past Athos, to Porthos.
TWO_HANDED = [
    # Aramis plays without proposing and fails: Porthos marks 2 for the point.
    (("Aramis", "Porthos"), "played without proposing", 2, (5, 2)),
    (("Porthos", "Aramis"), "exchanged", 0, (5, 4)),  # Aramis's vole
    # Porthos, dealer, refuses and fails: Aramis marks 2.
    (("Aramis", "Porthos"), "proposal refused", 3, (5, 6)),
    (("Porthos", "Aramis"), "exchanged", 4, (6, 6)),  # Porthos's point
    (("Aramis", "Porthos"), "exchanged", 5, (6, 7)),  # Aramis's vole, cut to 1: he is second
]

# À quatre, Dartagnan dealing first: the elder and the third (the elder's side), then the
# second and the dealer. Each game: (elder, second, third, dealer), the opening, the king, the
# elder's side's tricks, and the score after the hand: Athos & Aramis, Porthos & Dartagnan.
AT, PD = "Athos & Aramis", "Porthos & Dartagnan"  # the two sides
# The seats of a hand, by who deals it.
DARTAGNAN_DEALS = ("Athos", "Porthos", "Aramis", "Dartagnan")
ATHOS_DEALS = ("Porthos", "Aramis", "Dartagnan", "Athos")
PORTHOS_DEALS = ("Aramis", "Dartagnan", "Athos", "Porthos")
ARAMIS_DEALS = ("Dartagnan", "Athos", "Porthos", "Aramis")
GAME_1 = [
    # Porthos refuses: his side is vulnerable and fails, Athos & Aramis mark 2; the king
    # turned up is the dealer's side's, 1.
    (DARTAGNAN_DEALS, "proposal refused by Porthos, second", "turned up", 3, (2, 1)),
    (ATHOS_DEALS, "exchanged", "no king", 0, (4, 1)),  # the vole of the dealer's side, Athos's
    # Aramis plays without proposing: his side is vulnerable, wins the point, marks 1.
    (PORTHOS_DEALS, "played without proposing", "no king", 4, (5, 1)),
    # Athos announces the king for his side; Dartagnan's side takes the point.
    (ARAMIS_DEALS, "exchanged", "announced by Athos, second", 3, (6, 2)),
    (DARTAGNAN_DEALS, "exchanged", "no king", 5, (7, 2)),  # the vole, cut to 1: the game
]
# Dartagnan dealt the last hand of game 1, which Athos & Aramis won. The losers deal first in
# the next game (ruling 58): at Dartagnan's left sit Athos (a winner), then Porthos, who deals.
GAME_2 = [
    # Athos, the elder's partner, refuses: his own side is vulnerable (ruling 55), and wins
    # the point: 1.
    (PORTHOS_DEALS, "proposal refused by Athos, third", "no king", 4, (1, 0)),
    # Porthos announces the king for his side, the elder's; their vole: 1 and 2.
    (ARAMIS_DEALS, "exchanged", "announced by Porthos, third", 5, (1, 3)),
    # Dartagnan's king turned up is his side's, 1; and his side's vole, 2.
    (DARTAGNAN_DEALS, "exchanged", "turned up", 0, (1, 6)),
    # Porthos plays without proposing: his side is vulnerable, wins the point, the game.
    (ATHOS_DEALS, "played without proposing", "no king", 3, (1, 7)),
]
# Athos dealt the last hand of game 2, which Porthos & Dartagnan won: at his left sit Porthos
# (a winner), then Aramis, who deals la belle.
BELLE = [
    (ARAMIS_DEALS, "exchanged", "no king", 1, (1, 0)),  # Aramis's side, the dealer's, has 4
    (DARTAGNAN_DEALS, "exchanged", "announced by Aramis, third", 5, (4, 0)),  # king and vole
    # Athos, dealer, refuses: his side is vulnerable and fails, 2 to the other side.
    (ATHOS_DEALS, "proposal refused by Athos, dealer", "no king", 3, (4, 2)),
    (PORTHOS_DEALS, "exchanged", "no king", 5, (6, 2)),
    (ARAMIS_DEALS, "exchanged", "no king", 2, (7, 2)),  # the dealer's side's point: the match
]


@pytest.fixture
def steward(django_user_model):
    """The scorer, with the login tests/browser/test_scorer.py's `scoring` uses."""
    return new_steward(django_user_model)


@pytest.fixture
def trois(steward):
    """Athos, Porthos and Aramis, each at the left of the one before; Athos deals first."""
    trio = players("Athos", "Porthos", "Aramis")
    return open_table(name="Trois", format="trois", players=trio, rules={}, by=steward,
                      first_dealer=trio[0])


@pytest.fixture
def quatre(steward):
    """Athos and Aramis against Porthos and Dartagnan, partners facing; Dartagnan deals
    first."""
    four = players("Athos", "Porthos", "Aramis", "Dartagnan")
    return open_table(name="Quatre", format="quatre", players=four, rules={}, by=steward,
                      first_dealer=four[3])


def score_shown(page, text: str) -> None:
    """The score of the game in play, as the page's live part shows it."""
    expect(page.locator("[data-live] [data-score]")).to_have_text(text)


def roles_shown(page, names: tuple, words: tuple) -> None:
    """The next hand's players in the order of play, each with his seat."""
    expect(page.locator(".entry-section .roles")).to_have_text(
        " · ".join(f"{name} {word}" for name, word in zip(names, words)))


def trois_hand(page, number: int, hand: tuple) -> None:
    """One hand à trois as a summary: the seats checked, then the opening, the king, each
    player's tricks and, on a 2-2-1 split, who took his second trick first."""
    names, opening, king, tricks, first_to_two, _ = hand
    words = ("elder", "middle", "dealer")
    roles_shown(page, names, words)
    form = page.locator("#trois-form")
    form.get_by_text(opening, exact=True).tap()
    form.get_by_text(king, exact=True).tap()
    for name, word, count in zip(names, words, tricks):
        form.get_by_role("radiogroup", name=f"{name}, {word}", exact=True).get_by_text(
            str(count), exact=True).tap()
    question = form.locator("fieldset", has_text="who was first to two tricks")
    if first_to_two:  # asked on a 2-2-1 split only, of the two players with two tricks
        with_two = [f"{name} {word}" for name, word, count in zip(names, words, tricks)
                    if count == 2]
        expect(question.locator("label:visible")).to_have_text(with_two)
        question.locator("label", has_text=first_to_two).tap()
    else:
        expect(question).to_be_hidden()
    form.get_by_role("button", name=f"Record hand {number}").tap()
    expect(page.locator(".messages")).to_contain_text(f"Hand {number} recorded.")


def quatre_hand(page, number: int, hand: tuple) -> None:
    """One hand à quatre as a summary: the seats checked, then the opening, the king, and the
    button of the tricks' split between the sides, which records it."""
    names, opening, king, elder_side, _ = hand
    roles_shown(page, names, ("elder", "second", "third", "dealer"))
    form = page.locator("#quatre-form")
    form.get_by_text(opening, exact=True).tap()
    form.get_by_text(king, exact=True).tap()
    vole = ", the vole" if elder_side in (0, 5) else ""
    form.get_by_role("button", exact=True, name=f"the elder's side {elder_side}, "
                     f"the dealer's side {5 - elder_side}{vole}").tap()
    expect(page.locator(".messages")).to_contain_text(f"Hand {number} recorded.")


def quatre_game(page, number: int, hands: list, games_after: tuple) -> int:
    """A game of the match, hand after hand from hand `number`, each followed by its score;
    then the games each side has won. Returns the next hand's number."""
    for hand in hands:
        quatre_hand(page, number, hand)
        number += 1
        a, b = hand[-1]
        if max(a, b) < 7:  # the game goes on
            score_shown(page, f"{AT} {a} – {PD} {b}")
    won = page.locator("[data-live] .facts")
    expect(won).to_contain_text(f"Games won{AT} {games_after[0]} – {PD} {games_after[1]}")
    return number


def test_a_trois_game_to_its_end_the_winner_withdraws_and_the_other_two_play_on(
        live_server, trois, phone):
    scoring(phone, live_server.url, trois)
    score_shown(phone, "Athos 0 – Porthos 0 – Aramis 0")
    shot(phone, "evening-many/trois-first-hand")
    for number, hand in enumerate(TROIS, 1):
        trois_hand(phone, number, hand)
        athos, porthos, aramis = hand[-1]
        score_shown(phone, f"Athos {athos} – Porthos {porthos} – Aramis {aramis}")

    # Athos has 7: he withdraws, and the two others are offered the two-handed form only.
    expect(phone.locator(".entry-section .notice")).to_contain_text(
        "Athos has won the game and withdrawn")
    expect(phone.locator("#trois-form")).to_have_count(0)
    expect(phone.locator("#summary-form .split-names")).to_have_text("Aramis elderPorthos dealer")
    shot(phone, "evening-many/trois-two-handed")
    for number, (who, opening, elder_tricks, (porthos, aramis)) in enumerate(
            TWO_HANDED, len(TROIS) + 1):
        assert seats(phone) == who
        summary(phone, elder_tricks, opening)
        if max(porthos, aramis) < 7:
            score_shown(phone, f"Athos 7 – Porthos {porthos} – Aramis {aramis}")

    expect(phone.locator(".notice")).to_contain_text("This table is over")
    phone.get_by_role("link", name="The table's page").tap()
    expect(phone.locator("[data-live] .score").first).to_have_text("won — Athos takes it")
    # The places in order, without the scores (7, 7, 6) that would read like a tie: the end of
    # the game says each phase's scores.
    expect(phone.locator("[data-live] ol.seats li")).to_have_text(
        ["1. Athos", "2. Aramis", "3. Porthos"])
    # The last hand: Aramis's vole, of which he needed only 1 to reach 7.
    expect(phone.locator(".last-hands li").first).to_have_text("Hand 11 — elder Aramis: +1 point")
    shot(phone, "evening-many/trois-places")


def test_a_quatre_match_to_la_belle(live_server, quatre, phone):
    scoring(phone, live_server.url, quatre)
    notice = phone.locator(".entry-section .notice")
    expect(notice).to_have_text("Game 1 of the match.")
    expect(phone.locator("#quatre-form .split-names")).to_have_text(
        f"{AT} the elder's side{PD} the dealer's side")
    shot(phone, "evening-many/quatre-first-hand")

    number = quatre_game(phone, 1, GAME_1, (1, 0))
    expect(notice).to_have_text("Game 2 of the match.")
    score_shown(phone, f"{AT} 0 – {PD} 0")  # each game from nothing

    number = quatre_game(phone, number, GAME_2, (1, 1))
    expect(notice).to_have_text("La belle: the deciding game of the match.")
    score_shown(phone, f"{AT} 0 – {PD} 0")
    shot(phone, "evening-many/quatre-belle")

    number = quatre_game(phone, number, BELLE, (2, 1))
    assert number == 15
    expect(phone.locator(".notice")).to_contain_text("This table is over")
    phone.get_by_role("link", name="The table's page").tap()
    expect(phone.locator("[data-live] .score").first).to_have_text(f"won — {AT} take it")
    expect(phone.locator("[data-live] .facts")).to_have_text(f"Games won{AT} 2 – {PD} 1")
    expect(phone.locator("[data-live] ul.seats [data-role=winner]")).to_have_text(f"won{AT}")
    expect(phone.locator(".last-hands li").first).to_have_text(
        f"Hand 14 — the dealer's side {AT}: +1 point")
    shot(phone, "evening-many/quatre-won")


def test_irregularities_a_quatre_from_the_fold(live_server, quatre, phone):
    """A misdeal dealt again, then a false king, each from the fold "Irregularities" of the à
    quatre form (docs/rules.md, rulings 80 and 83)."""
    scoring(phone, live_server.url, quatre)
    form = phone.locator("#quatre-form")
    fold = form.locator("#irregular-quatre")
    expect(fold.get_by_label("Revoke (renonce) by")).to_be_hidden()  # closed by default

    # A misdeal: whatever the tricks, nothing is marked and Dartagnan deals again.
    roles_shown(phone, DARTAGNAN_DEALS, ("elder", "second", "third", "dealer"))
    fold.locator("summary").tap()
    fold.get_by_label("Void: the deal to be played again (la donne à refaire), for") \
        .select_option(label="a misdeal")
    shot(phone, "evening-many/quatre-irregularities")
    form.get_by_text("exchanged", exact=True).tap()
    form.get_by_role("button", exact=True,
                     name="the elder's side 3, the dealer's side 2").tap()
    expect(phone.locator(".messages")).to_contain_text("Hand 1 recorded.")
    roles_shown(phone, DARTAGNAN_DEALS, ("elder", "second", "third", "dealer"))
    score_shown(phone, f"{AT} 0 – {PD} 0")

    # Athos plays without proposing; Porthos, second, announced the king without it, and his
    # side takes 4 tricks: the point and the refusal point, less the refusal point for the
    # false king (a summary cannot show who held the king: ruling 19). No king mark.
    fold.locator("summary").tap()
    fold.get_by_label("False king (faux roi) by").select_option(label="Porthos, second")
    form.get_by_text("played without proposing", exact=True).tap()
    form.get_by_role("button", exact=True,
                     name="the elder's side 1, the dealer's side 4").tap()
    expect(phone.locator(".messages")).to_contain_text("Hand 2 recorded.")
    score_shown(phone, f"{AT} 0 – {PD} 1")
    roles_shown(phone, ATHOS_DEALS, ("elder", "second", "third", "dealer"))
