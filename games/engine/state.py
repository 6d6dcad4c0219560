"""A hand's state as its full record has it so far, for the three forms of record (two-handed
`ecarte-hand/1`, `ecarte-trois/1`, `ecarte-quatre/1`), complete or in progress:

    hand_state(record, ranking="classic") -> HandState, raises EngineError

what each seat holds now, the turn-up, each trick's cards from its leader with who took it,
the tricks each seat has taken, who leads the next trick and the order the others play to it
(so whose card a revoke at any place of it would be). The winner of a trick leads the next,
or in a two-handed record the other player, when the record says he led it out of turn and
it was played to (docs/rules.md, ruling 88). The pages, the snapshot and the records
in words read a hand through this. Who leads and who takes each trick are read as the records
of every form are scored: by `tricks.play_tricks`, whose `tricks.winner` is the one place a
trick is decided.

It follows the record's cards; it does not judge them: a card that breaks section 6 of the
Laws is followed as it was played, as a revoke kept in the record is. `score` judges a record.
A record whose cards cannot be followed (a card not held, a trick of the wrong size) is
refused with the contract's code and pointer.
"""
from dataclasses import dataclass

from . import quatre, trois
from .cards import SUIT_OF, VALUE, read_card
from .errors import EngineError
from .header import FORMAT, declared
from .tricks import Trick, play_tricks, winner

SEATS_OF_FORMAT = {FORMAT: ("elder", "dealer"), trois.FORMAT: trois.SEATS,
                   quatre.FORMAT: quatre.SEATS}


@dataclass(frozen=True)
class HandState:
    form: str  # the record's format
    seats: tuple  # every seat in playing order, the elder first
    turn_up: str
    held: dict  # {seat: the cards he holds now, in the order he came by them}
    tricks: tuple  # the tricks played, each a Trick
    leader: str  # who leads the next trick: the elder, then the winner of the last
    ranking: str  # the order of the cards the hand is played at

    @property
    def trump(self) -> str:
        return SUIT_OF[self.turn_up]

    def taker(self, cards) -> int:
        """The position in a trick of these cards (the leader's first) of the one that
        takes it."""
        return winner(list(cards), self.trump, self.ranking)

    @property
    def number(self) -> int:
        """The number of the next trick."""
        return len(self.tricks) + 1

    @property
    def order(self) -> tuple:
        """The seats in the order they play to the next trick, its leader first."""
        i = self.seats.index(self.leader)
        return self.seats[i:] + self.seats[:i]

    @property
    def taken(self) -> dict:
        """{seat: tricks he has taken}."""
        return {seat: sum(t.winner == seat for t in self.tricks) for seat in self.seats}


def hand_state(record, ranking: str = "classic") -> HandState:
    """The state of the hand a full record of any form describes. `ranking` is the table's;
    the record's own `rules.ranking`, when it gives one, is the one it was played at."""
    if type(record) is not dict:
        raise EngineError("bad_format", "not_object")
    deal = record.get("deal")
    if type(deal) is not dict:
        raise EngineError("bad_format", "state_needs_deal", "deal")
    form = _form(record, deal)
    seats = SEATS_OF_FORMAT[form]
    ranking = _ranking(record, ranking)
    held = {}
    for seat in seats:
        cards = deal.get(seat)
        if type(cards) is not list:
            raise EngineError("bad_format", "cards", f"deal.{seat}", where=f"deal.{seat}")
        held[seat] = [read_card(value, f"deal.{seat}[{i}]") for i, value in enumerate(cards)]
    turn_up = read_card(deal.get("turn_up"), "deal.turn_up")
    _exchange(record.get("exchanges") or [], seats, held)
    led_out = set()
    if form == FORMAT and type(record.get("irregularities")) is list:
        led_out = {(entry.get("trick"), entry.get("by"))
                   for entry in declared(record["irregularities"], "lead_out_of_turn")}
    tricks, leader = _play(record.get("tricks") or [], seats, held, SUIT_OF[turn_up], ranking,
                           led_out)
    return HandState(form=form, seats=seats, turn_up=turn_up, held=held, tricks=tricks,
                     leader=leader, ranking=ranking)


def _form(record: dict, deal: dict) -> str:
    """The record's format, or when it gives none, the form its deal's seats name."""
    if "format" in record:
        if record["format"] not in SEATS_OF_FORMAT:
            raise EngineError("bad_format", "format_one_of", "format", names=tuple(SEATS_OF_FORMAT))
        return record["format"]
    return next((form for form, seats in SEATS_OF_FORMAT.items() if set(seats) < deal.keys()
                 and len(seats) > 2), FORMAT)


def _ranking(record: dict, ranking: str) -> str:
    rules = record.get("rules")
    if type(rules) is dict and "ranking" in rules:
        ranking, where = rules["ranking"], "rules.ranking"
    else:
        where = ""
    if ranking not in VALUE:
        raise EngineError("bad_format", "ranking_one_of", where, names=tuple(VALUE))
    return ranking


def _exchange(exchanges, seats: tuple, held: dict) -> None:
    """Each accepted proposal's discards out of the hands and draws in, seat by seat."""
    if type(exchanges) is not list:
        raise EngineError("bad_format", "proposals", "exchanges", where="exchanges")
    for i, entry in enumerate(exchanges):
        if type(entry) is not dict:
            raise EngineError("bad_format", "proposal_object", f"exchanges[{i}]")
        for seat in seats:
            side = entry.get(seat)
            if not entry.get("accepted") or side is None:
                continue
            where = f"exchanges[{i}].{seat}"
            if type(side) is not dict:
                raise EngineError("bad_format", "exchange_object", where)
            for n, value in enumerate(_cards(side, "discard", where)):
                card = read_card(value, f"{where}.discard[{n}]")
                if card not in held[seat]:
                    raise EngineError("card_not_held", "discards_unheld",
                                      f"{where}.discard[{n}]", seat=seat, card=card)
                held[seat].remove(card)
            held[seat] += [read_card(value, f"{where}.draw[{n}]")
                           for n, value in enumerate(_cards(side, "draw", where))]


def _cards(side: dict, part: str, where: str) -> list:
    cards = side.get(part, [])
    if type(cards) is not list:
        raise EngineError("bad_format", "cards", f"{where}.{part}", where=part)
    return cards


def _play(tricks, seats: tuple, held: dict, trump: str, ranking: str, led_out: set) -> tuple:
    """The tricks played from `held` (emptied as they go), as the records are read
    (`tricks.play_tricks`) but without judging the cards; returns them and who leads the
    next."""
    if type(tricks) is not list:
        raise EngineError("bad_format", "tricks_list", "tricks", where="tricks")
    played = tuple(Trick(number, order, tuple(cards), taker, out) for number, order, cards,
                   taker, out in play_tricks(_shaped(tricks, len(seats)), held, seats, trump,
                                             ranking, led_out=led_out, judge=False))
    return played, played[-1].winner if played else seats[0]


def _shaped(tricks: list, size: int):
    """The tricks one by one, each refused as it comes unless it is a list of `size` cards."""
    for n, cards in enumerate(tricks):
        if type(cards) is not list or len(cards) != size:
            raise EngineError("bad_format", "n_card_trick", f"tricks[{n}]", count=size)
        yield cards
