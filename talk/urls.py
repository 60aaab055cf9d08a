from django.urls import path

from . import views

app_name = "talk"

urlpatterns = [
    path("games/<int:game_id>/panel/", views.panel, name="panel"),
    path("games/<int:game_id>/chat/", views.chat, name="chat"),
    path("games/<int:game_id>/chat/<int:message_id>/report/", views.report, name="report"),
    path("games/<int:game_id>/chat/<int:message_id>/hide/", views.hide, name="hide"),
    path("games/<int:game_id>/notes/", views.notes, name="notes"),
    path("games/<int:game_id>/delay/", views.delay, name="delay"),
    path("games/<int:game_id>/watch/", views.watch, name="watch"),
    path("games/<int:game_id>/webhooks/", views.game_webhooks, name="webhooks"),
    path("clubs/<int:club_id>/webhooks/", views.club_webhooks, name="club_webhooks"),
    path("channels/", views.channels, name="channels"),
    path("push/subscribe/", views.push_subscribe, name="push_subscribe"),
    path("push/unsubscribe/", views.push_unsubscribe, name="push_unsubscribe"),
    path("calendar/<str:token>.ics", views.calendar_feed, name="calendar"),
]
