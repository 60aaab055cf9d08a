from django.core.management.base import BaseCommand

from accounts.demo import DEMO_PASSWORD, ensure_demo_accounts
from games.demo import ensure_demo_game
from leagues.demo import ensure_demo_club


class Command(BaseCommand):
    help = "Create the demo accounts (and demo game) if they are absent."

    def handle(self, *args, **options):
        users = ensure_demo_accounts()
        for user in users:
            self.stdout.write(f"demo login: {user.username} / {DEMO_PASSWORD}")
        self.stdout.write(f"demo game: /games/{ensure_demo_game().pk}/")
        self.stdout.write(f"demo club: /clubs/{ensure_demo_club().pk}/")
