"""A table's money options kept as whole numbers: "12.50" becomes 1250 cents, and the levy's
"5.00" becomes 500 hundredths of a percent (games.money_options); back to 0016, text again.
The snapshot keeps them as the API writes them, and is left as it is."""
from decimal import Decimal

from django.db import migrations

MONEY = ("pool_entry", "pool_forfeit", "levy_percent", "wager_min", "wager_max")


def _cents(text: str) -> int:
    return int(Decimal(text).scaleb(2))


def _text(cents: int) -> str:
    return f"{cents // 100}.{cents % 100:02d}"


def _convert(apps, convert, kind) -> None:
    Table = apps.get_model("games", "Table")
    changed = []
    for table in Table.objects.only("rules").iterator(chunk_size=500):
        found = [key for key in MONEY if isinstance(table.rules.get(key), kind)]
        if found:
            table.rules = table.rules | {key: convert(table.rules[key]) for key in found}
            changed.append(table)
    Table.objects.bulk_update(changed, ["rules"], batch_size=500)


def to_cents(apps, schema_editor) -> None:
    _convert(apps, _cents, str)


def to_text(apps, schema_editor) -> None:
    _convert(apps, _text, int)


class Migration(migrations.Migration):

    dependencies = [
        ("games", "0016_waiting_hands"),
    ]

    operations = [
        migrations.RunPython(to_cents, to_text),
    ]
