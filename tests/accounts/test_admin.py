"""The Django admin for players and API tokens."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.conftest import UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def admin_client(client):
    staff = UserFactory(username="admin", is_staff=True, is_superuser=True)
    client.force_login(staff)
    return client


def test_user_changelist_and_change_page_load(admin_client, user):
    assert admin_client.get(reverse("admin:accounts_user_changelist")).status_code == 200
    response = admin_client.get(reverse("admin:accounts_user_change", args=[user.pk]))
    assert response.status_code == 200
    assert "mail_mode" in response.content.decode()


def test_user_add_page_asks_for_email(admin_client):
    response = admin_client.get(reverse("admin:accounts_user_add"))
    assert response.status_code == 200
    assert 'name="email"' in response.content.decode()


def test_api_token_changelist_loads_and_filters_by_revoked(admin_client, user, make_token):
    make_token(user, "active one")
    revoked, _ = make_token(user, "old one")
    revoked.revoked_at = revoked.created_at
    revoked.save()
    url = reverse("admin:accounts_apitoken_changelist")
    response = admin_client.get(url)
    assert response.status_code == 200
    assert response.context["cl"].result_count == 2
    active = admin_client.get(url, {"revoked": "no"}).context["cl"].result_list
    assert [token.name for token in active] == ["active one"]
    revoked_list = admin_client.get(url, {"revoked": "yes"}).context["cl"].result_list
    assert [token.name for token in revoked_list] == ["old one"]


def test_api_token_hash_is_read_only_and_tokens_are_not_added_in_admin(admin_client, user, make_token):
    token, _ = make_token(user)
    response = admin_client.get(reverse("admin:accounts_apitoken_change", args=[token.pk]))
    assert response.status_code == 200
    assert 'name="key_hash"' not in response.content.decode()
    assert admin_client.get(reverse("admin:accounts_apitoken_add")).status_code == 403


def test_admin_action_revokes_tokens(admin_client, user, make_token):
    token, _ = make_token(user)
    admin_client.post(
        reverse("admin:accounts_apitoken_changelist"),
        {"action": "revoke_tokens", "_selected_action": [token.pk]},
    )
    token.refresh_from_db()
    assert token.revoked_at is not None
