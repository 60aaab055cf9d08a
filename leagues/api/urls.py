"""League routes of the REST API, mounted at /api/v1/ by heldenweb/api_urls.py."""

from django.urls import path

from . import views

urlpatterns = [
    path("clubs/", views.ClubsView.as_view(), name="clubs"),
    path("clubs/<api_id:club_id>/", views.ClubDetailView.as_view(), name="club-detail"),
    path("clubs/<api_id:club_id>/members/", views.ClubMembersView.as_view(), name="club-members"),
    path("clubs/<api_id:club_id>/requests/", views.ClubRequestsView.as_view(), name="club-requests"),
    path("clubs/<api_id:club_id>/seasons/", views.ClubSeasonsView.as_view(), name="club-seasons"),
    path("seasons/<api_id:season_id>/", views.SeasonDetailView.as_view(), name="season-detail"),
    path("seasons/<api_id:season_id>/entry/", views.SeasonEntryView.as_view(), name="season-entry"),
    path("seasons/<api_id:season_id>/start/", views.SeasonStartView.as_view(), name="season-start"),
    path("seasons/<api_id:season_id>/rounds/", views.SeasonRoundsView.as_view(), name="season-rounds"),
    path("seasons/<api_id:season_id>/standings/", views.SeasonStandingsView.as_view(), name="season-standings"),
    path("ratings/<api_id:user_id>/", views.RatingView.as_view(), name="rating"),
]
