from django.contrib import admin

from .models import Game, GameAction, RegionPlacement, Seat, TokenPosition


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    fields = ("index", "user", "hero_key", "position", "lp", "gold", "is_bot", "dropped", "missed_turns")
    readonly_fields = ("hero_key", "position", "lp", "gold")


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ("title", "status", "phase", "seat_count", "current_seat", "turn_number", "version",
                    "turn_deadline_at", "paused")
    list_filter = ("status", "visibility", "paused")
    search_fields = ("title",)
    readonly_fields = ("seed_commitment", "version", "global_state")
    exclude = ("seed",)  # secret while the game runs, even for staff screens
    inlines = [SeatInline]


@admin.register(GameAction)
class GameActionAdmin(admin.ModelAdmin):
    list_display = ("game", "sequence", "seat", "actor", "taken_back", "created_at")
    list_filter = ("taken_back",)
    readonly_fields = [f.name for f in GameAction._meta.fields]

    def has_add_permission(self, request):
        return False


admin.site.register(TokenPosition)
admin.site.register(RegionPlacement)
