"""The game's words for the pages, in the reader's language: the table options and their values,
the cards, and the words the live script (games/static/games/live.js) needs to draw a table from
its snapshot. Every string here is in locale/<lang>/LC_MESSAGES/django.po."""
from django.utils import formats
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext, pgettext_lazy

from club import money_text, refusals
from games.engine.rules import TABLE_CHOICES, TABLE_DEFAULTS
from games.models import TableEvent
from games.money_options import MONEY_RULES
from games.presentation import cards, engine_words
from games.presentation.cards import RANK_NAMES as RANKS
from games.presentation.cards import SUIT_NAMES as SUITS
from games.presentation.cards import card  # noqa: F401 (the views call words.card)
from games.presentation.cards import face as card_face
from games.presentation.marks import MARKS, mark_word

# -- cards: games.presentation.cards (RANKS, SUITS and card are read from there) ---------------


# -- the table options (docs/rules.md, Table options) --------------------------------------
OPTIONS = {
    "ranking": gettext_lazy("Rank of the cards"),
    "dealer_exchange": gettext_lazy("The dealer's exchange"),
    "doubling": gettext_lazy("Doubling"),
    "offer_point": gettext_lazy("Offering the point"),
    "king_announcement": gettext_lazy("When the king of trumps is announced"),
    "target": gettext_lazy("Game target"),
    "game_value": gettext_lazy("Game value"),
    "rubber_games": gettext_lazy("Games in a rubber (partie liée)"),
    "pool_unit": gettext_lazy("The pool's unit"),
    "pool_streak": gettext_lazy("Units in succession to take the pool"),
    "pool_entry": gettext_lazy("Entry to the pool (cagnotte)"),
    "pool_forfeit": gettext_lazy("Forfeit of each unit's loser"),
    "levy_percent": gettext_lazy("The club's levy on the gallery's winnings, %"),
    "wager_min": gettext_lazy("Least stake of a wager"),
    "wager_max": gettext_lazy("Greatest stake of a wager"),
}
VALUES = {
    ("ranking", "classic"): gettext_lazy("classic: K Q J A 10 9 8 7"),
    ("ranking", "ace_high"): gettext_lazy("ace high: A K Q J 10 9 8 7"),
    ("dealer_exchange", "required"): gettext_lazy("required: the dealer takes at least one card"),
    ("dealer_exchange", "optional"): gettext_lazy("optional: the dealer may take none"),
    ("king_announcement", "london"): gettext_lazy("London: before his first card is played "
                                                  "to"),
    ("king_announcement", "french"): gettext_lazy("French: before he plays his second card"),
    ("target", "retourne"): gettext_lazy("la retourne: the first turn-up sets it"),
    ("target", "retourne_random"): gettext_lazy("la retourne at random: a card turned before "
                                                "each game sets it"),
    ("game_value", "single"): gettext_lazy("single: every game counts 1"),
    ("game_value", "graded"): gettext_lazy("graded: 3, 2 or 1 by the loser's score"),
    ("pool_unit", "game"): gettext_lazy("a game"),
    ("pool_unit", "rubber"): gettext_lazy("a rubber (partie liée)"),
}
NO_LIMIT = gettext_lazy("no limit")


def value_words(key: str, value) -> str:
    if isinstance(value, bool):
        return str(_("yes") if value else _("no"))
    if value is None:
        return str(NO_LIMIT)
    if key in MONEY_RULES:  # whole cents (the levy in hundredths): "5,00" on a French page
        return money_text.local(value)
    return str(VALUES.get((key, value), value))


def options(rules: dict | None = None) -> list[dict]:
    """Every table option, in the engine's order then the money's, with its default and its
    choices in words; with `rules`, a table's own value too."""
    out = []
    for key, default in {**TABLE_DEFAULTS, **MONEY_RULES}.items():
        item = {"key": key, "label": OPTIONS[key], "default": default,
                "default_words": value_words(key, default),
                "choices": [(str(c).lower() if isinstance(c, bool) else str(c),
                             value_words(key, c)) for c in TABLE_CHOICES.get(key, ())]}
        if rules is not None:
            item["value"] = rules.get(key, default)
            item["value_words"] = value_words(key, item["value"])
        out.append(item)
    return out


STYLES = {"none": gettext_lazy("no wagers"),
          "english": gettext_lazy("English: matched offers at odds, no advice to the players"),
          "french": gettext_lazy("French: a gallery behind each player, who may advise that "
                                 "player")}
TABLE_KINDS = {"pool": gettext_lazy("pool (poule): three players"),
               "rubber": gettext_lazy("rubber (partie liée): two players"),
               "trois": gettext_lazy("Écarté à trois: three players, all playing"),
               "quatre": gettext_lazy("Écarté à quatre: two sides of partners, playing in "
                                      "silence")}


