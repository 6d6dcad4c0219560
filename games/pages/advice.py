"""The jeux de règle advisor's note on a played hand (docs/rules.md, section 3, "The jeux de
règle", and the advisor's rulings): which of the French source's ten jeux de règle the elder
held, by the source's number, with its advice on the first lead and the card to wait with;
Cavendish's list as a second opinion, named as his; what the elder did; and the chance that
playing without proposing wins him the point.

Only a finished full record of the two-handed game (`ecarte-hand/1`, with its `deal`) at a pool
or a rubber gets a note: not a summary, and not a hand of three or four players. The advice is
computed when a page asks for it, never while a hand is recorded, and it is cached by a hash of
the hand's record: the advice on a record never changes, so a projector and thirty phones cost
one computation. The table's page (games/views/tables.py) shows the note on its latest
full-record hand, and /tables/<id>/advice/ that note alone, which live.js fetches again when
the live feed shows a new or changed hand."""
import hashlib
import json
import math

from django.core.cache import cache
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.engine import EngineError
from games.engine.advisor import advise
from games.models import Hand, Table
from games.presentation import display

FORMAT = "ecarte-hand/1"
TWO_HANDED = (Table.Kind.POOL, Table.Kind.RUBBER)  # the kinds of table whose hands it reads
CACHED_FOR = 30 * 24 * 3600  # seconds; the advice on a record never changes
CACHE_KEY = "advice:french-ten:"  # a new key whenever the advice's shape or reading changes
# The French source's ten by number, and its advice, in the reader's language (the engine,
# games/engine/jeux.py, gives them in English).
JEUX = {
    1: gettext_lazy("a hand that can be lost only if the dealer holds two trumps"),
    2: gettext_lazy("two trumps and a guarded queen, with a low card"),
    3: gettext_lazy("two high trumps, a knave and an ace of one suit, and another knave"),
    4: gettext_lazy("two kings, one of them guarded, and a guarded queen, without a trump"),
    5: gettext_lazy("one trump, a lone king, and a queen third"),
    6: gettext_lazy("one trump and a king fourth"),
    7: gettext_lazy("two trumps and three cards of one suit"),
    8: gettext_lazy("four suits headed by kings or queens"),
    9: gettext_lazy("one trump, the knave and ten of one suit, the knave and ace of another"),
    10: gettext_lazy("a hand that would exchange only two cards: three trumps, or two trumps "
                     "and an unguarded king"),
}
ADVICE = {
    1: gettext_lazy("Without an exchange, reason as if the dealer held one trump."),
    4: gettext_lazy("Lead the guarded king; wait in the queen's suit."),
    5: gettext_lazy("Lead the queen; wait on the lone king."),
    6: gettext_lazy("Risky: the source plays it only at three points against four. It is lost "
                    "if the dealer holds two trumps, or a fork in the king's suit."),
    7: gettext_lazy("Lead the highest of the three."),
    8: gettext_lazy("Lead a trump, even a single one."),
    9: gettext_lazy("Lead the knave followed by its ace; wait at the fork of the other knave."),
    10: gettext_lazy("With three trumps, lead a trump; with two trumps and an unguarded king, "
                     "lead a low card outside trumps and wait to win the lead back by the king "
                     "or a trump."),
}
# Cavendish's list by his numbers: the second opinion.
CAVENDISH = {
    1: gettext_lazy("three trumps"),
    2: gettext_lazy("two trumps and three cards of one plain suit"),
    3: gettext_lazy("two trumps and a king"),
    4: gettext_lazy("two trumps and a guarded queen"),
    5: gettext_lazy("one trump and a tierce major"),
    6: gettext_lazy("one trump and four cards of one plain suit"),
    7: gettext_lazy("one trump and two queens"),
    8: gettext_lazy("one trump, a queen and a guarded knave of another suit"),
    9: gettext_lazy("one trump, a king and a king or queen of another suit"),
    10: gettext_lazy("four court cards without a trump"),
}


def noted(hand: Hand | None) -> bool:
    """Whether the hand gets a note: a finished full record of the two-handed game, at a table
    of the two-handed game."""
    if hand is None or not isinstance(hand.record, dict) or "deal" not in hand.record:
        return False
    if hand.table.format not in TWO_HANDED:
        return False
    result = hand.result or {}
    return (hand.record.get("format", FORMAT) == FORMAT and bool(result)
            and not result.get("in_progress") and not result.get("void"))


