"""A hand's state as its record has it so far (games.engine.hand_state), from the Laws: what each
seat holds after the exchange and the tricks, who takes each trick and who leads the next
(docs/rules.md, sections 3 and 6; à trois section 12, à quatre section 13)."""
import pytest

from games.engine import EngineError, hand_state


def two(elder, dealer, turn_up, tricks=(), exchanges=(), **extra):
    return {"format": "ecarte-hand/1",
            "deal": {"elder": elder.split(), "dealer": dealer.split(), "turn_up": turn_up},
            "exchanges": list(exchanges), "tricks": [t.split() for t in tricks], **extra}


ELDER, DEALER = "KH 7S 8C 9C TC", "AH 8S 7C JC QC"


# -- two-handed --------------------------------------------------------------------------------
def test_before_any_trick_the_elder_leads_and_each_holds_what_he_was_dealt():
    state = hand_state(two(ELDER, DEALER, "7D"))

    assert state.form == "ecarte-hand/1"
    assert state.seats == ("elder", "dealer")
    assert state.leader == "elder" and state.order == ("elder", "dealer")
    assert state.held == {"elder": ELDER.split(), "dealer": DEALER.split()}
    assert state.turn_up == "7D" and state.trump == "D"
    assert state.tricks == () and state.number == 1
    assert state.taken == {"elder": 0, "dealer": 0}


def test_the_exchange_takes_the_discards_out_and_puts_the_draws_in():
    record = two(ELDER, DEALER, "7D", exchanges=[
        {"accepted": True, "elder": {"discard": ["7S", "8C"], "draw": ["KS", "QS"]},
         "dealer": {"discard": ["8S"], "draw": ["JS"]}},
        {"accepted": False}])

    held = hand_state(record).held

    assert sorted(held["elder"]) == sorted(["KH", "9C", "TC", "KS", "QS"])
    assert sorted(held["dealer"]) == sorted(["AH", "7C", "JC", "QC", "JS"])


def test_a_dealer_who_takes_no_card_keeps_his_hand():
    record = two(ELDER, DEALER, "7D", exchanges=[
        {"accepted": True, "elder": {"discard": ["7S"], "draw": ["KS"]}}],
        rules={"dealer_exchange": "optional"})

    assert hand_state(record).held["dealer"] == DEALER.split()


def test_a_card_played_leaves_the_hand_that_played_it():
    state = hand_state(two(ELDER, DEALER, "7D", tricks=["KH AH"], in_progress=True))

    assert "KH" not in state.held["elder"] and "AH" not in state.held["dealer"]
    assert len(state.held["elder"]) == len(state.held["dealer"]) == 4


def test_the_higher_card_of_the_suit_led_takes_the_trick_in_the_classic_order():
    # Classic rank: K Q J A 10 9 8 7, the king above the ace.
    trick = hand_state(two(ELDER, DEALER, "7D", tricks=["KH AH"])).tricks[0]

    assert trick.number == 1 and trick.leader == "elder"
    assert trick.seats == ("elder", "dealer") and trick.cards == ("KH", "AH")
    assert trick.winner == "elder"


def test_ace_high_puts_the_ace_above_the_king():
    record = two(ELDER, DEALER, "7D", tricks=["KH AH"])

    assert hand_state(record, ranking="ace_high").tricks[0].winner == "dealer"


def test_the_records_own_ranking_is_the_one_it_was_played_at():
    record = two(ELDER, DEALER, "7D", tricks=["KH AH"], rules={"ranking": "ace_high"})

    assert hand_state(record).tricks[0].winner == "dealer"


def test_a_trump_takes_a_trick_of_another_suit_and_a_discard_does_not():
    trumped = two("KS 7H 8H 9H TH", "7D QC JC 8C 9C", "8D", tricks=["KS 7D"])
    discarded = two("KS 7H 8H 9H TH", "7D QC JC 8C 9C", "8H", tricks=["KS QC"])

    assert hand_state(trumped).tricks[0].winner == "dealer"
    assert hand_state(discarded).tricks[0].winner == "elder"


def test_the_winner_of_a_trick_leads_to_the_next():
    state = hand_state(two(ELDER, DEALER, "7D", tricks=["KH AH", "7S 8S", "JC TC"],
                           in_progress=True))

    assert [(t.leader, t.cards, t.winner) for t in state.tricks] == [
        ("elder", ("KH", "AH"), "elder"),
        ("elder", ("7S", "8S"), "dealer"),
        ("dealer", ("JC", "TC"), "dealer")]
    assert state.leader == "dealer" and state.order == ("dealer", "elder")
    assert state.number == 4
    assert state.taken == {"elder": 1, "dealer": 2}


def test_a_finished_hand_has_every_card_played_and_five_tricks_shared():
    state = hand_state(two(ELDER, DEALER, "7D",
                           tricks=["KH AH", "7S 8S", "JC TC", "QC 9C", "7C 8C"]))

    assert state.held == {"elder": [], "dealer": []}
    assert state.taken == {"elder": 2, "dealer": 3} and state.leader == "elder"


def test_cards_are_read_in_any_notation_the_record_accepts():
    record = two("kh 7♠ 8C 9C 10C", DEALER, "7♦", tricks=["Kh AH"])

    state = hand_state(record)

    assert state.turn_up == "7D" and state.tricks[0].cards == ("KH", "AH")
    assert state.held["elder"] == ["7S", "8C", "9C", "TC"]


