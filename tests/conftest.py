"""Shared fixtures. Factories live here so every test package builds objects the same way."""

from __future__ import annotations

import gc

import factory
import pytest
from django.contrib.auth import get_user_model

TEST_PASSWORD = "correct-horse-battery-9"


def pytest_sessionstart(session):
    # The tests allocate far more than the site's requests do (whole games set up, played and rendered per
    # test), and Python's cyclic collector, at its default threshold of 700 allocations, kept walking the
    # same long-lived objects: collecting less often saves about a tenth of the suite's time.
    gc.set_threshold(100_000, 50, 100)


def pytest_collection_finish(session):
    # What is alive once the tests are collected (Django, the apps, the content, the test modules) lives
    # to the end: the collector need not walk it again.
    gc.collect()
    gc.freeze()


def pytest_collection_modifyitems(items):
    # Browser and worker tests start real processes: they belong to the slow set that
    # `make test-fast` leaves out, whatever their module says.
    for item in items:
        if item.get_closest_marker("browser") or item.get_closest_marker("integration"):
            item.add_marker(pytest.mark.slow)


@pytest.fixture(autouse=True)
def _isolated_cache(settings):
    # The embedded default cache is a directory shared by processes; tests must not see each
    # other's counters (throttles), so each test gets a fresh in-memory cache.
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    from django.core.cache import cache

    cache.clear()
    yield
    cache.clear()


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    # The default hasher is slow on purpose (about half a second per password on this machine), and
    # nearly every test signs users up: that alone cost most of the fast suite's time. Tests of the
    # production hasher itself read heldenweb.settings (tests/test_settings.py).
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def _eager_celery(request):
    """Tasks run inline unless a test needs a real worker (marker ``integration``)."""
    from heldenweb.celery import app as celery_app

    if request.node.get_closest_marker("integration"):
        yield
        return
    previous = celery_app.conf.task_always_eager, celery_app.conf.task_eager_propagates
    celery_app.conf.task_always_eager = True
    celery_app.conf.task_eager_propagates = True
    yield
    celery_app.conf.task_always_eager, celery_app.conf.task_eager_propagates = previous


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ("username",)
        skip_postgeneration_save = True

    username = factory.Sequence(lambda n: f"player{n}")
    email = factory.LazyAttribute(lambda u: f"{u.username}@example.org")
    language = "en"
    password = factory.PostGenerationMethodCall("set_password", TEST_PASSWORD)

    @factory.post_generation
    def _save(obj, create, extracted, **kwargs):
        if create:
            obj.save()


@pytest.fixture
def user(db):
    return UserFactory()


@pytest.fixture
def other_user(db):
    return UserFactory()


@pytest.fixture
def logged_in_client(client, user):
    client.force_login(user)
    return client


@pytest.fixture
def token_client(db):
    """``token_client(user)``: a DRF test client authenticated by a fresh personal API token."""
    from rest_framework.test import APIClient

    from accounts.services import api_token_create

    def make(user, name: str = "test"):
        _, key = api_token_create(user=user, name=name)
        client = APIClient()
        client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
        client.token_value = key
        return client

    return make
