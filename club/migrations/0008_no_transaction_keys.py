"""A ledger transaction no longer carries an idempotency key: no posting ever passed one but a
night's fee, which its presence, unique per night and player, already guards."""
from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('club', '0007_names_in_french'),
    ]

    operations = [
        migrations.RemoveField(
            model_name='transaction',
            name='idempotency_key',
        ),
    ]
