"""A game of a table's course in words, its players named (never a pronoun): "Game 2: Claire
takes it 5–3", or while it is played "Game 3, being played: Claire 2 – Alice 1". For every
form of the game: two-handed (the winner is a player), à trois (the first placed wins, the
three scores follow), à quatre (the winner is a pair of partners, who share their score).

`game_result(game, names, partners)` reads a `CourseGame` (games.engine.course) as the course
left it; `names` is {player id: name}; `partners`, à quatre, the match's two pairs of player
ids, so that a game in play is said side against side."""
from django.utils.translation import gettext as _

DASH = "–"  # between the scores: 5–3


def _name(who, names: dict) -> str:
    """A player by name; a pair of partners as "Athos & Aramis"."""
    if isinstance(who, (tuple, list)):
        return " & ".join(_name(p, names) for p in who)
    return str(names.get(who, who))


def _first(who):
    return who[0] if isinstance(who, (tuple, list)) else who


def game_result(game, names: dict, partners=()) -> str:
    """The game's heading: its number and its result, or its score so far."""
    score = game.score or {}
    if game.winner is not None:
        winner = _first(game.winner)
        others = sorted((p for p in score if p not in _members(game.winner)
                         and (not partners or p == _first(game.loser))),
                        key=lambda p: -score[p])
        points = DASH.join(str(score[p]) for p in (winner, *others))
        if isinstance(game.winner, (tuple, list)):
            return _("Game %(number)s: %(names)s take it %(score)s") % {
                "number": game.number, "names": _name(game.winner, names), "score": points}
        return _("Game %(number)s: %(name)s takes it %(score)s") % {
            "number": game.number, "name": _name(game.winner, names), "score": points}
    sides = [pair for pair in partners if pair] or [(p,) for p in game.players]
    standing = " – ".join(f"{_name(side if len(side) > 1 else side[0], names)} "
                          f"{score.get(side[0], 0)}" for side in sides)
    return _("Game %(number)s, being played: %(score)s") % {"number": game.number,
                                                           "score": standing}


def _members(who) -> tuple:
    return tuple(who) if isinstance(who, (tuple, list)) else (who,)
