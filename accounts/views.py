"""Thin views: read the request, call a form and a service, render or redirect."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import translation
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.debug import sensitive_post_parameters
from django.views.decorators.http import require_POST
from django.views.i18n import set_language as django_set_language

from . import services, throttling
from .forms import (
    ApiTokenCreateForm,
    LanguageForm,
    LocalizedPasswordResetForm,
    ProfileForm,
    SignUpForm,
    ThrottledAuthenticationForm,
    VacationForm,
)
from .http import UserRequest


def _add_errors(form, error: ValidationError) -> None:
    """Show a service's ValidationError on the form (field errors where the service named a field)."""
    if hasattr(error, "error_dict"):
        for field, errors in error.error_dict.items():
            form.add_error(field if field in form.fields else None, errors)
    else:
        form.add_error(None, error)


def _safe_next(request: HttpRequest) -> str | None:
    next_url = request.POST.get("next") or request.GET.get("next")
    if next_url and url_has_allowed_host_and_scheme(
        next_url, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return next_url
    return None


@sensitive_post_parameters("password1", "password2")
@never_cache
def signup(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect("accounts:profile")
    form = SignUpForm(request.POST or None)
    if request.method == "POST":
        counted = throttling.keys(request, "signup", request.POST.get("username", "")[:150])
        if throttling.blocked(counted):
            form.is_valid()
            form.add_error(None, throttling.MESSAGE)
            return render(request, "accounts/signup.html", {"form": form, "next": _safe_next(request) or ""},
                          status=429)
        throttling.count(counted)
    if request.method == "POST" and form.is_valid():
        try:
            user = services.user_sign_up(
                username=form.cleaned_data["username"],
                email=form.cleaned_data["email"],
                password=form.cleaned_data["password1"],
                language=get_language() if get_language() in dict(settings.LANGUAGES) else None,
            )
        except ValidationError as error:
            _add_errors(form, error)
        else:
            login(request, user, backend="django.contrib.auth.backends.ModelBackend")
            messages.success(
                request,
                _("Welcome to heldenweb, %(name)s! Your account is ready; check your settings below.")
                % {"name": user.public_name},
            )
            return redirect(_safe_next(request) or "accounts:profile")
    return render(request, "accounts/signup.html", {"form": form, "next": _safe_next(request) or ""})


@login_required
def profile(request: UserRequest) -> HttpResponse:
    user = request.user
    form = ProfileForm(request.POST or None, user=user)
    if request.method == "POST" and form.is_valid():
        try:
            services.user_update_profile(user=user, **form.cleaned_data)
        except ValidationError as error:
            _add_errors(form, error)
        else:
            # The next page speaks the (possibly new) language; so does the message.
            with translation.override(user.language):
                messages.success(request, _("Your settings have been saved."))
            response = redirect("accounts:profile")
            _set_language_cookie(response, user.language)
            return response
    return render(request, "accounts/profile.html", {"form": form})


def _set_language_cookie(response: HttpResponse, language: str) -> None:
    # Keep the language after logging out, too.
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME,
        language,
        max_age=settings.LANGUAGE_COOKIE_AGE,
        path=settings.LANGUAGE_COOKIE_PATH,
        domain=settings.LANGUAGE_COOKIE_DOMAIN,
        secure=settings.LANGUAGE_COOKIE_SECURE,
        httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
        samesite=settings.LANGUAGE_COOKIE_SAMESITE,
    )


@require_POST
def set_language(request: HttpRequest) -> HttpResponse:
    """Django's set_language, which also saves the choice to a signed-in player's profile."""
    form = LanguageForm(request.POST)
    if request.user.is_authenticated and form.is_valid():
        services.user_set_language(user=request.user, language=form.cleaned_data["language"])
    return django_set_language(request)


@login_required
@never_cache
def tokens(request: UserRequest) -> HttpResponse:
    """List the user's tokens (GET) or create one (POST) and show its value on this one response."""
    if request.method != "POST":
        return _render_tokens(request, ApiTokenCreateForm())
    form = ApiTokenCreateForm(request.POST)
    if form.is_valid():
        try:
            token, key = services.api_token_create(user=request.user, name=form.cleaned_data["name"])
        except ValidationError as error:
            _add_errors(form, error)
        else:
            # The value exists only in this response: it is not stored and never shown again.
            response = render(request, "accounts/token_created.html", {"token": token, "key": key})
            return response
    return _render_tokens(request, form, status=400)


def _render_tokens(request: UserRequest, form: ApiTokenCreateForm, status: int = 200) -> HttpResponse:
    context = {"form": form, "tokens": request.user.api_tokens.all()}
    return render(request, "accounts/tokens.html", context, status=status)


@login_required
@require_POST
def token_revoke(request: UserRequest, token_id: int) -> HttpResponse:
    token = services.api_token_revoke(user=request.user, token_id=token_id)
    messages.success(request, _("The token “%(name)s” has been revoked.") % {"name": token.name})
    return redirect("accounts:tokens")


class LoginView(auth_views.LoginView):
    """Django's log-in with throttled failures (accounts.throttling): a full counter answers 429."""

    form_class = ThrottledAuthenticationForm
    template_name = "registration/login.html"
    redirect_authenticated_user = True

    def form_invalid(self, form):
        response = super().form_invalid(form)
        if form.throttled:
            response.status_code = 429
        return response


class PasswordResetView(auth_views.PasswordResetView):
    """Django's password reset, throttled per address and per e-mail address asked for; the answer
    is the same whether an account has that address or not."""

    form_class = LocalizedPasswordResetForm

    def form_valid(self, form):
        counted = throttling.keys(self.request, "reset", form.cleaned_data.get("email"))
        if throttling.blocked(counted):
            form.add_error(None, throttling.MESSAGE)
            response = self.form_invalid(form)
            response.status_code = 429
            return response
        throttling.count(counted)
        return super().form_valid(form)


class LogoutView(auth_views.LogoutView):
    """Django's logout (POST only; GET is 405), with a confirmation on the next page."""

    def post(self, request, *args, **kwargs):
        response = super().post(request, *args, **kwargs)
        messages.info(request, _("You have been logged out."))
        return response


@login_required
@never_cache
def vacation(request: UserRequest) -> HttpResponse:
    """List, book (POST) and cancel vacations; deadlines wait while the player is away."""
    from datetime import date

    from .models import Vacation

    form = VacationForm(request.POST or None)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            try:
                services.vacation_add(user=request.user, **form.cleaned_data)
            except ValidationError as error:
                _add_errors(form, error)
            else:
                messages.success(request, _("Vacation booked: your deadlines wait while you are away."))
                return redirect("accounts:vacation")
        status = 400
    year = date.today().year
    context = {
        "form": form,
        "vacations": Vacation.objects.filter(user=request.user, ends_on__gte=date.today()),
        "used": services.vacation_days_in_year(user=request.user, year=year),
        "allowance": Vacation.YEARLY_ALLOWANCE_DAYS,
        "year": year,
    }
    return render(request, "accounts/vacation.html", context, status=status)


@login_required
@require_POST
def vacation_cancel(request: UserRequest, vacation_id: int) -> HttpResponse:
    services.vacation_cancel(user=request.user, vacation_id=vacation_id)
    messages.success(request, _("The vacation has been cancelled."))
    return redirect("accounts:vacation")


@csrf_exempt
@never_cache
def unsubscribe(request: HttpRequest, token: str) -> HttpResponse:
    """The one-click link in every mail: GET asks, POST switches that kind of mail off (no login needed).

    RFC 8058 one-click: mail programs POST ``List-Unsubscribe=One-Click`` to this URL without any
    cookie or CSRF token; the signed token in the URL is the credential, so no CSRF check applies
    (a forged request needs the signature, and all it can do is switch a mail off)."""
    from django.core import signing
    from django.shortcuts import get_object_or_404

    from .models import User
    from .unsubscribe import read_unsubscribe_token

    try:
        user_id, kind = read_unsubscribe_token(token)
    except signing.BadSignature:
        return render(request, "accounts/unsubscribe.html", {"invalid": True}, status=400)
    user = get_object_or_404(User, pk=user_id)
    if request.method == "POST":
        field = services.notifications_stop(user=user, kind=kind)
        return render(request, "accounts/unsubscribe.html", {"done": True, "field": field, "kind": kind})
    return render(request, "accounts/unsubscribe.html", {"kind": kind, "token": token})