def advice_on(record: dict, compute: bool = True) -> dict | None:
    """The engine's advice on a full record, from the cache when it was asked before; None
    when the engine refuses the record, or (`compute` false) when it was not asked before."""
    text = json.dumps(record, sort_keys=True, separators=(",", ":"))
    key = CACHE_KEY + hashlib.sha256(text.encode()).hexdigest()
    found = cache.get(key)
    if found is None and not compute:
        return None
    if found is None:
        try:
            found = advise(record)
        except EngineError:
            found = {}  # remembered too: a refused record is not asked again
        cache.set(key, found, CACHED_FOR)
    return found or None


def _did(advice: dict) -> str:
    if advice["elder_did"] == "played_without_proposing":
        return _("The elder played without proposing.")
    if advice["elder_did"] == "nothing":
        return _("The king turned up ended the game at the deal: the hand was not played.")
    if advice["dealer_answer"] == "accepted":
        return _("The elder proposed, and the dealer accepted.")
    return _("The elder proposed, and the dealer refused.")


def _french(jeu: dict | None) -> list:
    """The French source's jeu de règle, its advice, and the cards it names in this hand."""
    if not jeu:
        return [_("The elder held none of the French source's ten jeux de règle.")]
    lines = [_("The elder held the French source's jeu de règle no. %(number)s: %(name)s.") % {
        "number": jeu["number"], "name": JEUX[jeu["number"]]}]
    if jeu["number"] in ADVICE:
        lines.append(_("The source's advice: %(advice)s") % {"advice": ADVICE[jeu["number"]]})
    cards = {"lead": display.card(jeu["lead"]), "wait": display.card(jeu["wait"])}
    if jeu["lead"] and jeu["wait"]:
        lines.append(_("With the elder's cards: lead %(lead)s; wait with %(wait)s.") % cards)
    elif jeu["lead"]:
        lines.append(_("With the elder's cards: lead %(lead)s.") % cards)
    if jeu["for_the_vole"]:
        lines.append(_("The elder's point is sure in trumps, and only low cards would be changed: "
                       "the source lets the elder propose, in the hope of the vole."))
    return lines


def _cavendish(jeu: dict | None) -> str:
    if not jeu:
        return _("Cavendish's list, a second opinion: none of its hands.")
    return _("Cavendish's list, a second opinion: its no. %(number)s, %(name)s.") % {
        "number": jeu["number"], "name": CAVENDISH[jeu["number"]]}


def note(hand: Hand | None, compute: bool = True) -> dict | None:
    """The advisor's note on a hand, in the reader's language, as {"number", "lines"}; None
    for a hand that gets no note, or (`compute` false) whose advice is not in the cache yet:
    the hand-by-hand page then fetches it apart."""
    if not noted(hand):
        return None
    # The table's ranking decides the jeux that rest on the order of the cards (a fork, the
    # highest card, a sure point); a record scored at the table need not say it.
    rules = {**(hand.record.get("rules") or {}),
             "ranking": hand.table.ranking}
    advice = advice_on({**hand.record, "rules": rules}, compute)
    if advice is None:
        return None
    estimate = advice["estimate"]
    margin = max(1, math.ceil(round(estimate["margin"] * 100, 1)))
    chance = _("Playing without proposing wins the elder the point with a chance of "
               "%(chance)s %% ± %(margin)s (95 %% confidence; %(deals)s random deals of the "
               "unseen cards, each solved with every card in view).") % {
        "chance": round(estimate["chance"] * 100), "margin": margin, "deals": estimate["deals"]}
    return {"number": hand.number,
            "lines": [*_french(advice["jeu_de_regle"]), _cavendish(advice["cavendish"]),
                      _did(advice), chance]}


def latest_noted(table: Table) -> Hand | None:
    """The table's latest counted hand that gets a note."""
    hands = table.hands.filter(status=Hand.Status.COUNTED, record__has_key="deal")
    for hand in hands.order_by("-number"):
        if noted(hand):
            return hand
    return None

