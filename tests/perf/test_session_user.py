"""The signed-in user loaded with a query compiled once (accounts.middleware.session_user) is the user
Django's own ``get_user`` loads, and every other case is Django's."""

from __future__ import annotations

import pytest
from django.contrib.auth import HASH_SESSION_KEY, get_user
from django.contrib.auth.models import AnonymousUser
from django.contrib.sessions.backends.cached_db import SessionStore
from django.db import connection
from django.test import RequestFactory
from django.test.utils import CaptureQueriesContext

from accounts.middleware import session_user
from bench.seeding import bench_users

pytestmark = pytest.mark.django_db


def _request(client):
    request = RequestFactory().get("/")
    request.session = SessionStore(session_key=client.session.session_key)
    return request


@pytest.fixture
def signed_in(client):
    user = bench_users(1, "sess-")[0]
    client.force_login(user)
    return client, user


def test_a_valid_session_gives_the_same_user_with_one_query(signed_in):
    client, user = signed_in
    for _ in range(2):  # compiled on the first, reused on the second
        request = _request(client)
        with CaptureQueriesContext(connection) as ctx:
            found = session_user(request)
        assert found == get_user(_request(client)) == user
        assert found.username == user.username and found.is_authenticated
        assert len(ctx.captured_queries) == 1


def test_a_changed_password_signs_out_as_django_does(signed_in):
    client, user = signed_in
    user.set_password("a-new-secret-42")
    user.save()
    request = _request(client)
    assert isinstance(session_user(request), AnonymousUser)
    assert HASH_SESSION_KEY not in request.session  # Django flushed it


def test_an_inactive_or_deleted_user_is_anonymous(signed_in):
    client, user = signed_in
    user.is_active = False
    user.save()
    assert isinstance(session_user(_request(client)), AnonymousUser)
    assert isinstance(get_user(_request(client)), AnonymousUser)


def test_no_session_or_no_hash_is_django_s_answer(signed_in, client):
    anonymous = RequestFactory().get("/")
    anonymous.session = SessionStore()
    assert isinstance(session_user(anonymous), AnonymousUser)
    signed, user = signed_in
    request = _request(signed)
    del request.session[HASH_SESSION_KEY]
    assert isinstance(session_user(request), AnonymousUser)


def test_the_middleware_puts_it_on_the_request(signed_in):
    client, user = signed_in
    assert client.get("/healthz").status_code == 200
    response = client.get("/games/")
    assert response.wsgi_request.user == user
