"""The games tests' kit for tables à quatre: a hand played card by card (DEAL, PLAY), a vole for
a pair, and a game played to its end by voles through the API."""
from tests.engine.quatre_kit import deal
from tests.games.kit import checked

DEAL = deal("KS QS JS AS TS", "TD 8D KH QH JH", "9S 8S 7S AH TH", "QD 9D KC QC JC", "7D")
PLAY = [["KS", "TD", "7S", "QD"],  # the elder leads; the dealer overtrumps
        ["KC", "TS", "8D", "8S"],  # from the dealer: the second must trump
        ["KH", "TH", "9D", "AS"],  # from the second: the dealer must trump
        ["QC", "JS", "JH", "9S"],
        ["JC", "QS", "QH", "AH"]]


def vole_to(snap: dict, pair: list) -> dict:
    """A summary record in which the side of `pair` takes all five tricks."""
    side = next(s["side"] for s in snap["quatre"]["sides"] if s["players"] == pair)
    other = "dealer_side" if side == "elder_side" else "elder_side"
    return {"format": "ecarte-quatre/1",
            "summary": {"opening": "exchanged", "king_turned": False,
                        "tricks": {side: 5, other: 0}}}


def post_counting(api, snap, pair, voles=None):
    """Posts a vole for the side of `pair`, and counts the hand's vole marks by side."""
    sides = {s["side"]: tuple(s["players"]) for s in snap["quatre"]["sides"]}
    answer = checked(api.post(f"/tables/{snap['id']}/hands",
                              {"record": vole_to(snap, list(pair))}))
    for mark in answer["hand"]["result"]["marks"]:
        if voles is not None and mark["for"] == "vole":
            voles[sides[mark["to"]]] = voles.get(sides[mark["to"]], 0) + 1
    return answer["table"]


def win_game(api, snap, pair, voles=None):
    game = snap["quatre"]["game"]
    while snap["quatre"]["game"] == game and snap["status"] == "playing":
        snap = post_counting(api, snap, pair, voles)
    return snap
