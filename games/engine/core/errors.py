"""The one error family the engine raises at players' input."""


class IllegalActionError(ValueError):
    """The action is well-formed but not allowed now; the message says why."""


class MalformedActionError(IllegalActionError):
    """The action could not be parsed: unknown kind, missing or wrong parameter."""


class DiceExhaustedError(RuntimeError):
    """Scripted dice ran out: a test asked for more rolls than it scripted."""
