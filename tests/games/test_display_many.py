"""Hands à trois and à quatre in words, as a hand's history and the admin show each version
(games.presentation.display): every seat's cards, each trick from its leader with who takes it, and
the tricks and scores of all the seats or both sides, not only the elder's and the dealer's."""
from django.utils import translation

from games.engine.quatre import score_quatre
from games.engine.trois import score_trois
from games.presentation import display

# Diamonds are trumps. The dealer overtrumps trick 1, leads 9♦ to trick 2 (the middle must
# follow with 8♦, which cannot beat it), and takes all five.
TROIS = {"format": "ecarte-trois/1",
         "deal": {"elder": ["KS", "QS", "JS", "AS", "TS"], "middle": ["TD", "8D", "KH", "QH", "JH"],
                  "dealer": ["QD", "9D", "KC", "QC", "JC"], "turn_up": "7D"},
         "exchanges": [],
         "tricks": [["KS", "TD", "QD"], ["9D", "TS", "8D"], ["KC", "AS", "KH"],
                    ["QC", "JS", "QH"], ["JC", "QS", "JH"]]}

QUATRE = {"format": "ecarte-quatre/1",
          "summary": {"opening": "refused", "refused_by": "third", "king_turned": False,
                      "tricks": {"elder_side": 3, "dealer_side": 2}}}


def text(lines) -> list[str]:
    return [f"{label}: {' | '.join(body) if isinstance(body, list) else body}"
            for label, body in lines]


def test_a_full_hand_a_trois_names_each_seat_and_each_trick_in_the_order_played():
    lines = text(display.record_lines(TROIS) + display.result_lines(score_trois(TROIS)))

    assert ("deal: elder K♠ Q♠ J♠ A♠ 10♠ | middle 10♦ 8♦ K♥ Q♥ J♥ | dealer Q♦ 9♦ K♣ Q♣ J♣ | "
            "turn-up 7♦") in lines
    assert ("tricks: 1. elder K♠, middle 10♦, dealer Q♦: dealer wins | "
            "2. dealer 9♦, elder 10♠, middle 8♦: dealer wins | "
            "3. dealer K♣, elder A♠, middle K♥: dealer wins | "
            "4. dealer Q♣, elder J♠, middle Q♥: dealer wins | "
            "5. dealer J♣, elder Q♠, middle J♥: dealer wins") in lines
    assert "tricks: elder 0, middle 0, dealer 5" in lines
    assert "marks: dealer +1 point, dealer +1 vole, middle +1 vulnerable beaten" in lines
    assert "score after: elder 0, middle 1, dealer 2" in lines


def test_a_trick_a_trois_goes_to_the_winner_who_then_leads():
    """The middle trumps the elder's K♠ with 8♦ and takes it: he leads the next trick."""
    record = {**TROIS, "deal": {**TROIS["deal"], "dealer": ["KC", "QC", "JC", "AC", "TC"]},
              "tricks": [["KS", "8D", "AC"], ["KH", "KC", "QS"]], "in_progress": True}
    [(_, tricks)] = [line for line in display.record_lines(record) if line[0] == "tricks"]
    assert tricks == ["1. elder K♠, middle 8♦, dealer A♣: middle wins",
                      "2. middle K♥, dealer K♣, elder Q♠: middle wins"]


def test_a_summary_a_quatre_names_the_sides_and_who_refused():
    lines = text(display.record_lines(QUATRE) + display.result_lines(score_quatre(QUATRE)))

    assert ("summary: the third refused the first proposal; "
            "tricks elder's side 3, dealer's side 2") in lines
    assert "tricks: elder's side 3, dealer's side 2" in lines
    assert "marks: elder's side +1 point" in lines
    with translation.override("fr"):
        french = text(display.result_lines(score_quatre(QUATRE)))
    assert any(line.endswith(": camp du premier en main 3, camp du donneur 2")
               for line in french), french


def test_a_two_handed_deal_reads_as_it_always_did():
    record = {"deal": {"elder": ["KS"], "dealer": ["QD"], "turn_up": "7D"}, "exchanges": [],
              "tricks": [["KS", "QD"]], "in_progress": True}
    lines = text(display.record_lines(record))
    assert "deal: elder K♠; dealer Q♦; turn-up 7♦" in lines
    assert "tricks: 1. elder leads K♠, dealer plays Q♦: dealer wins" in lines
