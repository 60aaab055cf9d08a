"""Requests as the type checker should see them inside our views.

Django types ``request.user`` as ``User | AnonymousUser`` and knows nothing of django-htmx's
``request.htmx``. Behind ``login_required`` the user is signed in, and the HtmxMiddleware sets
``htmx`` on every request: annotating such views with these classes states both facts once
instead of asserting them in every view.
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.http import HttpRequest
from django_htmx.middleware import HtmxDetails
from rest_framework.request import Request

from .models import User


class HtmxRequest(HttpRequest):
    htmx: HtmxDetails


class UserRequest(HtmxRequest):
    user: User


def user_of(request: HttpRequest | Request) -> User:
    """The signed-in user of a request that authentication has already let through (an API view behind
    ``IsAuthenticated``); anything else is refused rather than passed on as an anonymous user."""
    user = request.user
    if not isinstance(user, User):
        raise PermissionDenied
    return user
