"""The games tests' kit for tables à trois: a hand played card by card (DEAL, PLAY), a vole for
a player, a record posted through the API, and a table played to its end by voles."""
from tests.games.kit import checked, summary

DEAL = ("KS QS JS AS TS", "TD 8D KH QH JH", "QD 9D KC QC JC", "7D")
PLAY = [["KS", "TD", "QD"],   # the dealer overtrumps and leads next
        ["KC", "TS", "8D"],   # from the dealer: the elder, then the middle, who must trump
        ["KH", "9D", "AS"],   # from the middle: the dealer must trump; the elder discards
        ["QC", "JS", "JH"],
        ["JC", "QS", "QH"]]


def vole_to(snap: dict, player: int) -> dict:
    """A summary record in which `player` takes all five tricks: à trois while three play,
    else a two-handed one."""
    seats = snap["trois"]["seats"]
    role = next(role for role, pk in seats.items() if pk == player)
    if snap["trois"]["three_handed"]:
        tricks = dict.fromkeys(("elder", "middle", "dealer"), 0) | {role: 5}
        return {"format": "ecarte-trois/1",
                "summary": {"opening": "exchanged", "king_turned": False, "tricks": tricks}}
    return summary(5 if role == "elder" else 0)


def post(api, snap, record):
    return checked(api.post(f"/tables/{snap['id']}/hands", {"record": record}))


def play_to(api, snap, *order, voles=None):
    """Hands until the table is won, each a vole for the first player of `order` still in
    play: the first reaches the target, the second wins the finish. Counts in `voles` the vole
    marks the engine gives each player."""
    while snap["status"] == "playing":
        player = next(p.pk for p in order if p.pk not in snap["trois"]["order"])
        snap = post_counting(api, snap, player, voles)
    return snap


def post_counting(api, snap, player, voles=None):
    """Posts a vole for `player`, and counts the hand's vole marks by player in `voles`."""
    seats = dict(snap["trois"]["seats"])
    answer = post(api, snap, vole_to(snap, player))
    for mark in answer["hand"]["result"]["marks"]:
        if voles is not None and mark["for"] == "vole":
            voles[seats[mark["to"]]] = voles.get(seats[mark["to"]], 0) + 1
    return answer["table"]
