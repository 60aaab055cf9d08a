"""Forms of the game pages: they validate the request's shape; games.services decides what is allowed."""

from __future__ import annotations

import json
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from .models import Game
from .services import MAX_SEATS
from .titles import default_title

MAX_DEADLINE_HOURS = 24 * 14


class GameCreateForm(forms.Form):
    title = forms.CharField(label=_("Name of the game"), max_length=80)
    seat_count = forms.TypedChoiceField(
        label=_("Players"), coerce=int, initial=2,
        choices=[(n, str(n)) for n in range(1, MAX_SEATS + 1)],
    )
    deadline_hours = forms.IntegerField(
        label=_("Turn deadline (hours)"), min_value=1, max_value=MAX_DEADLINE_HOURS, initial=72,
        help_text=_("How long each player has for a turn: 1 hour to 14 days (336 hours)."),
    )
    deadline_consequence = forms.ChoiceField(
        label=_("When a deadline passes"), choices=Game.DeadlineConsequence.choices,
        initial=Game.DeadlineConsequence.SKIP,
    )
    missed_turn_limit = forms.IntegerField(
        label=_("Missed turns allowed"), min_value=1, max_value=20, initial=3,
        help_text=_("After this many missed turns in a row the consequence above takes effect."),
    )
    visibility = forms.ChoiceField(
        label=_("Who may join"), choices=Game.Visibility.choices, initial=Game.Visibility.PUBLIC,
        widget=forms.RadioSelect,
    )

    variant = forms.ChoiceField(
        label=_("Variant"), required=False, initial="", widget=forms.RadioSelect,
        choices=[("", _("The ordinary game: every hero for themselves")),
                 ("coop", _("Co-op against extra-hard monsters (“Kooperativ gegen extraharte Monster”)"))],
        help_text=_("The author's cooperative variant: the heroes win or lose together against harder "
                    "monsters and the Namenloser's servants marching on the temple's four fires."),
    )
    villain = forms.ChoiceField(
        label=_("Who leads the villains (co-op only)"), required=False, initial="automatic",
        widget=forms.RadioSelect,
        choices=[("automatic", _("Nobody: the servants march by themselves")),
                 ("person", _("A player: the last seat leads the servants"))],
        help_text=_("With a player for the villains, that player's seat is counted among the players above."),
    )

    bots = forms.IntegerField(
        label=_("Bots"), min_value=0, max_value=MAX_SEATS - 1, initial=0, required=False,
        help_text=_("Seats after yours that bots take: one player and three bots start at once."),
    )
    bot_level = forms.ChoiceField(
        label=_("Bot level"), initial="normal", required=False,
        choices=[("easy", _("easy")), ("normal", _("normal")), ("strong", _("strong"))],
    )

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data  # what Form.clean returns; its stubs allow None for subclasses that drop it
        bots = data.get("bots") or 0
        seats = data.get("seat_count")
        if seats is not None and bots >= seats:
            self.add_error("bots", _("Bots may take any seat but yours."))
        data["bots"] = bots
        data["variant"] = data.get("variant") or ""
        data["villain"] = (data.get("villain") or "automatic") if data["variant"] == "coop" else ""
        if data["variant"] == "coop" and data["villain"] == "person" and seats is not None and seats < 2:
            self.add_error("villain", _("A player for the villains needs a second seat, for a hero."))
        data["bot_level"] = data.get("bot_level") or "normal"
        return data

    def game_options(self) -> dict[str, Any]:
        """The cleaned data for services.game_create (without the bot seats)."""
        return {k: v for k, v in self.cleaned_data.items() if k not in ("bots", "bot_level")}

    def clean_title(self) -> str:
        title: str = self.cleaned_data["title"].strip()
        if not title:
            raise forms.ValidationError(_("A game needs a name."))
        return title


class ActionForm(forms.Form):
    """One legal action as the game page posts it: the kind, its parameters as JSON, and the
    version of the game the page showed plus a fresh idempotency key."""

    kind = forms.CharField(max_length=32)
    params = forms.CharField(required=False, max_length=2000)
    version = forms.IntegerField(min_value=0)
    idempotency_key = forms.CharField(max_length=64)

    def clean_kind(self) -> str:
        kind: str = self.cleaned_data["kind"]
        if kind not in default_title().action_kinds:
            raise forms.ValidationError(_("Unknown action."))
        return kind

    def clean_params(self) -> dict[str, Any]:
        raw = self.cleaned_data.get("params") or "{}"
        try:
            params = json.loads(raw)
        except (ValueError, RecursionError) as exc:  # RecursionError: "[[[[..." nested too deeply
            raise forms.ValidationError(_("Malformed action parameters.")) from exc
        if not isinstance(params, dict) or "kind" in params:
            raise forms.ValidationError(_("Malformed action parameters."))
        return params

    def action(self) -> dict[str, Any]:
        return {"kind": self.cleaned_data["kind"], **self.cleaned_data["params"]}


class TakeBackForm(forms.Form):
    version = forms.IntegerField(min_value=0)


class WalkForm(forms.Form):
    """A one-click walk: the destination (a field code or "?<cell>"), the page's version and a key."""

    to = forms.RegexField(regex=r"^(\?\d{1,2}|[A-Za-z]\d{1,2})$", max_length=4)
    version = forms.IntegerField(min_value=0)
    idempotency_key = forms.CharField(max_length=60)
