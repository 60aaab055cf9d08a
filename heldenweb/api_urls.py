"""The REST API at /api/v1/ (namespace ``api``): each app's routes, composed here so that no app has
to import the apps built on it (the games app knows nothing of leagues or talk)."""

from accounts.api_urls import urlpatterns as accounts_routes
from games.api.urls import urlpatterns as games_routes
from leagues.api.urls import urlpatterns as league_routes
from talk.api_urls import urlpatterns as talk_routes

app_name = "api"

urlpatterns = [
    *accounts_routes,
    *games_routes,
    *talk_routes,  # chat, notes, spectating, push, webhooks, calendar
    *league_routes,  # clubs, members, seasons, rounds, standings, ratings
]