# -- the end of a game, said the same on every page and by live.js -------------------------
GAME_END = gettext_lazy("%(name)s takes the game %(won)s–%(lost)s")
GAME_END_SIDE = gettext_lazy("%(names)s take the game %(won)s–%(lost)s")  # à quatre
# À trois (docs/rules.md, section 12): where the three-handed phase ended, then the finish.
TROIS_FIRST = gettext_lazy("%(name)s takes the game at %(score)s (%(others)s)")
TROIS_FINISH = gettext_lazy("%(second)s second, %(won)s–%(lost)s over %(third)s")
TROIS_THEN = gettext_lazy("%(first)s; %(then)s")


def trois_first(name, withdrew_at: dict, first, others) -> str:
    """"Constance takes the game at 7 (Athos 2, Porthos 1)": the winner à trois with the
    scores when he reached the target and withdrew (`withdrew_at`, by player id as a string),
    the `others` in their order; `name` gives a player's name from his id."""
    return str(TROIS_FIRST) % {"name": name(first), "score": withdrew_at[str(first)],
                               "others": ", ".join(f"{name(p)} {withdrew_at[str(p)]}"
                                                   for p in others)}


def trois_end(name, withdrew_at: dict, order, score: dict) -> str:
    """A finished game à trois: "Constance takes the game at 7 (Athos 2, Porthos 1); Athos
    second, 7–4 over Porthos", from the order of finish and the final `score` (by player id
    as a string), the others named in their order of finish."""
    first, second, third = order
    finish = str(TROIS_FINISH) % {"second": name(second), "third": name(third),
                                  "won": score[str(second)], "lost": score[str(third)]}
    return str(TROIS_THEN) % {"first": trois_first(name, withdrew_at, first, (second, third)),
                              "then": finish}


def namer(snap: dict | None):
    """A player's name from his id, by the snapshot's `names`."""
    names = (snap or {}).get("names") or {}
    return lambda player: names.get(str(player), f"#{player}")


def _ended_values(snap: dict, ended: dict) -> dict:
    name = namer(snap)

    def first(who):
        return who[0] if isinstance(who, list) else who

    def named(who):
        return " & ".join(name(i) for i in (who if isinstance(who, list) else [who]))
    score = ended.get("score") or {}
    return {"name": named(ended["winner"]), "names": named(ended["winner"]),
            "won": score.get(str(first(ended["winner"])), ""),
            "lost": score.get(str(first(ended["loser"])), "")}


def game_end(snap: dict | None, ended: dict | None = None) -> str:
    """The end of a game in words, "Claire takes the game 5–3", from a table's snapshot: its
    `last_game`, or the finished game `ended` of its `last_games`; à trois its two phases
    (`trois_end`). Empty before any game is won. live.js fills the same patterns (live_words'
    `game_end`, `game_end_side` and `trois`)."""
    ended = ended or (snap or {}).get("last_game")
    if not ended:
        return ""
    if ended.get("withdrew_at"):
        return trois_end(namer(snap), ended["withdrew_at"], ended["order"], ended["score"])
    pattern = GAME_END_SIDE if isinstance(ended["winner"], list) else GAME_END
    return str(pattern) % _ended_values(snap, ended)


