"""Ratings on each player's side of a game, and the time each unit finished, both filled in
for the games and units already played; indexes that cover the standings' grouped sums."""
from django.db import migrations, models


def backfill(apps, schema_editor):
    Game = apps.get_model("games", "Game")
    GamePlayer = apps.get_model("games", "GamePlayer")
    Unit = apps.get_model("games", "Unit")
    finished = {(g["table_id"], g["unit_number"]): g["finished_at"] for g in Game.objects.filter(
        finished_at__isnull=False).order_by("finished_at").values(
        "table_id", "unit_number", "finished_at")}
    units = list(Unit.objects.filter(winner__isnull=False))
    for unit in units:
        unit.finished_at = finished.get((unit.table_id, unit.number))
    Unit.objects.bulk_update(units, ["finished_at"], batch_size=500)

    from openskill.models import PlackettLuce  # as games.ratings rates them, in finished order
    model = PlackettLuce()
    current, changed, games = {}, [], {}
    for side in GamePlayer.objects.filter(finished_at__isnull=False, won__isnull=False).order_by(
            "finished_at", "game_id", "id"):
        games.setdefault(side.game_id, []).append(side)
    for sides in games.values():
        if len(sides) != 2:
            continue
        winner, loser = sorted(sides, key=lambda side: not side.won)
        teams = [[model.rating(*current.get(s.player_id, (model.mu, model.sigma)))]
                 for s in (winner, loser)]
        for side, (rating,) in zip((winner, loser), model.rate(teams)):
            current[side.player_id] = (rating.mu, rating.sigma)
            side.mu, side.sigma = rating.mu, rating.sigma
            changed.append(side)
    GamePlayer.objects.bulk_update(changed, ["mu", "sigma"], batch_size=500)


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0001_initial'),
    ]

    operations = [
        migrations.AddField(
            model_name='gameplayer',
            name='mu',
            field=models.FloatField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name='gameplayer',
            name='sigma',
            field=models.FloatField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name='unit',
            name='finished_at',
            field=models.DateTimeField(db_index=True, help_text='When its last game finished; null while open.', null=True),
        ),
        migrations.RemoveIndex(
            model_name='gameplayer',
            name='games_gamep_player__3af1b1_idx',
        ),
        migrations.AddIndex(
            model_name='gameplayer',
            index=models.Index(fields=['player', 'finished_at', 'won', 'points_for', 'points_against', 'voles', 'kings'], name='games_gameplayer_standings'),
        ),
        migrations.AddIndex(
            model_name='unit',
            index=models.Index(fields=['first', 'finished_at', 'winner'], name='games_unit_first_won'),
        ),
        migrations.AddIndex(
            model_name='unit',
            index=models.Index(fields=['second', 'finished_at', 'winner'], name='games_unit_second_won'),
        ),
        migrations.RunPython(backfill, migrations.RunPython.noop),
    ]
