"""The scorer's page tests' kit: the page's address and form key, its forms as posted (a
summary, a deal, a trick, an action on a hand, the forms à trois and à quatre), and every kind
of two-handed hand with the correction the tests make to it (KINDS)."""
import re
import uuid

from games.models import Hand
from testbed.records import ELDER_VOLE, elder_vole


def url(table) -> str:
    return f"/tables/{table.pk}/score/"


def outbox_url(table) -> str:
    """Where the page's outbox (outbox.js) sends the forms the phone kept."""
    return f"/tables/{table.pk}/score/outbox/"


def page_key(page: str) -> str:
    return re.search(r'name="key" value="([0-9a-f]+)"', page).group(1)


def summary_post(number=1, key="k1", **fields):
    return {"action": "summary", "number": number, "key": key, "opening": "played",
            "king": "none", "elder_tricks": "3"} | fields


def deal_post(number=1, key="d1"):
    deal = ELDER_VOLE["deal"]
    return {"action": "deal", "number": number, "key": key, "opening": "played",
            "king": "none", "elder": " ".join(deal["elder"]),
            "dealer": "7♠ 8♠ 9♥ 10♥ 7♣", "turn_up": deal["turn_up"]}


def enter_deal(scorer, table) -> Hand:
    answer = scorer.post(url(table), deal_post())
    assert answer.status_code == 302, answer.content.decode()[:3000]
    return Hand.objects.get()


def trick(hand, number, leader, follower, key=None):
    """The trick form, with a key of its own, as each page is drawn with one."""
    return {"action": "trick", "hand": hand.pk, "number": number,
            "key": key or uuid.uuid4().hex, "leader": leader, "follower": follower}


def act(hand, action, **fields):
    return {"action": action, "hand": hand.pk, "key": uuid.uuid4().hex, **fields}


def trois_post(number=1, key="k1", opening="exchanged", king="none", tricks=(3, 1, 1),
               first_to_two=""):
    """The à trois form as sent: `tricks` are the elder's, the middle's and the dealer's."""
    return {"action": "trois", "number": number, "key": key, "opening": opening,
            "king": king, "tricks_elder": tricks[0], "tricks_middle": tricks[1],
            "tricks_dealer": tricks[2], "first_to_two": first_to_two}


def quatre_post(number=1, key="k1", opening="exchanged", king="none", elder_side="3"):
    return {"action": "quatre", "number": number, "key": key, "opening": opening,
            "king": king, "elder_side": elder_side}


def summary(elder: int, dealer: int | None = None, opening="exchanged", **more) -> dict:
    tricks = {"elder": elder, "dealer": 5 - elder if dealer is None else dealer}
    fields = {"opening": opening, "king_turned": more.pop("king_turned", False),
              "tricks": tricks} | ({"king": more.pop("king")} if "king" in more else {})
    return {"summary": fields} | more


# Each kind: the record as entered, the form that corrects it, and a legal change to it
# (the form's fields changed) with the record it must make.
KINDS = {
    "point": (summary(3), "summary-form", {"elder_tricks": "2"}, summary(2)),
    "vole": (summary(5), "summary-form", {"elder_tricks": "4"}, summary(4)),
    "dealer's vole": (summary(0), "summary-form", {"elder_tricks": "1"}, summary(1)),
    "king turned": (summary(3, king_turned=True), "summary-form", {"king": "none"},
                    summary(3)),
    "king announced": (summary(2, king="dealer"), "summary-form", {"king": "elder"},
                       summary(2, king="elder")),
    "refusal": (summary(2, opening="refused"), "summary-form", {"opening": "played"},
                summary(2, opening="played")),
    "double": (summary(3, double={"by": "dealer", "before_trick": 2, "accepted": True}),
               "summary-form", {"double_before": "3"},
               summary(3, double={"by": "dealer", "before_trick": 3, "accepted": True})),
    "offer": (summary(0, 0, offer={"by": "elder", "accepted": True}), "summary-form",
              {"offer_by": "dealer"}, summary(0, 0, offer={"by": "dealer", "accepted": True})),
    "revoke": (summary(2, irregularities=[{"type": "revoke", "by": "dealer", "trick": 1}]),
               "summary-form", {"revoke_trick": "2"},
               summary(2, irregularities=[{"type": "revoke", "by": "dealer", "trick": 2}])),
    "false king": (summary(4, king="elder",
                           irregularities=[{"type": "false_king", "by": "elder"}]),
                   "summary-form", {"false_king_by": "none"}, summary(4, king="elder")),
    "abandon": (summary(1, 2, irregularities=[{"type": "abandon", "by": "elder"}]),
                "summary-form", {"early_elder": "2", "early_dealer": "1"},
                summary(2, 1, irregularities=[{"type": "abandon", "by": "elder"}])),
    "every card": (ELDER_VOLE, "deal-form", {"trick3": "Q♦ 7♣", "trick4": "J♦ 10♥"},
                   elder_vole(tricks=[*ELDER_VOLE["tricks"][:3], ["QD", "7C"],
                                      ["JD", "TH"]])),
    "in progress": (elder_vole(tricks=ELDER_VOLE["tricks"][:1], in_progress=True),
                    "deal-form", {"trick1": "Q♠ 8♠"},
                    elder_vole(tricks=ELDER_VOLE["tricks"][:2], in_progress=True)),
}


def open_form(seated, format, **changes) -> dict:
    """The open-table form (/tables/new/) as the page draws it, every option at its default,
    the `seated` players in its seats in order."""
    data = {"name": "T", "format": format, "first_dealer": "seat1", "wager_style": "none",
            "ranking": "classic", "dealer_exchange": "required", "doubling": "false",
            "offer_point": "false", "target": "5", "game_value": "single", "rubber_games": "3",
            "pool_unit": "game", "pool_streak": "2", "pool_entry": "0.00",
            "pool_forfeit": "0.00", "levy_percent": "0.00", "wager_min": "0.10",
            "wager_max": "", "many_target": "7", "key": uuid.uuid4().hex}
    data |= {f"seat{n + 1}": player.pk for n, player in enumerate(seated)}
    return data | changes