# -- what the live script draws -------------------------------------------------------------
def live_words() -> dict:
    """The words live.js puts on a table, in the reader's language. "%(name)s" and the like
    are filled in by the script; `decimal` is how the language writes the decimal point of an
    amount (the snapshot's "12.50" is "12,50" on a French page)."""
    return {
        "decimal": formats.get_format("DECIMAL_SEPARATOR"),
        "dealer": _("dealer"), "elder": _("elder"), "observer": _("observer"),
        "middle": _("middle"), "elder_side": _("the elder's side"),
        "dealer_side": _("the dealer's side"), "belle": _("la belle"),
        "sides_won": _("%(names)s take it"),
        "games_won": _("Games won"),
        "seats": _("Seats"), "pending": _("has not sat down yet"),
        "game": _("Game %(number)s"), "target": _("to %(target)s"),
        "target_unknown": _("target set by the first turn-up"),
        "unit": _("Games in this unit"), "rubber_unit": _("Unit %(number)s"),
        "pot": _("Pot (cagnotte)"), "streak": _("Streak"), "no_streak": _("no unit decided yet"),
        "streak_of": _("%(name)s, %(count)s in succession"),
        "hands": _("Last hands"), "no_hands": _("No hand yet."),
        "hand": _("Hand %(number)s"), "void": _("void: dealt again, nothing marked"),
        "in_progress": _("being played"), "nothing": _("nothing marked"),
        "unmarked": _("the %(what)s of %(name)s was not marked"),
        "penalised": _("the penalty: %(marks)s"),
        "not_marking": _("%(name)s does not mark +%(points)s %(what)s"),
        "separator": pgettext("between the parts of a line", "; "),
        "marks": {key: mark_word(key) for key in MARKS},
        "status": {"playing": _("playing"), "won": _("won"), "abandoned": _("abandoned")},
        "won_by": _("%(name)s takes it"),
        "gallery": _("The gallery"), "backers": _("behind %(name)s"),
        "no_bets": _("No bet yet."), "offers": _("Open offers"), "no_offers": _("No open offer."),
        "gallery_balanced": _("Balanced when the unit started: each side is matched to "
                              "%(matched)s, and what was over it was returned."),
        "gallery_so_far": _("Matched so far: %(matched)s on each side."),
        "side_so_far": _("%(unmatched)s on %(name)s will be returned unless matched before "
                         "the first hand."),
        "side_balanced": _("%(matched)s matched of %(total)s, %(returned)s returned"),
        "bet_balanced": _("%(name)s %(stake)s: %(matched)s matched, %(returned)s returned"),
        "offer": _("%(bettor)s backs %(on)s: %(stake)s at %(odds)s, %(unmatched)s unmatched"),
        "playing": _("Hand %(number)s, being played"), "trumps": _("Trumps"),
        "tricks_won": _("Tricks taken"), "no_trick": _("No trick played yet."),
        "trick_to": _("%(name)s takes the trick"), "king_by": _("King announced"),
        "card": _("%(rank)s of %(suit)s"), "ranks": {k: str(v) for k, v in RANKS.items()},
        "suits": {k: str(v) for k, v in SUITS.items()},
        "live": _("live"), "reconnecting": _("reconnecting…"), "connecting": _("connecting…"),
        "game_end": str(GAME_END), "game_end_side": str(GAME_END_SIDE),
        "trois": {"first": str(TROIS_FIRST), "finish": str(TROIS_FINISH),
                  "then": str(TROIS_THEN)},
        "labelled": _("%(label)s: %(value)s"),
        "letters": cards.rank_letters(), "trick_n": _("Trick %(number)s"),
        "unit_label": _("Unit"), "one_game": _("one game"),
        "rubber_of": _("a rubber of %(of)s games, game %(game)s: %(score)s"),
        "withdrawn": _("withdrawn, the winner"), "page_of": _("Page %(page)s of %(pages)s"),
        # "%(count)s" filled in by the script, "one" for 1 and "other" for more (0 is not said)
        "waiting": {"one": waiting_pattern(1), "other": waiting_pattern(2)},
        "waiting_since": _("since %(time)s"),
    }


# -- the hands a scorer's phone keeps until it can send them (games.services.waiting) --------
def waiting_pattern(count: int) -> str:
    """"%(count)s hands on their way", in the form for `count`."""
    return ngettext("%(count)s hand on its way", "%(count)s hands on their way", count)


def waiting_hands(count: int) -> str:
    """"2 hands on their way"."""
    return waiting_pattern(count) % {"count": count}


# -- the scorer's page: refusals and the double-dummy analysis -----------------------------
def refusal(refused) -> refusals.Said:
    """A refusal as the scorer's page shows it (club.refusals): the engine's detail in the
    reader's words, its cards as "7♥" (games.presentation.engine_words)."""
    return refusals.said(refused, engine_words.detail)


def analysis(record: dict, result: dict, found: dict, loss=None) -> list[str]:
    """The double-dummy analysis (games.engine.analyse) of a played hand, in words: what best
    play on both sides gives, set beside what happened, and the first card played that lost
    value against it (games.engine.first_loss, a Loss or None)."""
    best, took = found["elder_tricks"], (result.get("tricks") or {}).get("elder", 0)
    leads = " ".join(card_face(c) for c, n in found["by_lead"].items() if n == best)
    lines = [ngettext("With every card in view and best play on both sides, the elder takes "
                      "%(count)s trick, leading %(cards)s.",
                      "With every card in view and best play on both sides, the elder takes "
                      "%(count)s tricks, leading %(cards)s.", best) % {"count": best,
                                                                      "cards": leads}]
    if loss:
        lines.append(_lost_value(loss, took))
    elif took < best:
        if best == 5:
            aim = _("the vole")
        elif best >= 3 > took:
            aim = _("the point")
        else:
            aim = ngettext("%(count)s trick", "%(count)s tricks", best) % {"count": best}
        lines.append(_("Best play: the elder could have taken %(aim)s by leading %(cards)s; "
                       "the elder took %(took)s.") % {"aim": aim, "cards": leads, "took": took})
    elif took > best:
        lines.append(ngettext("Best play: the dealer could have held the elder to %(count)s "
                              "trick; the elder took %(took)s.",
                              "Best play: the dealer could have held the elder to %(count)s "
                              "tricks; the elder took %(took)s.", best)
                     % {"count": best, "took": took})
    else:
        lines.append(_("Both played as well as could be."))
    lines.append(_("Each first lead: %(leads)s.") % {"leads": ", ".join(
        f"{card_face(c)} {n}" for c, n in found["by_lead"].items())})
    return lines


