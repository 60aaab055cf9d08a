"""The games app's routes of the REST API; heldenweb/api_urls.py mounts them with the other apps'."""

from django.urls import path

from . import views

urlpatterns = [
    # games
    path("games/", views.GamesView.as_view(), name="games"),
    path("games/<api_id:game_id>/", views.GameDetailView.as_view(), name="game-detail"),
    path("games/<api_id:game_id>/join/", views.GameJoinView.as_view(), name="game-join"),
    path("games/<api_id:game_id>/leave/", views.GameLeaveView.as_view(), name="game-leave"),
    path("games/<api_id:game_id>/pause/", views.GamePauseView.as_view(), name="game-pause"),
    path("games/<api_id:game_id>/take-back/", views.TakeBackView.as_view(), name="game-take-back"),
    path("games/<api_id:game_id>/settings/", views.SeatSettingsView.as_view(), name="game-settings"),
    path("games/<api_id:game_id>/state/", views.GameStateView.as_view(), name="game-state"),
    path("games/<api_id:game_id>/actions/", views.ActionsView.as_view(), name="game-actions"),
    path("games/<api_id:game_id>/log/", views.GameLogView.as_view(), name="game-log"),
    path("games/<api_id:game_id>/heroes/", views.GameHeroesView.as_view(), name="game-heroes"),
    path("games/<api_id:game_id>/tokens/", views.GameTokensView.as_view(), name="game-tokens"),
    path("games/<api_id:game_id>/board/", views.GameBoardView.as_view(), name="game-board"),
    path("games/<api_id:game_id>/bots/", views.GameBotsView.as_view(), name="game-bots"),
    path("games/<api_id:game_id>/suggestion/", views.GameSuggestionView.as_view(), name="game-suggestion"),
    # content
    path("content/board/", views.ContentBoardView.as_view(), name="content-board"),
]
