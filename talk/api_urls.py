"""The talk's REST routes, included into /api/v1/ (namespace ``api``) by games/api/urls.py."""

from django.urls import path

from . import api

urlpatterns = [
    path("games/<api_id:game_id>/chat/", api.ChatView.as_view(), name="talk-chat"),
    path("games/<api_id:game_id>/chat/<api_id:message_id>/report/", api.ChatReportView.as_view(),
         name="talk-chat-report"),
    path("games/<api_id:game_id>/chat/<api_id:message_id>/hide/", api.ChatHideView.as_view(), name="talk-chat-hide"),
    path("games/<api_id:game_id>/notes/", api.NotesView.as_view(), name="talk-notes"),
    path("games/<api_id:game_id>/spectate/", api.SpectateView.as_view(), name="talk-spectate"),
    path("games/<api_id:game_id>/spectate/settings/", api.SpectateSettingsView.as_view(),
         name="talk-spectate-settings"),
    path("me/channels/", api.ChannelsView.as_view(), name="talk-channels"),
]
