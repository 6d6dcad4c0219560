"""What the engine's tests of à trois and à quatre share where a rule of the Laws is the same
for both forms (tests/engine/test_trois_quatre_*.py), on the kit the three forms share
(tests/engine/kit.py); no tests here.

`FORMS` holds each form: its record's format, its seats in the order of play from the elder,
the keys of the tricks taken (the seats à trois, the sides à quatre), its engine, and builders
of a deal written seat by seat, of a full and of a summary record, and of the engine's refusal.
`swap` and `refused` write an exchange's entry for either form. Each module gives its own
deals and the Laws' figures for each form; trois_kit.py and quatre_kit.py keep each form's
reference model of the play.
"""
from collections.abc import Callable
from dataclasses import dataclass

from games.engine.quatre import score_quatre
from games.engine.trois import score_trois
from tests.engine import quatre_kit, trois_kit
from tests.engine.kit import H, full_record, refuses, summary_record


@dataclass(frozen=True)
class Form:
    name: str
    format: str
    seats: tuple  # from the elder to the dealer
    takers: tuple  # the keys of the tricks taken, in a summary and in the result
    score: Callable

    def deal(self, *hands, turn_up: str) -> dict:
        """A deal: one hand of five for each seat, from the elder, and the turn-up."""
        return dict(zip(self.seats, map(H, hands), strict=True)) | {"turn_up": turn_up}

    def full(self, deal: dict, exchanges=(), tricks=None, **extra) -> dict:
        """A full record; tricks are 'LEAD SECOND ...' strings or lists."""
        return full_record(self.format, deal, exchanges, tricks, **extra)

    def summary(self, opening: str, tricks: tuple, king_turned=False, **extra) -> dict:
        """A summary record, `tricks` taken in the order of `takers`; a key of `extra` written
        with an 's_' prefix goes into the summary object, any other beside it."""
        body = {"opening": opening, "king_turned": king_turned,
                "tricks": dict(zip(self.takers, tricks, strict=True))}
        return summary_record(self.format, body, **extra)

    def rejects(self, record, code, at=None, *, at_prefix=None, mentions=()):
        """Asserts that the form's engine refuses `record` with `code` (at `at`)."""
        return refuses(self.score, record, code, at, at_prefix=at_prefix, mentions=mentions)


TROIS = Form("trois", trois_kit.FORMAT, trois_kit.SEATS, trois_kit.SEATS, score_trois)
QUATRE = Form("quatre", quatre_kit.FORMAT, quatre_kit.SEATS, ("elder_side", "dealer_side"),
              score_quatre)
FORMS = {form.name: form for form in (TROIS, QUATRE)}

# An accepted proposal, swap(elder=("8S", "JH"), middle=("TD JD", "9D 8D")), and a refused
# one: the entries are written alike in both forms.
swap = quatre_kit.swap
refused = quatre_kit.refused
