"""Dice v2 (HMAC of the seed and the chance-draw counter) and sealed log steps.

Games stored before this migration keep dice version 1 so that their logs replay as they were
played; games created afterwards use version 2 (the model default). Old log rows are not sealed;
the take-back still refuses them by their events (dice, reveals) as before.
"""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("games", "0003_i14_seat_bot_level"),
    ]

    operations = [
        # Existing rows get 1 ...
        migrations.AddField(
            model_name="game",
            name="dice_version",
            field=models.PositiveSmallIntegerField(default=1),
        ),
        # ... new games 2.
        migrations.AlterField(
            model_name="game",
            name="dice_version",
            field=models.PositiveSmallIntegerField(default=2),
        ),
        migrations.AddField(
            model_name="gameaction",
            name="sealed",
            field=models.BooleanField(default=False),
        ),
    ]
