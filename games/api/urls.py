"""Routes of the REST API, mounted at /api/v1/ by heldenweb/urls.py."""

from django.urls import path

from accounts import api as accounts_api
from leagues.api.urls import urlpatterns as league_urlpatterns
from talk.api_urls import urlpatterns as talk_routes

from . import views

app_name = "api"

urlpatterns = [
    # accounts
    path("auth/token/", accounts_api.TokenCreateView.as_view(), name="auth-token"),
    path("tokens/", accounts_api.TokensView.as_view(), name="tokens"),
    path("tokens/<api_id:token_id>/", accounts_api.TokenRevokeView.as_view(), name="token-revoke"),
    path("me/", accounts_api.MeView.as_view(), name="me"),
    path("me/vacations/", accounts_api.VacationsView.as_view(), name="vacations"),
    path("me/vacations/<api_id:vacation_id>/", accounts_api.VacationCancelView.as_view(), name="vacation-cancel"),
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
    # table talk (chat, notes, spectating, push, webhooks, calendar)
    *talk_routes,
    path("games/<api_id:game_id>/bots/", views.GameBotsView.as_view(), name="game-bots"),
    path("games/<api_id:game_id>/suggestion/", views.GameSuggestionView.as_view(), name="game-suggestion"),
    # content
    path("content/board/", views.ContentBoardView.as_view(), name="content-board"),
]
urlpatterns += league_urlpatterns  # clubs, members, seasons, rounds, standings, ratings
