from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('accounts', '0003_vacation'),
    ]

    operations = [
        migrations.AddField(
            model_name='user',
            name='notify_by_email',
            field=models.BooleanField(default=True, verbose_name='notify me by email'),
        ),
        migrations.AddField(
            model_name='user',
            name='notify_by_push',
            field=models.BooleanField(default=False, verbose_name='notify me by web push'),
        ),
        migrations.AddField(
            model_name='user',
            name='notify_chat_mentions',
            field=models.BooleanField(default=True, verbose_name='tell me when someone mentions me in a chat'),
        ),
    ]
