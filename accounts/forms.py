"""Forms of the accounts app: they validate and explain; accounts.services does the writing."""

from __future__ import annotations

import zoneinfo
from functools import cache

from django import forms
from django.conf import settings
from django.contrib.auth import get_user_model, password_validation
from django.contrib.auth.forms import AuthenticationForm, PasswordResetForm
from django.contrib.auth.validators import UnicodeUsernameValidator
from django.core.exceptions import ValidationError
from django.utils import translation
from django.utils.translation import gettext_lazy as _

from . import services, throttling
from .models import ApiToken, User


@cache
def time_zone_choices() -> list[tuple[str, str]]:
    names = sorted(zoneinfo.available_timezones() - {"Factory", "localtime"})
    return [(name, name.replace("_", " ")) for name in names]


def language_choices() -> list[tuple[str, str]]:
    """Each language in its own name ("Deutsch", "English"), so everybody finds theirs."""
    return [(code, translation.get_language_info(code)["name_local"]) for code, _name in settings.LANGUAGES]


class SignUpForm(forms.Form):
    username = forms.CharField(
        label=_("Username"),
        max_length=150,
        validators=[UnicodeUsernameValidator()],
        help_text=_("Up to 150 characters: letters, digits and @ . + - _ only."),
        widget=forms.TextInput(
            attrs={"autocomplete": "username", "autocapitalize": "none", "autofocus": True}
        ),
    )
    email = forms.EmailField(
        label=_("Email address"),
        help_text=_("We send turn notifications and password reset links here."),
        widget=forms.EmailInput(attrs={"autocomplete": "email"}),
    )
    password1 = forms.CharField(
        label=_("Password"),
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
        help_text=password_validation.password_validators_help_text_html(),
    )
    password2 = forms.CharField(
        label=_("Password confirmation"),
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
        help_text=_("Enter the same password again."),
    )

    def clean_username(self) -> str:
        username = get_user_model().normalize_username(self.cleaned_data["username"])
        if services.username_taken(username=username):
            raise forms.ValidationError(_("A user with that username already exists."), code="unique")
        return username

    def clean_email(self) -> str:
        email = services.normalize_email(self.cleaned_data["email"])
        if services.email_taken(email=email):
            raise forms.ValidationError(_("A user with that email address already exists."), code="unique")
        return email

    def clean(self):
        cleaned = super().clean() or {}
        password1 = cleaned.get("password1")
        password2 = cleaned.get("password2")
        if password1 and password2 and password1 != password2:
            mismatch = forms.ValidationError(_("The two passwords do not match."), code="mismatch")
            self.add_error("password2", mismatch)
        elif password2:
            candidate = get_user_model()(username=cleaned.get("username", ""), email=cleaned.get("email", ""))
            try:
                password_validation.validate_password(password2, user=candidate)
            except forms.ValidationError as error:
                self.add_error("password1", error)
        return cleaned


class ProfileForm(forms.Form):
    display_name = forms.CharField(
        label=_("Display name"),
        max_length=60,
        required=False,
        help_text=_("Shown to other players instead of your username. Leave empty to use your username."),
        widget=forms.TextInput(attrs={"autocomplete": "nickname"}),
    )
    email = forms.EmailField(
        label=_("Email address"), widget=forms.EmailInput(attrs={"autocomplete": "email"})
    )
    language = forms.ChoiceField(label=_("Language"), choices=language_choices)
    time_zone = forms.ChoiceField(
        label=_("Time zone"),
        choices=time_zone_choices,
        help_text=_("Deadlines and times are shown in this time zone."),
    )
    notify_my_turn = forms.BooleanField(label=_("Email me when it is my turn"), required=False)
    notify_reminders = forms.BooleanField(label=_("Remind me before a deadline runs out"), required=False)
    notify_game_finished = forms.BooleanField(label=_("Email me when a game is finished"), required=False)
    mail_mode = forms.ChoiceField(
        label=_("Turn mails"), choices=User.MailMode.choices, widget=forms.RadioSelect,
        help_text=_("You are on the site while a page of it is open; no turn mail reaches you then."),
    )

    def __init__(self, *args, user: User, **kwargs):
        self.user = user
        kwargs.setdefault("initial", {name: getattr(user, name) for name in services.PROFILE_FIELDS})
        super().__init__(*args, **kwargs)

    def clean_email(self) -> str:
        email = services.normalize_email(self.cleaned_data["email"])
        if services.email_taken(email=email, exclude_user=self.user):
            raise forms.ValidationError(_("A user with that email address already exists."), code="unique")
        return email


class LanguageForm(forms.Form):
    language = forms.ChoiceField(choices=settings.LANGUAGES)


class ApiTokenCreateForm(forms.Form):
    name = forms.CharField(
        label=_("Token name"),
        max_length=ApiToken._meta.get_field("name").max_length,
        help_text=_("What the token is for, e.g. “my bot” or “laptop script”."),
        error_messages={"required": _("Give the token a name.")},
    )


class ThrottledAuthenticationForm(AuthenticationForm):
    """Django's log-in form; failed attempts are counted per address and per username tried, and a
    full counter refuses before the password is even checked (accounts.throttling)."""

    throttled = False

    def clean(self):
        counted = throttling.keys(self.request, "login", self.cleaned_data.get("username"))
        if throttling.blocked(counted):
            self.throttled = True
            raise ValidationError(throttling.MESSAGE, code="throttled")
        try:
            return super().clean()
        except ValidationError:
            throttling.count(counted)
            raise


class LocalizedPasswordResetForm(PasswordResetForm):
    """Writes the reset email in the recipient's language, not in the requester's."""

    def send_mail(self, subject_template_name, email_template_name, context, *args, **kwargs):
        language = getattr(context.get("user"), "language", None) or settings.LANGUAGE_CODE
        with translation.override(language):
            super().send_mail(subject_template_name, email_template_name, context, *args, **kwargs)


class VacationForm(forms.Form):
    starts_on = forms.DateField(label=_("First day"), widget=forms.DateInput(attrs={"type": "date"}))
    ends_on = forms.DateField(label=_("Last day"), widget=forms.DateInput(attrs={"type": "date"}))
