from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("games", "0002_game_paused_remaining_notification"),
    ]

    operations = [
        migrations.AddField(
            model_name="seat",
            name="bot_level",
            field=models.CharField(blank=True, default="", max_length=10),
        ),
    ]
