"""The games tests' kit for a game à trois whose phases end on different figures: Constance
reaches 7 with Athos on 2 and Porthos on 1, and withdraws; Athos then wins the two-handed
finish 7–4 over Porthos (docs/rules.md, section 12)."""
from tests.games.kit import checked, open_trois, players, summary

# Each hand's tricks by player name, summaries with the exchange accepted (no one vulnerable):
# the point to the most tricks, the vole 2.
THREE_HANDED = [{"Constance": 5}] * 3 + [
    {"Athos": 3, "Constance": 1, "Porthos": 1}, {"Porthos": 3, "Athos": 1, "Constance": 1},
    {"Athos": 3, "Constance": 1, "Porthos": 1}, {"Constance": 3, "Athos": 1, "Porthos": 1}]
FINISH = [{"Athos": 5}, {"Porthos": 5}, {"Athos": 5}, {"Porthos": 3, "Athos": 2},
          {"Athos": 3, "Porthos": 2}]


def hand(snap: dict, tricks: dict, ids: dict) -> dict:
    """A summary record of the table `snap`'s next hand in which each player named in
    `tricks` takes that many tricks (à trois while three play, else two-handed)."""
    taken = {ids[name]: n for name, n in tricks.items()}
    seats = snap["trois"]["seats"]
    if snap["trois"]["three_handed"]:
        return {"format": "ecarte-trois/1", "summary": {
            "opening": "exchanged", "king_turned": False,
            "tricks": {role: taken.get(pk, 0) for role, pk in seats.items()}}}
    return summary(taken.get(seats["elder"], 0))


def play(api, snap: dict, hands: list, ids: dict) -> dict:
    for tricks in hands:
        snap = checked(api.post(f"/tables/{snap['id']}/hands",
                                {"record": hand(snap, tricks, ids)}))["table"]
    return snap


def trois_table(api, finished: bool = True) -> tuple[dict, dict]:
    """The table's snapshot once Constance has withdrawn (and, `finished`, once Athos has won
    the finish), with {name: player}."""
    seated = players("Constance", "Athos", "Porthos")
    ids = {p.name: p.pk for p in seated}
    snap = play(api, open_trois(api, seated).json(), THREE_HANDED, ids)
    if finished:
        snap = play(api, snap, FINISH, ids)
    return snap, {p.name: p for p in seated}
