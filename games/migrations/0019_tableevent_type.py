# A table event's `kind` is its `type`, one of the live feed's types of change: the field
# renamed, and its values listed as choices. No row changes.

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0018_wagers_past_the_ceiling'),
    ]

    operations = [
        migrations.RenameField(
            model_name='tableevent',
            old_name='kind',
            new_name='type',
        ),
        migrations.AlterField(
            model_name='tableevent',
            name='type',
            field=models.CharField(choices=[('open', 'opened'), ('hand', 'hand recorded'), ('trick', 'trick entered'), ('game_over', 'game over'), ('rotation', 'unit over: the seats turn'), ('pool_won', 'pool won'), ('rubber_won', 'rubber won'), ('trois_won', 'game à trois won'), ('quatre_won', 'match à quatre won'), ('correction', 'hand corrected'), ('seat', 'seat taken'), ('wager', 'wager'), ('waiting', "hands kept by the scorer's phone"), ('scorers', 'scorers changed'), ('abandoned', 'abandoned')], max_length=20, verbose_name='type'),
        ),
    ]
