"""The accounts routes of the REST API, mounted at /api/v1/ by heldenweb/api_urls.py."""

from django.urls import path

from . import api as accounts_api

urlpatterns = [
    path("auth/token/", accounts_api.TokenCreateView.as_view(), name="auth-token"),
    path("tokens/", accounts_api.TokensView.as_view(), name="tokens"),
    path("tokens/<api_id:token_id>/", accounts_api.TokenRevokeView.as_view(), name="token-revoke"),
    path("me/", accounts_api.MeView.as_view(), name="me"),
    path("me/vacations/", accounts_api.VacationsView.as_view(), name="vacations"),
    path("me/vacations/<api_id:vacation_id>/", accounts_api.VacationCancelView.as_view(), name="vacation-cancel"),
]
