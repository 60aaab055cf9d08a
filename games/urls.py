from django.urls import path

from . import views, views_dice, views_poll

app_name = "games"

urlpatterns = [
    path("games/", views.lobby, name="lobby"),
    path("games/new/", views.game_create, name="create"),
    path("games/<int:game_id>/", views.game_detail, name="detail"),
    path("games/<int:game_id>/join/", views.game_join, name="join"),
    path("games/<int:game_id>/join/<str:invite_code>/", views.game_join, name="join_invite"),
    path("games/<int:game_id>/act/", views.action_submit, name="submit"),
    path("games/<int:game_id>/take-back/", views.take_back, name="take_back"),
    path("games/<int:game_id>/walk/", views.walk, name="walk"),
    path("games/<int:game_id>/resign/", views.game_resign, name="resign"),
    path("games/<int:game_id>/rematch/", views.game_rematch, name="rematch"),
    path("games/<int:game_id>/settings/", views.game_settings, name="settings"),
    path("games/<int:game_id>/pause/", views.game_pause, name="pause"),
    path("games/<int:game_id>/poll/", views_poll.game_poll, name="poll"),
    path("games/<int:game_id>/log/", views.game_log, name="log"),
    path("games/<int:game_id>/replay/", views.game_replay, name="replay"),
    path("rules/authored/", views.authored_values, name="authored"),
    path("games/<int:game_id>/dice/", views_dice.dice_check, name="dice_check"),
    path("rules/<str:rule_id>/", views.rule_detail, name="rule"),
]
