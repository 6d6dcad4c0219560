"""The club's credit limit (settings.CREDIT_LIMIT): the most a member may owe. Every hold or
charge of a member's money that his own act or a director's makes (a wager's stake, a layer's
part, a night's fee) asks `within_credit` first, under the member's row lock."""
from django.conf import settings

from club import ledger, money_text
from club.errors import Refused
from club.models import Player
from club.refusal_codes import ClubCode, ClubRule


def within_credit(player: Player, cents: int) -> None:
    """Refuses (insufficient_funds, rule over_credit) taking `cents` from the member when his
    balance would then be below minus the club's credit limit; nothing when there is none."""
    limit = settings.CREDIT_LIMIT
    if limit is None:
        return
    Player.objects.select_for_update().get(pk=player.pk)  # one check at a time per member
    balance = ledger.player_balance(player)
    if balance - cents < -limit:
        raise Refused(ClubCode.INSUFFICIENT_FUNDS, f"{player.name} may not owe more than "
                      f"{money_text.plain(limit)}: his balance is {money_text.plain(balance)}",
                      rule=ClubRule.OVER_CREDIT, name=player.name, limit=money_text.Local(limit),
                      balance=money_text.Local(balance))
