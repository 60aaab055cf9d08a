from django.contrib import admin

from .models import (
    ChatMessage,
    ChatReport,
    PushDelivery,
    PushSubscription,
    ReportNotice,
    Webhook,
    WebhookDelivery,
)


@admin.register(ChatMessage)
class ChatMessageAdmin(admin.ModelAdmin):
    list_display = ("game", "room", "author", "created_at", "hidden_at")
    list_filter = ("room",)
    raw_id_fields = ("game", "author", "hidden_by")


@admin.register(ChatReport)
class ChatReportAdmin(admin.ModelAdmin):
    list_display = ("message", "reporter", "reason", "created_at", "resolved_at")
    raw_id_fields = ("message", "reporter")


@admin.register(ReportNotice)
class ReportNoticeAdmin(admin.ModelAdmin):
    list_display = ("message", "user", "status", "attempts", "sent_at")
    list_filter = ("status",)
    raw_id_fields = ("message", "user")


@admin.register(PushSubscription)
class PushSubscriptionAdmin(admin.ModelAdmin):
    list_display = ("user", "created_at", "last_success_at")
    exclude = ("p256dh", "auth")
    raw_id_fields = ("user",)


@admin.register(PushDelivery)
class PushDeliveryAdmin(admin.ModelAdmin):
    list_display = ("user", "key", "status", "attempts", "sent_at")
    list_filter = ("status",)
    raw_id_fields = ("user",)


@admin.register(Webhook)
class WebhookAdmin(admin.ModelAdmin):
    list_display = ("game", "club", "kind", "url_host", "active", "created_at")
    exclude = ("url_encrypted",)  # the URL is a secret: never shown again
    raw_id_fields = ("game", "club", "created_by")


@admin.register(WebhookDelivery)
class WebhookDeliveryAdmin(admin.ModelAdmin):
    list_display = ("webhook", "key", "status", "attempts", "sent_at")
    list_filter = ("status",)
    raw_id_fields = ("webhook",)
