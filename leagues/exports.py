"""Season table as CSV, a player's league deadlines as iCalendar (RFC 5545), the rating chart as SVG."""

from __future__ import annotations

import csv
import io
from datetime import UTC, datetime, timedelta
from xml.sax.saxutils import escape

from django.conf import settings
from django.core import signing
from django.utils.translation import gettext as _

CALENDAR_SALT = "heldenweb.leagues.calendar"
CSV_COLUMNS = ("rank", "player", "played", "byes", "points", "wins", "missed_turns", "head_to_head", "withdrawn")


def standings_csv(rows) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(CSV_COLUMNS)
    for row in rows:
        writer.writerow([row.rank, row.user.username, row.played, row.byes, row.points, row.wins,
                         row.missed_turns, row.head_to_head, "" if row.active else "yes"])
    return out.getvalue()


# --- iCalendar --------------------------------------------------------------------------------------------------
def calendar_token(user) -> str:
    return signing.dumps(user.pk, salt=CALENDAR_SALT)


def calendar_user_id(token: str) -> int | None:
    try:
        return int(signing.loads(token, salt=CALENDAR_SALT))
    except (signing.BadSignature, ValueError, TypeError):
        return None


def _ical_text(value: str) -> str:
    return value.replace("\\", "\\\\").replace(";", "\\;").replace(",", "\\,").replace("\n", "\\n")


def _fold(line: str) -> str:
    """Lines longer than 75 octets continue on the next line after a space (RFC 5545 3.1)."""
    data = line.encode()
    parts: list[str] = []
    while len(data) > 75:
        cut = 75 if not parts else 74
        while cut > 0 and (data[cut] & 0xC0) == 0x80:  # never split a UTF-8 sequence
            cut -= 1
        parts.append(data[:cut].decode())
        data = data[cut:]
    parts.append(data.decode())
    return "\r\n ".join(parts)


def _stamp(value: datetime) -> str:
    return value.astimezone(UTC).strftime("%Y%m%dT%H%M%SZ")


def deadlines_ical(user, games, now: datetime) -> str:
    """One event per running league game: the current turn's deadline (whoever's turn it is)."""
    host = settings.SITE_URL.split("//")[-1].split("/")[0] or "heldenweb"
    name = _("League deadlines of %(name)s") % {"name": user.public_name}
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//heldenweb//leagues//EN", "CALSCALE:GREGORIAN",
             f"X-WR-CALNAME:{_ical_text(name)}"]
    for game in games:
        if game.turn_deadline_at is None:
            continue
        mine = any(s.user_id == user.pk and s.index == game.current_seat for s in game.seats.all())
        season = game.league_table.round.season
        summary = (_("Your turn: %(title)s") if mine else _("Turn deadline: %(title)s")) % {"title": game.title}
        lines += [
            "BEGIN:VEVENT",
            f"UID:game-{game.pk}-turn-{game.turn_number}@{host}",
            f"DTSTAMP:{_stamp(now)}",
            f"DTSTART:{_stamp(game.turn_deadline_at - timedelta(minutes=30))}",
            f"DTEND:{_stamp(game.turn_deadline_at)}",
            f"SUMMARY:{_ical_text(summary)}",
            f"DESCRIPTION:{_ical_text(f'{season.club.name} · {season.name}')}",
            f"URL:{settings.SITE_URL.rstrip('/')}/games/{game.pk}/",
            "END:VEVENT",
        ]
    lines.append("END:VCALENDAR")
    return "\r\n".join(_fold(line) for line in lines) + "\r\n"


BOT_MARK = 'class="bot" fill="white" stroke="currentColor"'
GAME_MARK = 'class="game" fill="currentColor"'


# --- the rating chart -------------------------------------------------------------------------------------------
def rating_svg(history, width: int = 480, height: int = 160) -> str:
    """A line of the rating (ordinal) after each rated game; markers where a bot sat at the table."""
    pad = 28
    title = escape(_("Rating after each rated game"))
    if not history:
        empty = escape(_("No rated games yet."))
        return (f'<svg xmlns="http://www.w3.org/2000/svg" role="img" viewBox="0 0 {width} {height}" '
                f'class="rating-chart"><title>{title}</title><text x="{width // 2}" y="{height // 2}" '
                f'text-anchor="middle">{empty}</text></svg>')
    values = [0.0] + [entry.ordinal for entry in history]
    low, high = min(values), max(values)
    if high - low < 1:
        low, high = low - 1, high + 1

    def x(i: int) -> float:
        return pad + (width - 2 * pad) * i / max(len(values) - 1, 1)

    def y(v: float) -> float:
        return height - pad - (height - 2 * pad) * (v - low) / (high - low)

    points = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(values))
    marks = "".join(
        f'<circle cx="{x(i):.1f}" cy="{y(entry.ordinal):.1f}" r="3" {BOT_MARK if entry.with_bot else GAME_MARK}>'
        f'<title>{escape(entry.game.title)}: {entry.ordinal:.1f}</title></circle>'
        for i, entry in enumerate(history, start=1))
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" role="img" viewBox="0 0 {width} {height}" class="rating-chart">'
        f"<title>{title}</title>"
        f'<line x1="{pad}" y1="{height - pad}" x2="{width - pad}" y2="{height - pad}" stroke="currentColor" '
        f'stroke-opacity="0.3"/>'
        f'<text x="4" y="{y(high) + 4:.1f}" font-size="10">{high:.0f}</text>'
        f'<text x="4" y="{y(low) + 4:.1f}" font-size="10">{low:.0f}</text>'
        f'<polyline fill="none" stroke="currentColor" stroke-width="2" points="{points}"/>{marks}</svg>'
    )
