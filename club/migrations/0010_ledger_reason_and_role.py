"""`kind` names a table's kind only: an account's is its role (`Account.Role`, whose money it
holds), a transaction's its reason (`Transaction.Reason`, every reason the club posts for). The
columns are renamed and their choices listed; no row changes."""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('club', '0009_player_public_initials'),
    ]

    operations = [
        migrations.RenameField(
            model_name='account',
            old_name='kind',
            new_name='role',
        ),
        migrations.AlterField(
            model_name='account',
            name='role',
            field=models.CharField(choices=[('player', 'player'), ('house', 'house'), ('pot', 'pot'), ('escrow', 'escrow')], max_length=10, verbose_name='role'),
        ),
        migrations.RenameField(
            model_name='transaction',
            old_name='kind',
            new_name='reason',
        ),
        migrations.AlterField(
            model_name='transaction',
            name='reason',
            field=models.CharField(choices=[('deposit', 'deposit'), ('payment', 'payment'), ('reversal', 'reversal'), ('pool_entry', 'pool entry'), ('pool_forfeit', 'pool forfeit'), ('pool_refund', 'pool refund'), ('pool_payout', 'pool payout'), ('wager_stake', 'wager stake'), ('wager_lay', 'wager lay'), ('wager_withdrawn', 'wager withdrawn'), ('wager_lapsed', 'wager lapsed'), ('wager_matched', 'wager matched'), ('wager_balanced', 'wager balanced'), ('wager_settlement', 'wager settlement'), ('wager_void', 'wager void'), ('night_fee', 'night fee')], help_text='What moved the money, e.g. "pool_entry".', max_length=32, verbose_name='reason'),
        ),
    ]
