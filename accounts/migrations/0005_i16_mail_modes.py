from django.db import migrations, models


def digest_to_mode(apps, schema_editor):
    User = apps.get_model("accounts", "User")
    User.objects.filter(notify_daily_digest=True).update(mail_mode="digest")


def mode_to_digest(apps, schema_editor):
    User = apps.get_model("accounts", "User")
    User.objects.filter(mail_mode="digest").update(notify_daily_digest=True)


class Migration(migrations.Migration):
    """The daily-digest switch becomes one of three mail modes (every turn, only when away, digest)."""

    dependencies = [
        ("accounts", "0004_i19_channels"),
    ]

    operations = [
        migrations.AddField(
            model_name="user",
            name="mail_mode",
            field=models.CharField(
                choices=[
                    ("every_turn", "A mail for every turn (none while I am on the site)"),
                    ("away", "Only when I am away: one mail until I come back"),
                    ("digest", "A daily digest of all games waiting for me"),
                ],
                default="every_turn",
                max_length=12,
                verbose_name="mail mode",
            ),
        ),
        migrations.RunPython(digest_to_mode, mode_to_digest),
        migrations.RemoveField(model_name="user", name="notify_daily_digest"),
    ]
