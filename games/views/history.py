"""A table's history (every TableEvent, in seq order, grouped by the game it happened in under
the game's result) and its hands one by one (`hand_by_hand`: the counted hands, from the course
games.selectors.table_state plays once, grouped by game; a hand entered card by card drawn
and stepped through card by card, games.pages.hand_by_hand), with the table's own visibility.

The hand-by-hand page gives whoever may score the table each hand's history and correction page:
the scorer's page lists only the last hands. The hands a correction set aside are listed apart,
under no game. Beside a two-handed hand played with its cards
stand the double-dummy analysis (cheap: computed with the page) and the advisor's note (costly
the first time: shown when the cache has it, else fetched apart from `hand_advice`, or computed
with the page when a reader without the script asks for it with ?advice=1)."""
from django.http import Http404
from django.shortcuts import render
from django.utils.translation import gettext as _

from games.entry.records import kind_of, seats
from games.models import Hand, TableEvent
from games.pages.advice import note, noted
from games.pages.hand_by_hand import drawn, games_of, marks, summarised, takers, tricks_taken
from games.pages.score_widgets import analysis_of
from games.pages.table import visible_table
from games.presentation import display, words
from games.presentation.display import hand_html
from games.presentation.results import game_result
from games.selectors.names import names_of, public_login
from games.selectors.table_state import state_of
from games.services.changes import may_score

# the events after which the next game begins
AFTER_GAME = (TableEvent.Type.GAME_OVER, TableEvent.Type.ROTATION)


def _partners(course) -> tuple:
    return getattr(getattr(course, "engine", None), "partnerships", ())


def history(request, table_id: int):
    table = visible_table(request, table_id)
    state = state_of(table)
    course, names = state.course, names_of(list(state.names), request.user)
    return render(request, "games/history.html", {
        "table": table, "groups": _event_groups(table, course, names, request.user),
        "any": table.events.exists()})


def _event_groups(table, course, names: dict, reader) -> list[dict]:
    """The table's events in seq order, grouped by the game they happened in: an event of a
    hand goes with that hand's game (a correction of an earlier game's hand stays where it
    happened), the others with the game being played then. Each group {"title", "events"};
    who made each change by his login, as the reader reads it (games.selectors.names)."""
    game_of = {number: game.number for game in course.games for number, _r in game.hands}
    game_of |= {n: g for n, g in table.hands.exclude(number__in=game_of).values_list(
        "number", "game_number")}
    by_number = {game.number: game for game in course.games}
    groups, current, after = [], None, None
    for e in table.events.select_related("by__player").order_by("seq"):
        game = game_of.get((e.change or {}).get("hand"))
        if game is None and after is not None and after in by_number:
            game = after
        if game is not None and (current is None or game > current):
            current, after = game, None
            groups.append({"title": _game_title(by_number.get(game), game, names, course),
                           "events": []})
        if not groups:
            groups.append({"title": _("Before the first hand"), "events": []})
        if e.type in AFTER_GAME and current is not None:
            after = current + 1
        groups[-1]["events"].append({
            "seq": e.seq, "at": e.at, "by": public_login(e.by, reader) if e.by else "—",
            "type": words.event_type(e.type, e.change),
            "change": words.event_change(e.change, names)})
    return groups


def _game_title(game, number: int, names: dict, course) -> str:
    if game is None:  # a game a correction has since taken away
        return _("Game %(number)s") % {"number": number}
    return game_result(game, names, _partners(course))


def hand_by_hand(request, table_id: int):
    table = visible_table(request, table_id)
    state = state_of(table)
    course, names = state.course, names_of(list(state.names), request.user)
    games = games_of(table, course, names)
    counted = [(game, hand) for game in games for hand in game["hands"]]
    try:
        at = int(request.GET.get("hand", 1))
    except ValueError:
        at = 1
    at = min(max(at, 1), len(counted)) if counted else 0
    context = {"table": table, "count": len(counted), "at": at, "hand": None, "games": games,
               "set_aside": _set_aside(table, names),
               "may_score": request.user.is_authenticated and may_score(table, request.user),
               "step_words": {"before": _("Before the first card"),
                                "where": _("Card %(at)s of %(count)s")}}
    if counted:
        game, entry = counted[at - 1]
        stored = Hand.objects.select_related("table").get(table=table, number=entry["number"])
        context["hand"] = _hand(table, stored, game, names,
                                compute=request.GET.get("advice") == "1")
    return render(request, "games/hand_by_hand.html", context)


def _set_aside(table, names: dict) -> list[tuple]:
    """The hands a correction set aside, listed apart from the games: (hand, its players from
    the elder to the dealer)."""
    out = []
    for stored in table.hands.filter(status=Hand.Status.SET_ASIDE).order_by("number"):
        who = takers(table, stored.elder_id, stored.dealer_id, names)
        out.append((stored, " – ".join(who.get(seat, seat)
                                       for seat in seats(kind_of(stored.record)))))
    return out


def _hand(table, stored: Hand, game: dict, names: dict, *, compute: bool) -> dict:
    """One counted hand as the page shows it."""
    result = stored.result or {}
    who = takers(table, stored.elder_id, stored.dealer_id, names)
    roles = {"elder": who["elder"], "dealer": who["dealer"]}
    ranking = table.ranking
    score = result.get("score_after") or {}
    return {
        "number": stored.number, "game": game["number"], "game_title": game["title"],
        "roles": roles, "record": hand_html(stored.record, result, ranking=ranking),
        "void": bool(result.get("void")), "marks": marks(result, who),
        "tricks": tricks_taken(result, who),
        "rulings": display.rulings(stored.record, result, who),
        "seated": [(display.role(seat), who.get(seat, seat)) for seat in seats(kind_of(
            stored.record))],
        "score": [(who.get(role, role), score[role]) for role in display.ROLES if role in score],
        "game_over": result.get("game_over"), "winner": who.get(result.get("winner")),
        "diagram": drawn(stored.record, who, ranking),
        "summarised": summarised(stored.record, who),
        "analysis": analysis_of(stored), "noted": noted(stored),
        "advice": note(stored, compute=compute),
    }


def hand_advice(request, table_id: int, number: int):
    """The advisor's note on one hand alone, the section the hand-by-hand page fetches."""
    table = visible_table(request, table_id)
    stored = Hand.objects.select_related("table").filter(
        table=table, number=number, status=Hand.Status.COUNTED).first()
    if not noted(stored):
        raise Http404
    return render(request, "games/_advice.html", {"table": table, "advice": note(stored),
                                                  "still": True})
