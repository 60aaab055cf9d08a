from django.urls import path

from . import views

app_name = "leagues"

urlpatterns = [
    path("clubs/", views.club_list, name="clubs"),
    path("clubs/new/", views.club_create, name="club_create"),
    path("clubs/<int:club_id>/", views.club_detail, name="club"),
    path("clubs/<int:club_id>/join/<str:code>/", views.club_join_link, name="club_join_link"),
    path("clubs/<int:club_id>/request/", views.join_request, name="join_request"),
    path("clubs/<int:club_id>/requests/<int:request_id>/<str:decision>/", views.join_decide, name="join_decide"),
    path("clubs/<int:club_id>/invite/", views.invite, name="invite"),
    path("clubs/<int:club_id>/leave/", views.leave, name="leave"),
    path("clubs/<int:club_id>/members/<int:user_id>/remove/", views.member_remove, name="member_remove"),
    path("clubs/<int:club_id>/members/<int:user_id>/role/", views.member_role, name="member_role"),
    path("clubs/<int:club_id>/games/new/", views.club_game_create, name="club_game_create"),
    path("clubs/<int:club_id>/seasons/new/", views.season_create, name="season_create"),
    path("seasons/<int:season_id>/", views.season_detail, name="season"),
    path("seasons/<int:season_id>/table.csv", views.season_csv, name="season_csv"),
    path("seasons/<int:season_id>/<str:verb>/", views.season_act, name="season_act"),
    path("players/<str:username>/", views.player_detail, name="player"),
    path("players/<str:username>/rating.svg", views.player_chart, name="player_chart"),
    path("calendar/<str:token>.ics", views.calendar, name="calendar"),
]
