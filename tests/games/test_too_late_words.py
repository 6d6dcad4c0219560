"""The engine's refusal `too_late` (docs/rules.md, rulings 85 and 92) in the reader's words:
its detail said in French on the scorer's page (games.presentation.engine_words)."""
import pytest
from django.utils import translation

from games.engine import EngineError, score
from games.engine.claims import check_claim
from games.engine.course import CourseHand
from games.presentation.engine_words import detail

FORGOTTEN = {"summary": {"opening": "exchanged", "king_turned": False,
                         "tricks": {"elder": 3, "dealer": 2}},
             "irregularities": [{"type": "unmarked", "by": "elder", "mark": "point"}]}
CLAIMED = {"summary": FORGOTTEN["summary"]}


def refusal(fn, *args) -> EngineError:
    with pytest.raises(EngineError) as caught:
        fn(*args)
    assert caught.value.code == "too_late"
    return caught.value


def test_a_king_announced_too_late_by_the_london_laws_is_said_in_french():
    record = {"summary": {"opening": "exchanged", "king_turned": False, "king": "elder",
                          "king_announced": "before_second_card",
                          "tricks": {"elder": 3, "dealer": 2}}}
    error = refusal(score, record)
    with translation.override("fr"):
        assert detail(error.params) == (
            "selon les lois de Londres, le roi d'atout s'annonce avant la première carte de "
            "celui qui le tient, ou avec elle quand c'est lui")


def test_a_mark_claimed_after_the_next_turn_up_is_said_in_french_with_its_names():
    hands = [CourseHand(key=n, game=1, elder="A", dealer="B", record=record)
             for n, record in ((1, FORGOTTEN), (2, CLAIMED))]
    error = refusal(check_claim, hands, 1, score(FORGOTTEN), score(CLAIMED))
    with translation.override("fr"):
        said = detail(error.params)
    assert said.endswith("n'a pas marqué «\u00a0point\u00a0» avant que l'atout de la donne "
                         "suivante soit retourné\u00a0: il ne peut plus le réclamer"), said
