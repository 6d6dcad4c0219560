"""A table's own data in words, for the secretary's admin and the exports: its rules, the cut
for the first deal, its stored snapshot, a game's sides and score. The records in words are
games.presentation.display's."""
from django.utils.translation import gettext as _

from club import money_text
from games.models import Table
from games.presentation import words
from games.presentation.display import card, role


def rules_lines(rules) -> list:
    if not isinstance(rules, dict):
        return [(_("rules"), repr(rules))]
    return [(str(words.OPTIONS.get(key, key.replace("_", " "))), words.value_words(key, value))
            for key, value in rules.items()]


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
        return [(_("snapshot"), _("none yet"))]

    def name(player):
        return "—" if player is None else str(names.get(player, player))

    def scores(by_id: dict) -> str:
        return ", ".join(f"{names.get(int(p), p) if str(p).isdigit() else p} {n}"
                         for p, n in (by_id or {}).items()) or "—"

    status = snapshot.get("status")
    lines = [("seq", str(snapshot.get("seq"))),
             (_("status"), str(Table.Status(status).label if status in Table.Status.values
                               else status))]
    seats = snapshot.get("seats") or {}
    lines.append((_("seats"), ", ".join(f"{_('observer') if seat == 'observer' else role(seat)} "
                                        f"{name(seats.get(seat))}"
                                        for seat in ("elder", "dealer", "observer")
                                        if seat in seats)))
    game = snapshot.get("game") or {}
    lines.append((_("game"), _("number %(number)s, %(hands)s hands, target %(target)s, score "
                               "%(score)s") % {
        "number": game.get("number"), "hands": game.get("hands"), "target": game.get("target"),
        "score": scores(game.get("score"))}))
    unit = snapshot.get("unit") or {}
    lines.append((_("unit"), _("number %(number)s, games won %(games)s") % {
        "number": unit.get("number"), "games": scores(unit.get("games"))}))
    pool = snapshot.get("pool")
    if pool:
        streak = pool.get("streak")
        streak_text = (f"{name(streak.get('player'))} {streak.get('count')}"
                       if streak else _("none"))
        lines.append((_("pool"), _("pot %(pot)s, streak %(streak)s, winner %(winner)s") % {
            "pot": _amount(pool.get("pot")), "streak": streak_text,
            "winner": name(pool.get("winner"))}))
    if snapshot.get("hand_in_progress") is not None:
        lines.append((_("hand in progress"), str(snapshot["hand_in_progress"])))
    if snapshot.get("waiting"):
        lines.append((_("the scorer's phone"), words.waiting_hands(snapshot["waiting"]["hands"])))
    return lines


def _amount(text) -> str:
    """A stored amount ("5.00") as the reader writes it ("5,00" in French); else as it is."""
    try:
        return money_text.local(money_text.parse(text))
    except (TypeError, ValueError):
        return str(text)


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