def _lost_value(loss, took: int) -> str:
    """"Best play: at trick 2 the elder played Q♠ and with it lost the point; 8♥ or K♥ would
    not have. The elder took 2.": the first card that lost value, and the cards that kept it."""
    low, high = sorted((loss.before, loss.after))
    if low < 3 <= high:
        what = _("lost the point") if loss.seat == "elder" else \
            _("let the elder take the point")
    elif high == 5:
        what = _("lost the vole") if loss.seat == "elder" else _("let the elder take the vole")
    else:
        what = ngettext("lost %(count)s trick", "lost %(count)s tricks", high - low) \
            % {"count": high - low}
    faces = [card_face(c) for c in loss.keep]
    cards = faces[0] if len(faces) == 1 else _("%(cards)s or %(card)s") % {
        "cards": ", ".join(faces[:-1]), "card": faces[-1]}
    values = {"number": loss.trick, "card": card_face(loss.card), "what": what,
              "cards": cards, "took": took}
    if loss.seat == "elder":
        return ngettext("Best play: at trick %(number)s the elder played %(card)s and with it "
                        "%(what)s; %(cards)s would not have. The elder took %(took)s.",
                        "Best play: at trick %(number)s the elder played %(card)s and with it "
                        "%(what)s; %(cards)s would not have. The elder took %(took)s.",
                        len(faces)) % values
    return ngettext("Best play: at trick %(number)s the dealer played %(card)s and with it "
                    "%(what)s; %(cards)s would not have. The elder took %(took)s.",
                    "Best play: at trick %(number)s the dealer played %(card)s and with it "
                    "%(what)s; %(cards)s would not have. The elder took %(took)s.",
                    len(faces)) % values


# -- a table's history (TableEvent) ----------------------------------------------------------
WAGER_ACTS = {"placed": gettext_lazy("wager %(wager)s placed"),
              "taken": gettext_lazy("wager %(wager)s taken"),
              "withdrawn": gettext_lazy("wager %(wager)s withdrawn")}


def event_type(type_: str, change: dict | None = None) -> str:
    """The type of a TableEvent in words, its label (TableEvent.Type); for the scorer's phone,
    what it told the club: "The scorer's phone: 2 hands on their way"."""
    if type_ == TableEvent.Type.WAITING:
        count = (change or {}).get("hands", 0)
        if not count:
            return _("The scorer's phone has sent every hand")
        return _("The scorer's phone: %(waiting)s") % {"waiting": waiting_hands(count)}
    if type_ in TableEvent.Type.values:
        return str(TableEvent.Type(type_).label)
    return type_.replace("_", " ")


def event_change(change: dict, names: dict) -> str:
    """What a TableEvent changed, in words: "hand 3, version 2", "wager 7 taken", "Athos", the
    scorers' usernames."""
    change = change or {}
    parts = []
    if "hand" in change:
        parts.append(_("hand %(hand)s, version %(version)s")
                     % {"hand": change["hand"], "version": change.get("version", 1)})
    if "tricks" in change:
        parts.append(_("%(tricks)s tricks in") % {"tricks": change["tricks"]})
    if "wager" in change:
        act = WAGER_ACTS.get(change.get("act"))
        parts.append(str(act) % {"wager": change["wager"]} if act else
                     _("wager %(wager)s") % {"wager": change["wager"]})
    if "player" in change:
        parts.append(str(names.get(change["player"], change["player"])))
    parts += change.get("scorers", [])  # their usernames
    return ", ".join(parts)


def marks(result: dict, names: dict) -> list[str]:
    """A counted hand's marks in words, each "Athos +1 point"; the roles by the names of
    `names` ({"elder": name, "dealer": name})."""
    return [_("%(name)s +%(points)s %(what)s") % {
        "name": names.get(m["to"], m["to"]), "points": m["points"],
        "what": mark_word(m["for"])} for m in (result or {}).get("marks", [])]


# -- what became of a wager (games.engine.wagers.reckon), from its backer's side -------------
WAGER_OUTCOMES = {
    "won": pgettext_lazy("wager", "won"), "lost": pgettext_lazy("wager", "lost"),
    "void": pgettext_lazy("wager", "void: every stake given back"),
    "returned": pgettext_lazy("wager", "returned: nothing was matched"),
    None: pgettext_lazy("wager", "to be decided"),
}


def wager_outcome(outcome: str | None) -> str:
    return str(WAGER_OUTCOMES[outcome])
