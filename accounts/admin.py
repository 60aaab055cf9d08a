from django.contrib import admin
from django.contrib.auth.admin import UserAdmin as DjangoUserAdmin
from django.contrib.auth.forms import AdminUserCreationForm, UserChangeForm
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from .models import ApiToken, User


class UserCreationAdminForm(AdminUserCreationForm):
    class Meta(AdminUserCreationForm.Meta):
        model = User
        fields = ("username", "email")


class UserChangeAdminForm(UserChangeForm):
    class Meta(UserChangeForm.Meta):
        model = User


@admin.register(User)
class UserAdmin(DjangoUserAdmin):
    form = UserChangeAdminForm
    add_form = UserCreationAdminForm
    fieldsets = (
        (None, {"fields": ("username", "password")}),
        (_("Profile"), {"fields": ("display_name", "email", "first_name", "last_name")}),
        (_("Preferences"), {"fields": ("language", "time_zone")}),
        (
            _("Notifications"),
            {"fields": ("notify_my_turn", "notify_reminders", "notify_game_finished", "mail_mode",
                        "notify_by_email", "notify_by_push", "notify_chat_mentions")},
        ),
        (
            _("Permissions"),
            {"fields": ("is_active", "is_staff", "is_superuser", "groups", "user_permissions")},
        ),
        (_("Important dates"), {"fields": ("last_login", "date_joined")}),
    )
    add_fieldsets = (
        (
            None,
            {
                "classes": ("wide",),
                "fields": ("username", "email", "usable_password", "password1", "password2"),
            },
        ),
    )
    list_display = ("username", "email", "display_name", "language", "is_staff", "is_active", "date_joined")
    list_filter = ("is_staff", "is_superuser", "is_active", "language")
    search_fields = ("username", "display_name", "email", "first_name", "last_name")


class RevokedFilter(admin.SimpleListFilter):
    title = _("revoked")
    parameter_name = "revoked"

    def lookups(self, request, model_admin):
        return (("yes", _("Yes")), ("no", _("No")))

    def queryset(self, request, queryset):
        if self.value() == "yes":
            return queryset.filter(revoked_at__isnull=False)
        if self.value() == "no":
            return queryset.filter(revoked_at__isnull=True)
        return queryset


@admin.register(ApiToken)
class ApiTokenAdmin(admin.ModelAdmin):
    """Tokens are created by their owners on the site (the value is shown only there, once)."""

    list_display = ("name", "user", "prefix", "created_at", "last_used_at", "is_revoked")
    list_filter = (RevokedFilter, "created_at")
    list_select_related = ("user",)
    search_fields = ("name", "prefix", "user__username", "user__email")
    readonly_fields = ("user", "prefix", "key_hash", "created_at", "last_used_at", "revoked_at")
    fields = ("user", "name", "prefix", "key_hash", "created_at", "last_used_at", "revoked_at")
    actions = ("revoke_tokens",)

    def has_add_permission(self, request) -> bool:
        return False

    @admin.display(boolean=True, description=_("revoked"), ordering="revoked_at")
    def is_revoked(self, token: ApiToken) -> bool:
        return token.revoked_at is not None

    @admin.action(description=_("Revoke selected API tokens"), permissions=["change"])
    def revoke_tokens(self, request, queryset):
        count = queryset.filter(revoked_at__isnull=True).update(revoked_at=timezone.now())
        self.message_user(
            request,
            ngettext("%(count)d token revoked.", "%(count)d tokens revoked.", count) % {"count": count},
        )
