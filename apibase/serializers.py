"""The serializer base of every API: strict input, and times in UTC."""

from __future__ import annotations

import datetime
from typing import Any

from rest_framework import serializers


class UtcDateTimeField(serializers.DateTimeField):
    """Times leave the API in UTC (ISO 8601 with Z); clients show them in the player's time zone."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("default_timezone", datetime.UTC)
        kwargs.setdefault("read_only", True)
        super().__init__(**kwargs)


class StrictSerializer(serializers.Serializer[Any]):
    """Refuses fields it does not know, so a typo (or a ``seat``) is an error, not silently ignored."""

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if isinstance(self.initial_data, dict):
            writable = {name for name, field in self.fields.items() if not field.read_only}
            unknown = sorted(set(self.initial_data) - writable)
            if unknown:
                raise serializers.ValidationError({name: ["Unknown field."] for name in unknown})
        return attrs
