"""A game of a table's course in words, its players named (never a pronoun): "Game 2: Claire
takes it 5–3", or while it is played "Game 3, being played: Claire 2 – Alice 1". For every
form of the game: two-handed (the winner is a player), à trois (its two phases: "Game 1:
Constance takes the game at 7 (Athos 2, Porthos 1); Athos second, 7–4 over Porthos", the
sentence of the table's banner, games.presentation.words.trois_end), à quatre (the winner is
a pair of partners, who share their score).

`game_result(game, names, partners)` reads a `CourseGame` (games.engine.course) as the course
left it; `names` is {player id: name}; `partners`, à quatre, the match's two pairs of player
ids, so that a game in play is said side against side. `score_words` says the same without
the game's number ("Claire 5 – Alice 3", à quatre side against side, à trois its phases), for
the admin's list of a table's games."""
from django.utils.translation import gettext as _

from games.presentation import words

DASH = "–"  # between the scores: 5–3


def named(who, names: dict) -> str:
    """A player by name; a pair of partners as "Athos & Aramis"; "—" for nobody."""
    if who is None:
        return "—"
    if isinstance(who, (tuple, list)):
        return " & ".join(named(p, names) for p in who)
    return str(names.get(who, who))


def _first(who):
    return who[0] if isinstance(who, (tuple, list)) else who


def game_result(game, names: dict, partners=()) -> str:
    """The game's heading: its number and its result, or its score so far."""
    score = game.score or {}
    if getattr(game, "withdrew_at", None):  # à trois, once its winner has withdrawn
        return _trois(game, names)
    if game.winner is not None:
        winner = _first(game.winner)
        others = sorted((p for p in score if p not in _members(game.winner)
                         and (not partners or p == _first(game.loser))),
                        key=lambda p: -score[p])
        points = DASH.join(str(score[p]) for p in (winner, *others))
        if isinstance(game.winner, (tuple, list)):
            return _("Game %(number)s: %(names)s take it %(score)s") % {
                "number": game.number, "names": named(game.winner, names), "score": points}
        return _("Game %(number)s: %(name)s takes it %(score)s") % {
            "number": game.number, "name": named(game.winner, names), "score": points}
    return _being_played(game, _standing(game, _sides(game, partners), names))


def score_words(game, names: dict, partners=()) -> str:
    """The game's score in words, without its number: "Claire 5 – Alice 3", each player or
    side with its points, the winner first once it is won; à trois its phases."""
    if getattr(game, "withdrew_at", None):
        return _trois_words(game, names)
    sides = _sides(game, partners)
    if game.winner is not None:
        sides.sort(key=lambda side: side[0] not in _members(game.winner))
    return _standing(game, sides, names)


def _sides(game, partners) -> list:
    """The game's sides: à quatre the pairs of partners, else each player alone."""
    return [tuple(pair) for pair in partners if pair] or [(p,) for p in game.players]


def _trois(game, names: dict) -> str:
    """À trois: the three-handed phase's end, then the finish, or its score so far."""
    if game.winner is not None:
        return _("%(label)s: %(value)s") % {
            "label": _("Game %(number)s") % {"number": game.number},
            "value": _trois_words(game, names)}
    return _being_played(game, _trois_words(game, names))


def _trois_words(game, names: dict) -> str:
    """À trois, once its winner has withdrawn: "Constance takes the game at 7 (Athos 2,
    Porthos 1); Athos second, 7–4 over Porthos", or while the finish is played "…; Athos 4 –
    Porthos 3"."""
    def name(player):
        return named(player, names)
    withdrew_at = {str(p): n for p, n in game.withdrew_at.items()}
    if game.winner is not None:
        return words.trois_end(name, withdrew_at, game.order,
                               {str(p): n for p, n in game.score.items()})
    first = game.order[0]
    others = [p for p in game.players if p != first]
    return str(words.TROIS_THEN) % {
        "first": words.trois_first(name, withdrew_at, first, others),
        "then": _standing(game, [(p,) for p in others], names)}


def _standing(game, sides: list, names: dict) -> str:
    """"Claire 2 – Alice 1": each of `sides` (a player, or a pair of partners) with its
    score."""
    return " – ".join(f"{named(side if len(side) > 1 else side[0], names)} "
                      f"{(game.score or {}).get(side[0], 0)}" for side in sides)


def _being_played(game, score: str) -> str:
    return _("Game %(number)s, being played: %(score)s") % {"number": game.number,
                                                           "score": score}


def _members(who) -> tuple:
    return tuple(who) if isinstance(who, (tuple, list)) else (who,)
