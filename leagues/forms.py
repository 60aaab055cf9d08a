"""Forms of the league pages: they check the request's shape; leagues.services decides what is allowed."""

from __future__ import annotations

from datetime import timedelta

from django import forms
from django.conf import settings
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games.engine.rules.setup import MAX_SEATS
from games.models import Game

from .models import DEFAULT_BYE_POINTS, DEFAULT_POINTS, Club, Season, season_limits


class ClubForm(forms.Form):
    name = forms.CharField(label=_("Name of the club"), max_length=80)
    description = forms.CharField(label=_("Description"), widget=forms.Textarea(attrs={"rows": 3}), required=False)
    visibility = forms.ChoiceField(label=_("Who may see the club"), choices=Club.Visibility.choices,
                                   initial=Club.Visibility.PUBLIC, widget=forms.RadioSelect)
    language = forms.ChoiceField(label=_("Language"), choices=settings.LANGUAGES, initial="de")


class InviteForm(forms.Form):
    email = forms.EmailField(label=_("E-mail address"))


class JoinRequestForm(forms.Form):
    message = forms.CharField(label=_("A word to the organisers"), max_length=300, required=False)


def _points(value: str) -> list[int]:
    try:
        points = [int(part) for part in value.replace(";", ",").split(",") if part.strip()]
    except ValueError as exc:
        raise forms.ValidationError(_("Whole numbers separated by commas, e.g. 3, 2, 1, 0.")) from exc
    if not points:
        raise forms.ValidationError(_("Give at least the points of the first place."))
    return points


class SeasonForm(forms.Form):
    name = forms.CharField(label=_("Name of the season"), max_length=80)
    starts_at = forms.DateTimeField(label=_("Start"), widget=forms.DateTimeInput(attrs={"type": "datetime-local"}),
                                    help_text=_("Entries close and round 1 is drawn at this moment."))
    table_size = forms.TypedChoiceField(label=_("Players per table"), coerce=int, initial=min(4, MAX_SEATS),
                                        choices=[(n, str(n)) for n in range(1, MAX_SEATS + 1)])
    rounds = forms.IntegerField(label=_("Rounds"), **season_limits("rounds"), initial=3)
    round_start = forms.ChoiceField(label=_("A round starts"), choices=Season.RoundStart.choices,
                                    initial=Season.RoundStart.PREVIOUS_ENDS, widget=forms.RadioSelect)
    round_days = forms.IntegerField(label=_("Days between rounds"), **season_limits("round_days"), initial=14,
                                    help_text=_("Only for rounds at fixed dates."))
    deadline_hours = forms.IntegerField(label=_("Turn deadline (hours)"), **season_limits("deadline_hours"),
                                        initial=72)
    deadline_consequence = forms.ChoiceField(label=_("When a deadline passes"),
                                             choices=Game.DeadlineConsequence.choices,
                                             initial=Game.DeadlineConsequence.BOT)
    missed_turn_limit = forms.IntegerField(label=_("Missed turns allowed"), **season_limits("missed_turn_limit"),
                                           initial=3)
    points = forms.CharField(label=_("League points by place"), initial=", ".join(map(str, DEFAULT_POINTS)),
                             help_text=_("First place, second place, …; places not listed score 0."))
    bye_points = forms.IntegerField(label=_("League points for a bye"), **season_limits("bye_points"),
                                    initial=DEFAULT_BYE_POINTS)
    division = forms.IntegerField(label=_("Division"), **season_limits("division"), initial=1,
                                  help_text=_("1 is the top division."))
    promote = forms.IntegerField(label=_("Promoted and relegated players"), **season_limits("promote"), initial=0)

    def clean_points(self) -> list[int]:
        return _points(self.cleaned_data["points"])

    def clean_starts_at(self):
        value = self.cleaned_data["starts_at"]
        if value < timezone.now() - timedelta(minutes=5):
            raise forms.ValidationError(_("The start lies in the past."))
        return value
