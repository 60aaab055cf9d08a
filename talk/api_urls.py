"""The talk's REST routes, mounted at /api/v1/ (namespace ``api``) by heldenweb/api_urls.py."""

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
    path("games/<api_id:game_id>/webhooks/", api.WebhooksView.as_view(), name="talk-webhooks"),
    path("games/<api_id:game_id>/webhooks/<api_id:webhook_id>/", api.WebhookView.as_view(), name="talk-webhook"),
    path("clubs/<api_id:club_id>/webhooks/", api.ClubWebhooksView.as_view(), name="talk-club-webhooks"),
    path("clubs/<api_id:club_id>/webhooks/<api_id:webhook_id>/", api.ClubWebhookView.as_view(),
         name="talk-club-webhook"),
    path("me/channels/", api.ChannelsView.as_view(), name="talk-channels"),
    path("me/push-subscriptions/", api.PushSubscriptionsView.as_view(), name="talk-push-subscriptions"),
    path("me/push-subscriptions/<api_id:subscription_id>/", api.PushSubscriptionView.as_view(),
         name="talk-push-subscription"),
    path("me/calendar/", api.CalendarView.as_view(), name="talk-calendar"),
]