def test_an_illegal_card_kept_as_a_revoke_is_followed_as_it_was_played():
    # The dealer holds a heart but discards a club: the card stands and the elder wins.
    record = two(ELDER, DEALER, "7D", tricks=["KH 7C"], in_progress=True,
                 irregularities=[{"type": "revoke", "by": "dealer", "trick": 1}])

    state = hand_state(record)

    assert state.tricks[0].winner == "elder" and "AH" in state.held["dealer"]


@pytest.mark.parametrize("record, code, at", [
    (two(ELDER, DEALER, "7D", tricks=["AH KH"]), "card_not_held", "tricks[0][0]"),
    (two(ELDER, DEALER, "7D", tricks=["KH KS"]), "card_not_held", "tricks[0][1]"),
    (two(ELDER, DEALER, "7D", tricks=["KH AH XX"]), "bad_format", "tricks[0]"),
    (two(ELDER, DEALER, "ZZ"), "bad_card", "deal.turn_up"),
    (two(ELDER, DEALER, "7D", exchanges=[
        {"accepted": True, "elder": {"discard": ["AH"], "draw": ["KS"]}}]),
     "card_not_held", "exchanges[0].elder.discard[0]"),
    ({"summary": {"opening": "played"}}, "bad_format", "deal"),
    ("not a record", "bad_format", ""),
])
def test_a_record_whose_cards_cannot_be_followed_is_refused_where_it_goes_wrong(record, code, at):
    with pytest.raises(EngineError) as refused:
        hand_state(record)

    assert (refused.value.code, refused.value.at) == (code, at)


# -- à trois -----------------------------------------------------------------------------------
def trois(tricks=(), exchanges=()):
    return {"format": "ecarte-trois/1",
            "deal": {"elder": "KS QS 7H 8H 9H".split(), "middle": "AS 8S KH QH JH".split(),
                     "dealer": "9S TS 7C 8C 9C".split(), "turn_up": "7D"},
            "exchanges": list(exchanges), "tricks": [t.split() for t in tricks],
            "in_progress": True}


def test_a_trois_the_elder_leads_then_the_middle_then_the_dealer():
    state = hand_state(trois())

    assert state.form == "ecarte-trois/1"
    assert state.seats == ("elder", "middle", "dealer") == state.order
    assert state.taken == {"elder": 0, "middle": 0, "dealer": 0}


def test_a_trois_the_highest_of_the_suit_led_takes_it_and_leads_next_the_play_passing_left():
    state = hand_state(trois(tricks=["7H KH 7C"]))

    trick = state.tricks[0]
    assert trick.seats == ("elder", "middle", "dealer") and trick.winner == "middle"
    assert state.leader == "middle" and state.order == ("middle", "dealer", "elder")
    assert state.taken == {"elder": 0, "middle": 1, "dealer": 0}


def test_a_trois_each_trick_is_read_from_its_leader():
    state = hand_state(trois(tricks=["7H KH 7C", "AS 9S KS"]))

    trick = state.tricks[1]
    assert trick.seats == ("middle", "dealer", "elder") and trick.winner == "elder"
    assert state.held["elder"] == ["QS", "8H", "9H"]
    assert state.order == ("elder", "middle", "dealer")


def test_a_trois_a_trump_takes_a_trick_of_another_suit():
    record = trois(exchanges=[{"accepted": True,
                               "elder": {"discard": ["9H"], "draw": ["8D"]},
                               "dealer": {"discard": ["7C", "8C"], "draw": ["9D", "JD"]}}],
                   tricks=["KS AS 9D"])

    state = hand_state(record)

    assert state.tricks[0].winner == "dealer"
    assert sorted(state.held["dealer"]) == sorted(["TS", "9C", "JD", "9S"])


# -- à quatre ----------------------------------------------------------------------------------
def quatre(tricks=()):
    return {"format": "ecarte-quatre/1",
            "deal": {"elder": "KS 7H 8H 9H TH".split(), "second": "AS 8S KH QH JH".split(),
                     "third": "QS 7C 8C 9C TC".split(), "dealer": "JS 9S KC QC JC".split(),
                     "turn_up": "7D"},
            "exchanges": [], "tricks": [t.split() for t in tricks], "in_progress": True}


def test_a_quatre_the_seats_play_elder_second_third_dealer():
    state = hand_state(quatre())

    assert state.form == "ecarte-quatre/1"
    assert state.order == ("elder", "second", "third", "dealer")


def test_a_quatre_the_winner_leads_and_the_others_follow_to_his_left():
    state = hand_state(quatre(tricks=["7H KH 7C KC", "AS QS JS TH"]))

    assert state.tricks[0].winner == "second"
    assert state.tricks[1].seats == ("second", "third", "dealer", "elder")
    assert state.tricks[1].winner == "third"  # classic order: the queen above knave and ace
    assert state.order == ("third", "dealer", "elder", "second")
    assert state.taken == {"elder": 0, "second": 1, "third": 1, "dealer": 0}


def test_a_quatre_record_without_its_format_is_known_by_its_seats():
    record = quatre(tricks=["7H KH 7C KC"])
    del record["format"]

    assert hand_state(record).tricks[0].winner == "second"
