"""The jeux de règle advisor's note on a played hand (docs/rules.md, section 3, "The jeux de
règle", and the advisor's rulings): whether the elder held a jeu de règle, what he did, and the
chance that playing without proposing wins him the point.

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

FORMAT = "ecarte-hand/1"
TWO_HANDED = (Table.Format.POOL, Table.Format.RUBBER)  # the table formats whose hands it reads
CACHED_FOR = 30 * 24 * 3600  # seconds; the advice on a record never changes
# The ten jeux de règle by number, in the reader's language (the engine names them in English).
JEUX = {
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


def advice_on(record: dict) -> dict | None:
    """The engine's advice on a full record, from the cache when it was asked before; None
    when the engine refuses the record."""
    text = json.dumps(record, sort_keys=True, separators=(",", ":"))
    key = "advice:" + hashlib.sha256(text.encode()).hexdigest()
    found = cache.get(key)
    if found is None:
        try:
            found = advise(record)
        except EngineError:
            found = {}  # remembered too: a refused record is not asked again
        cache.set(key, found, CACHED_FOR)
    return found or None


def _did(advice: dict) -> str:
    if advice["elder_did"] == "played_without_proposing":
        return _("He played without proposing.")
    if advice["elder_did"] == "nothing":
        return _("The king turned up ended the game at the deal: the hand was not played.")
    if advice["dealer_answer"] == "accepted":
        return _("He proposed, and the dealer accepted.")
    return _("He proposed, and the dealer refused.")


def note(hand: Hand | None) -> dict | None:
    """The advisor's note on a hand, in the reader's language, as {"number", "lines"}; None
    for a hand that gets no note."""
    if not noted(hand):
        return None
    # The table's ranking decides a tierce major; a record scored at the table need not say it.
    rules = {**(hand.record.get("rules") or {}),
             "ranking": hand.table.rules.get("ranking", "classic")}
    advice = advice_on({**hand.record, "rules": rules})
    if advice is None:
        return None
    jeu = advice["jeu_de_regle"]
    if jeu:
        held = _("The elder held jeu de règle no. %(number)s: %(name)s.") % {
            "number": jeu["number"], "name": JEUX[jeu["number"]]}
    else:
        held = _("The elder held no jeu de règle.")
    estimate = advice["estimate"]
    margin = max(1, math.ceil(round(estimate["margin"] * 100, 1)))
    chance = _("Playing without proposing wins him the point with a chance of %(chance)s %% ± "
               "%(margin)s (95 %% confidence; %(deals)s random deals of the unseen cards, each "
               "solved with every card in view).") % {
        "chance": round(estimate["chance"] * 100), "margin": margin, "deals": estimate["deals"]}
    return {"number": hand.number, "lines": [held, _did(advice), chance]}


def latest_noted(table: Table) -> Hand | None:
    """The table's latest counted hand that gets a note."""
    hands = table.hands.filter(status=Hand.Status.COUNTED, record__has_key="deal")
    for hand in hands.order_by("-number"):
        if noted(hand):
            return hand
    return None

