"""The ledger's account codes, the one place they are written and read
(tests/club/test_account_codes.py):

    "player:<id>"                  a player's own money              (`player`)
    "house"                        the club: levies, fees and the like (`HOUSE`)
    "pot:table:<id>"               a pool's pot                      (`pot`)
    "escrow:table:<id>:unit:<n>"   the stakes wagered on a unit, held
                                   until it is settled               (`escrow`)
"""
from typing import NamedTuple

from club.models import Account

Role = Account.Role
HOUSE = "house"


def player(player_id: int) -> str:
    return f"player:{player_id}"


def pot(table_id: int) -> str:
    return f"pot:table:{table_id}"


def escrow(table_id: int, unit: int) -> str:
    return f"escrow:table:{table_id}:unit:{unit}"


class Code(NamedTuple):
    """What an account code names: its role (an `Account.Role`: whose money the account
    holds), and the player, or the table and the unit, it is for."""
    role: Role
    player: int | None = None
    table: int | None = None
    unit: int | None = None


def read(code: str) -> Code | None:
    """What `code` names, or None for a code none of the functions above writes."""
    parts = code.split(":")
    match parts:
        case ["house"]:
            return Code(Role.HOUSE)
        case ["player", pk] if pk.isdecimal():
            return Code(Role.PLAYER, player=int(pk))
        case ["pot", "table", table] if table.isdecimal():
            return Code(Role.POT, table=int(table))
        case ["escrow", "table", table, "unit", unit] if table.isdecimal() and unit.isdecimal():
            return Code(Role.ESCROW, table=int(table), unit=int(unit))
    return None
