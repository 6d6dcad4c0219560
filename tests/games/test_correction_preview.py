"""What a correction would change, found without saving it (games.services.previews): the
figures are those the correction makes once saved, and the preview leaves nothing behind; a
correction saved at a `seq` the table has left is refused, so what was shown is what is
saved. A pool of entry 10.00, won by Athos in two games of voles (docs/rules.md, section 10):
Athos +22.00, Porthos and Aramis -11.00 each; hand 1 turned into the dealer's vole leaves game
1 unfinished, so the payout (32.00) and both forfeits (1.00) are undone."""
import pytest

from club import ledger
from club.errors import Refused
from club.models import Entry, Player
from games.models import HandVersion, Table, TableEvent
from games.services.hands import correct_hand, undo_hand
from games.services.previews import correction_effect
from tests.games.kit import pool, record_game_won_by, summary

pytestmark = pytest.mark.django_db


@pytest.fixture
def won(staff):
    table = pool(staff, pool_entry=1000, pool_forfeit=100)
    athos = Player.objects.get(name="Athos")
    record_game_won_by(table, athos, staff)
    record_game_won_by(table, athos, staff)
    return table


def stored() -> tuple:
    return (HandVersion.objects.count(), TableEvent.objects.count(), Entry.objects.count(),
            Table.objects.get().seq, Table.objects.get().status)


def test_the_preview_saves_nothing_and_gives_the_figures_the_correction_makes(won, staff):
    first = won.hands.get(number=1)
    before = stored()

    effect = correction_effect(hand_id=first.pk, record=summary(0), by=staff)

    assert stored() == before
    assert effect.set_aside == [4, 5, 6] and not effect.squared  # Athos is owed 22.00
    moved = {m.name: (m.before, m.after) for m in effect.moved}
    assert moved == {"Athos": (2200, -1000), "Porthos": (-1100, -1000),
                     "Aramis": (-1100, -1000)}
    assert (effect.held_before, effect.held_after) == (0, 3000)
    assert effect.result["void"] is False and effect.record == summary(0)

    correct_hand(hand_id=first.pk, record=summary(0), by=staff, seq=effect.seq)
    names = dict(Player.objects.values_list("pk", "name"))
    assert {names[pk]: cents for pk, cents in ledger.player_balances().items()} == {
        name: after for name, (_, after) in moved.items()}


def test_a_correction_saved_at_a_seq_the_table_has_left_is_refused(won, staff):
    first, last = won.hands.get(number=1), won.hands.get(number=6)
    effect = correction_effect(hand_id=first.pk, record=summary(0), by=staff)
    correct_hand(hand_id=last.pk, record=summary(5, opening="played"), by=staff)

    with pytest.raises(Refused) as refused:
        correct_hand(hand_id=first.pk, record=summary(0), by=staff, seq=effect.seq)
    assert refused.value.rule == "table_changed"
    with pytest.raises(Refused):
        undo_hand(hand_id=last.pk, by=staff, seq=effect.seq)
    first.refresh_from_db()
    assert first.version == 1
