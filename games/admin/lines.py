"""A table's own data in words, for the secretary's admin and the exports: its rules, the cut
for the first deal, its stored snapshot, a game's sides and score. The records in words are
games.presentation.display's."""
from django.utils.translation import gettext as _

from games.presentation.display import card, word


def rules_lines(rules) -> list:
    if not isinstance(rules, dict):
        return [(_("rules"), repr(rules))]
    return [(key.replace("_", " "), word(value)) for key, value in rules.items()]


def cut_lines(cut, names: dict) -> list:
    """The cut for the first deal, one line per round: "Athos K♠, Porthos 9♥"."""
    if not cut:
        return [(_("none"), _("the first dealer was named"))]
    return [(_("round %(number)s") % {"number": i},
             ", ".join(f"{names.get(p, p)} {card(c)}" for p, c in draw))
            for i, draw in enumerate(cut, 1)]


def snapshot_lines(snapshot, names: dict) -> list:
    """The stored snapshot (docs/api.md) in words, players by name."""
    if not isinstance(snapshot, dict) or not snapshot:
        return [("snapshot", "none yet")]

    def name(player):
        return "—" if player is None else str(names.get(player, player))

    def scores(by_id: dict) -> str:
        return ", ".join(f"{names.get(int(p), p) if str(p).isdigit() else p} {n}"
                         for p, n in (by_id or {}).items()) or "—"

    lines = [("seq", str(snapshot.get("seq"))), ("status", str(snapshot.get("status")))]
    seats = snapshot.get("seats") or {}
    lines.append(("seats", ", ".join(f"{role} {name(seats.get(role))}"
                                     for role in ("elder", "dealer", "observer")
                                     if role in seats)))
    game = snapshot.get("game") or {}
    lines.append(("game", f"number {game.get('number')}, {game.get('hands')} hands, "
                          f"target {game.get('target')}, score {scores(game.get('score'))}"))
    unit = snapshot.get("unit") or {}
    lines.append(("unit", f"number {unit.get('number')}, games won {scores(unit.get('games'))}"))
    pool = snapshot.get("pool")
    if pool:
        streak = pool.get("streak")
        streak_text = (f"{name(streak.get('player'))} {streak.get('count')}"
                       if streak else "none")
        lines.append(("pool", f"pot {pool.get('pot')}, streak {streak_text}, "
                              f"winner {name(pool.get('winner'))}"))
    if snapshot.get("hand_in_progress") is not None:
        lines.append(("hand in progress", str(snapshot["hand_in_progress"])))
    return lines


def score_text(score, *players) -> str:
    """A game's or a unit's {player id: n} with the players' names: "Athos 5 – Porthos 3"."""
    score = score or {}
    return " – ".join(f"{p.name} {score.get(str(p.pk), 0)}" for p in players)


def game_sides(game) -> list[list]:
    """A game's players: [[first], [second]] for a two-handed game; by place, the winner's
    first, à trois (three places) and à quatre (the two sides' partners). Reads the game's
    `sides` with their players, but only for those (a table à trois has one game, à quatre
    three at the most), where its score holds more than two players."""
    if len(game.score or {}) <= 2:
        return [[game.first], [game.second]]
    places = {}
    for side in sorted(game.sides.all(), key=lambda side: side.pk):
        if side.place is not None:
            places.setdefault(side.place, []).append(side.player)
    return [places[place] for place in sorted(places)]
