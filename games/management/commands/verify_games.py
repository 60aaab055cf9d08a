"""Replay every game's log from its seed and report any difference from the stored rows."""

from django.core.management.base import BaseCommand, CommandError

from games.models import Game
from games.persistence import load_state
from games.replay import differences, replay_state


class Command(BaseCommand):
    help = "Replay each game's log from its seed and compare with the rows."

    def add_arguments(self, parser):
        parser.add_argument("game_ids", nargs="*", type=int)

    def handle(self, *args, game_ids, **options):
        games = Game.objects.exclude(status=Game.Status.OPEN).order_by("pk")
        if game_ids:
            games = games.filter(pk__in=game_ids)
        broken = 0
        for game in games:
            diffs = differences(replay_state(game), load_state(game))
            if diffs:
                broken += 1
                self.stdout.write(self.style.ERROR(f"game {game.pk} ({game.title}): {len(diffs)} difference(s)"))
                for line in diffs[:20]:
                    self.stdout.write(f"  {line}")
            else:
                self.stdout.write(f"game {game.pk} ({game.title}): ok")
        if broken:
            raise CommandError(f"{broken} game(s) differ from their replay")
        self.stdout.write(self.style.SUCCESS("all games agree with their logs"))
