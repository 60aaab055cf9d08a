"""Template tags with which other apps' pages show the talk's parts (the club page's webhooks)."""

from __future__ import annotations

from django import template

from talk import webhooks

register = template.Library()


@register.inclusion_tag("talk/_club_webhooks.html", takes_context=True)
def club_webhooks(context, club) -> dict:
    """The club's chat webhooks with the form to add one: shown to the club's organisers only."""
    from talk.views import WebhookForm

    user = context["user"]
    manage = webhooks.may_manage_club(user, club)
    return {
        "club": club,
        "manage": manage,
        "hooks": webhooks.club_webhooks_of(user=user, club=club) if manage else [],
        "form": WebhookForm(auto_id="club-webhook-%s"),
        "csrf_token": context.get("csrf_token"),
    }
