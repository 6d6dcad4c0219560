"""A table's history (every TableEvent, in seq order) and its hands one by one (`hand_by_hand`:
the counted hands, from the course games.courses rebuilds), with the table's own visibility.
The hand-by-hand page gives whoever may score the table each hand's history and correction page:
the scorer's page lists only the last hands."""
from django.shortcuts import render

from games.courses import course_of
from games.models import Hand
from games.presentation import words
from games.presentation.display import hand_html
from games.services.changes import may_score
from games.views.tables import shown, visible_table


def _names(table) -> dict:
    names = {int(pk): name for pk, name in (table.snapshot.get("names") or {}).items()}
    missing = {pk for pk in table.seating if pk not in names}
    if missing:
        names |= {p.pk: p.name for p in table.players.filter(pk__in=missing)}
    return names


@shown
def history(request, table_id: int):
    table = visible_table(request, table_id)
    names = _names(table)
    events = [{"seq": e.seq, "at": e.at, "by": e.by.get_username() if e.by else "—",
               "kind": words.event_kind(e.kind), "change": words.event_change(e.change, names)}
              for e in table.events.select_related("by").order_by("seq")]
    return render(request, "games/history.html", {"table": table, "events": events})


def _counted(table) -> list[tuple]:
    """The hands that count, in order: (game number, hand number, result)."""
    course = course_of(table)
    return [(game.number, key, result) for game in course.games for key, result in game.hands]


@shown
def hand_by_hand(request, table_id: int):
    table = visible_table(request, table_id)
    counted = _counted(table)
    try:
        at = int(request.GET.get("hand", 1))
    except ValueError:
        at = 1
    at = min(max(at, 1), len(counted)) if counted else 0
    context = {"table": table, "count": len(counted), "at": at, "hand": None,
               "may_score": request.user.is_authenticated and may_score(table, request.user)}
    if counted:
        game, number, result = counted[at - 1]
        stored = Hand.objects.get(table=table, number=number)
        names = _names(table)
        roles = {"elder": names.get(stored.elder_id, stored.elder_id),
                 "dealer": names.get(stored.dealer_id, stored.dealer_id)}
        score = (result or {}).get("score_after") or {}
        context["hand"] = {
            "number": number, "game": game, "roles": roles,
            "record": hand_html(stored.record, result, ranking=table.rules.get("ranking",
                                                                              "classic")),
            "void": bool((result or {}).get("void")), "marks": words.marks(result, roles),
            "score": [(roles[role], score[role]) for role in ("elder", "dealer")
                      if role in score],
            "game_over": (result or {}).get("game_over"),
            "winner": roles.get((result or {}).get("winner")),
        }
    return render(request, "games/hand_by_hand.html", context)


