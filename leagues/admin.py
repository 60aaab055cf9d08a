from django.contrib import admin

from .models import Club, Entry, JoinRequest, LeagueTable, Membership, RatingEntry, Round, Season, TableSeat


class MembershipInline(admin.TabularInline):
    model = Membership
    extra = 0
    raw_id_fields = ["user"]


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    list_display = ["name", "visibility", "language", "created_at"]
    search_fields = ["name"]
    inlines = [MembershipInline]


@admin.register(Season)
class SeasonAdmin(admin.ModelAdmin):
    list_display = ["name", "club", "division", "status", "starts_at", "table_size", "rounds"]
    list_filter = ["status"]


admin.site.register([JoinRequest, Entry, Round, LeagueTable, TableSeat, RatingEntry])
