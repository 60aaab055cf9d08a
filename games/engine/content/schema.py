r"""The schema language of the content files and its reader (issue 12).

A :class:`FileSpec` lists the top-level :class:`Section`\ s of a YAML file; a :class:`Record` lists its
:class:`Key`\ s, the rules between them and the model dataclass it becomes; a :class:`Key` says what one
value may be (its :class:`Kind`, required or optional with its default, allowed names, pattern,
range). :func:`read` walks a record against its spec and builds the frozen object; :func:`read_file`
does so for a whole file. The declarations of our six files are in :mod:`.validate`.

Every problem raises :class:`ContentError` as ``"{file}: {field path}: {what}"``; the path grows as
the reader descends (``tokens[fd-06].quest.reward_xp[1]``). Nothing here imports Django.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from dataclasses import fields as dc_fields
from enum import Enum, StrEnum
from pathlib import Path
from types import MappingProxyType
from typing import Any

import yaml

from .model import SKILLS, XP_COLOURS, PathKind
from .model import Path as BoardPath

__all__ = [
    "VERSION",
    "At",
    "Check",
    "ContentError",
    "FileSpec",
    "Key",
    "Kind",
    "Problem",
    "Record",
    "Section",
    "attributes",
    "dataclass_of",
    "fail",
    "read",
    "read_file",
]

VERSION = "1"


class ContentError(ValueError):
    """A content file is missing, malformed or inconsistent."""


# =============================================================================================
# The schema's vocabulary
# =============================================================================================


class Problem(Exception):
    """A problem at ``key`` (a path relative to the record being read); the reader adds file and place."""

    def __init__(self, key: str | None, what: str) -> None:
        super().__init__(what)
        self.key = key
        self.what = what


def fail(file: str, where: str, what: str) -> ContentError:
    return ContentError(f"{file}: {where}: {what}")


class At:
    """A place in a file, to name in a message: ``At(file, "tokens[x]").fail("back", ...)``."""

    def __init__(self, file: str, where: str) -> None:
        self.file = file
        self.where = where

    def fail(self, key: str | None, what: str) -> ContentError:
        return fail(self.file, f"{self.where}.{key}" if key else self.where, what)


class Kind(Enum):
    """What a key's value is; the reader knows how to check and convert each."""

    STR = "str"            # a non-empty string (``nonempty=False``: may be blank)
    INT = "int"            # a whole number, not a bool
    NUM = "num"            # int or float, returned as float
    BOOL = "bool"
    STRS = "strs"          # a list of distinct strings -> tuple
    INTS = "ints"          # a list of whole numbers -> tuple
    SKILLS = "skills"      # {magic|ranged|melee: int} (``nullable``: a value may be null, a boss's star)
    XP = "xp"              # experience dice: up to 3 lists of colours -> tuple of tuples
    RECORD = "record"      # a nested mapping read with ``record``
    RECORDS = "records"    # a list of mappings, each read with ``record`` -> tuple
    PAIRS = "pairs"        # a list of [name, name] -> tuple of tuples
    PATHS = "paths"        # a card's paths: [a, b] or [a, b, kind] -> tuple of model.Path
    AUTHORED = "authored"  # the marker {values: [...], reason: ...} -> authored, authored_reason
    RETIRED = "retired"    # a key that is no longer allowed; ``hint`` says what replaced it


Label = Callable[[Mapping[str, Any], Any], "str | None"]
Check = Callable[[Mapping[str, Any]], None]


@dataclass(frozen=True)
class Key:
    """One key of a record: its kind, whether it is required, and what values it allows."""

    name: str
    kind: Kind
    required: bool = True
    default: Any = None
    choices: frozenset[str] | None = None     # allowed strings (STR, STRS)
    enum: type[StrEnum] | None = None          # allowed values and the type they become (STR, STRS)
    pattern: re.Pattern[str] | None = None     # STR
    lo: float | None = None                    # INT, NUM, SKILLS, INTS
    hi: float | None = None
    nonempty: bool = True                      # STR
    nullable: bool = False                     # SKILLS: a null value is allowed (a boss card's star)
    record: Record | None = None               # RECORD, RECORDS
    label: Label | None = None                 # RECORDS: names an entry in messages (else its index)
    hint: str = ""                             # STR with choices: "is not {hint}"; RETIRED: the message
    noun: str = ""                             # STR, STRS with choices: "unknown {noun} 'x' (known: ...)"

    def allowed(self) -> frozenset[str] | None:
        if self.enum is not None:
            return frozenset(e.value for e in self.enum)
        return self.choices


@dataclass(frozen=True)
class Record:
    """One kind of record: its keys, the rules between them, and the dataclass it becomes.

    ``checks`` see the record's values (after each key was read) and raise :class:`Problem`;
    ``build(values, parent)`` makes the model object (``parent``: the values of the enclosing record).
    """

    name: str
    keys: tuple[Key, ...]
    build: Callable[[dict[str, Any], Mapping[str, Any]], Any]
    checks: tuple[Check, ...] = ()


@dataclass(frozen=True)
class Section:
    """A top-level list of a file: its key, its record, and the key that names and identifies entries."""

    key: str
    record: Record
    ident: str
    noun: str  # for "duplicate {noun} {value}"


@dataclass(frozen=True)
class FileSpec:
    name: str
    sections: tuple[Section, ...]


def _typename(value: Any) -> str:
    return "null" if value is None else type(value).__name__


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def attributes(cls: type, *extra: str) -> frozenset[str]:
    """The attributes of a model dataclass an authored marker may name."""
    return frozenset({f.name for f in dc_fields(cls)} | set(extra)) - {"authored", "authored_reason"}


def dataclass_of(cls: Callable[..., Any]) -> Callable[[dict[str, Any], Mapping[str, Any]], Any]:
    """The usual ``build``: the record's keys are the dataclass's fields."""
    return lambda values, parent: cls(**values)


# =============================================================================================
# The reader
# =============================================================================================


def _string(key: Key, value: Any, at: str) -> Any:
    if not isinstance(value, str):
        raise Problem(at, f"expected a string, got {_typename(value)}")
    if key.nonempty and not value.strip():
        raise Problem(at, "must not be empty")
    allowed = key.allowed()
    if allowed is not None and value not in allowed:
        if key.hint:
            raise Problem(at, f"{value!r} is not {key.hint}")
        if key.noun:
            raise Problem(at, f"unknown {key.noun} {value!r} (known: {', '.join(sorted(allowed))})")
        raise Problem(at, f"{value!r} is not one of {sorted(allowed)}")
    if key.pattern is not None and not key.pattern.match(value):
        raise Problem(at, f"{value!r} does not match {key.pattern.pattern}")
    return key.enum(value) if key.enum is not None else value


def _integer(key: Key, value: Any, at: str) -> int:
    if not _is_int(value):
        raise Problem(at, f"expected an integer, got {_typename(value)}")
    if key.lo is not None and value < key.lo:
        raise Problem(at, f"{value} is below {key.lo:g}")
    if key.hi is not None and value > key.hi:
        raise Problem(at, f"{value} is above {key.hi:g}")
    return int(value)


def _list(key: Key, value: Any) -> list[Any]:
    if value is None and not key.required:
        return []
    if not isinstance(value, list):
        raise Problem(key.name, f"expected a list, got {_typename(value)}")
    return value


def _strings(key: Key, value: Any) -> tuple[Any, ...]:
    seen: set[str] = set()
    out = []
    for i, v in enumerate(_list(key, value)):
        at = f"{key.name}[{i}]"
        if not isinstance(v, str) or not v:
            raise Problem(at, f"expected a string, got {_typename(v)}")
        if v in seen:
            raise Problem(at, f"duplicate {v!r}")
        seen.add(v)
        out.append(_string(key, v, at))
    return tuple(out)


def _skills(key: Key, value: Any) -> Mapping[str, int | None]:
    if value is None and not key.required:
        value = {}
    if not isinstance(value, dict):
        raise Problem(key.name, f"expected a mapping, got {_typename(value)}")
    out: dict[str, int | None] = {}
    for skill, v in value.items():
        at = f"{key.name}.{skill}"
        if skill not in SKILLS:
            raise Problem(at, f"unknown skill (use {', '.join(SKILLS)})")
        if v is None and key.nullable:
            out[skill] = None
            continue
        if not _is_int(v):
            raise Problem(at, f"expected an integer, got {_typename(v)}")
        if not (key.lo or 0) <= v <= (key.hi or 0):
            raise Problem(at, f"{v} is outside {key.lo:g}..{key.hi:g}")
        out[skill] = v
    return MappingProxyType(out)


def _xp(key: Key, value: Any) -> tuple[tuple[str, ...], ...]:
    dice = _list(key, value)
    if len(dice) > 3:
        raise Problem(key.name, f"at most 3 experience dice, got {len(dice)}")
    out = []
    for i, die in enumerate(dice):
        at = f"{key.name}[{i}]"
        if not isinstance(die, list) or not die:
            raise Problem(at, "expected a non-empty list of colours")
        for c in die:
            if c not in XP_COLOURS:
                raise Problem(at, f"{c!r} is not one of {list(XP_COLOURS)}")
        if len(set(die)) != len(die):
            raise Problem(at, "duplicate colour")
        out.append(tuple(die))
    return tuple(out)


def _pairs(key: Key, value: Any) -> tuple[tuple[str, str], ...]:
    out = []
    for i, pair in enumerate(_list(key, value)):
        if not (isinstance(pair, list) and len(pair) == 2 and all(isinstance(v, str) for v in pair)):
            raise Problem(f"{key.name}[{i}]", f"expected [item, effect], got {pair!r}")
        out.append((pair[0], pair[1]))
    return tuple(out)


def _paths(key: Key, value: Any) -> tuple[BoardPath, ...]:
    kinds = {k.value for k in PathKind}
    out = []
    for i, raw in enumerate(_list(key, value)):
        at = f"{key.name}[{i}]"
        if not isinstance(raw, list) or len(raw) not in (2, 3) or not all(isinstance(v, str) for v in raw):
            raise Problem(at, f"expected [a, b] or [a, b, kind], got {raw!r}")
        kind = raw[2] if len(raw) == 3 else PathKind.PATH.value
        if kind not in kinds:
            raise Problem(at, f"unknown path kind {kind!r}")
        out.append(BoardPath(a=raw[0], b=raw[1], kind=PathKind(kind)))
    return tuple(out)


def _authored(key: Key, value: Any, file: str, where: str) -> tuple[tuple[str, ...], str]:
    values = read(AUTHORED_BLOCK, file, f"{where}.{key.name}", value)
    names: tuple[str, ...] = values["values"]
    allowed = key.choices or frozenset()
    for i, name in enumerate(names):
        if name not in allowed:
            raise Problem(f"{key.name}.values[{i}]", f"{name!r} is not one of {sorted(allowed)}")
    return names, values["reason"]


def _value(key: Key, raw: Mapping[str, Any], values: Mapping[str, Any], file: str, where: str) -> Any:
    """The value of ``key`` in ``raw``, checked and converted (``where``: the record's place)."""
    if key.kind is Kind.RETIRED:
        if key.name in raw:
            raise Problem(key.name, key.hint)
        return None
    if key.name not in raw:
        if key.required:
            raise Problem(key.name, "missing")
        return key.default
    value = raw[key.name]
    if key.kind is Kind.STR:
        return None if value is None and not key.required and key.default is None else _string(key, value, key.name)
    if key.kind is Kind.INT:
        return None if value is None and not key.required and key.default is None else _integer(key, value, key.name)
    if key.kind is Kind.NUM:
        if not isinstance(value, (int, float)) or isinstance(value, bool):
            raise Problem(key.name, f"expected a number, got {_typename(value)}")
        if not (key.lo or 0) <= value <= (key.hi or 0):
            raise Problem(key.name, f"{value} is outside {key.lo:g}..{key.hi:g}")
        return float(value)
    if key.kind is Kind.BOOL:
        if not isinstance(value, bool):
            raise Problem(key.name, f"expected true or false, got {_typename(value)}")
        return value
    if key.kind is Kind.STRS:
        return _strings(key, value)
    if key.kind is Kind.INTS:
        return tuple(_integer(key, v, f"{key.name}[{i}]") for i, v in enumerate(_list(key, value)))
    if key.kind is Kind.SKILLS:
        return _skills(key, value)
    if key.kind is Kind.XP:
        return _xp(key, value)
    if key.kind is Kind.PAIRS:
        return _pairs(key, value)
    if key.kind is Kind.PATHS:
        return _paths(key, value)
    if key.kind is Kind.AUTHORED:
        return _authored(key, value, file, where)
    assert key.record is not None, key.name  # RECORD and RECORDS name their record
    if key.kind is Kind.RECORD:
        return read(key.record, file, f"{where}.{key.name}", value, values)
    out = []
    for i, item in enumerate(_list(key, value)):
        label = key.label(values, item) if key.label is not None else None
        out.append(read(key.record, file, f"{where}.{key.name}[{label or i}]", item, values))
    return tuple(out)


def read(record: Record, file: str, where: str, raw: Any, parent: Mapping[str, Any] | None = None) -> Any:
    """Read one record at ``where`` in ``file``: check every key, then the record's rules, then build it."""
    if not isinstance(raw, dict):
        raise fail(file, where, f"expected a mapping, got {_typename(raw)}")
    values: dict[str, Any] = {}
    try:
        for key in record.keys:
            value = _value(key, raw, values, file, where)
            if key.kind is Kind.AUTHORED:
                values["authored"], values["authored_reason"] = value or ((), "")
            elif key.kind is not Kind.RETIRED:
                values[key.name] = value
        known = {key.name for key in record.keys}
        unknown = sorted(str(k) for k in raw if k not in known)
        if unknown:
            raise Problem(unknown[0], "unknown key")
        for check in record.checks:
            check(values)
    except Problem as problem:
        raise fail(file, f"{where}.{problem.key}" if problem.key else where, problem.what) from None
    return record.build(values, parent or {})


# libyaml's safe loader builds the same data as PyYAML's pure-Python one at a quarter of the cost
# (parsing was 85 % of loading the content); the pure one stands in where libyaml is not installed.
_SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def _load_yaml(directory: Path, name: str) -> dict[str, Any]:
    path = directory / name
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise fail(name, "file", f"not found in {directory}") from None
    try:
        data = yaml.load(text, Loader=_SAFE_LOADER)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"line {mark.line + 1}" if mark is not None else "file"
        raise fail(name, where, f"invalid YAML: {getattr(exc, 'problem', exc)}") from None
    if not isinstance(data, dict):
        raise fail(name, "file", f"expected a mapping at the top, got {_typename(data)}")
    version = data.get("version")
    if version != VERSION:
        raise fail(name, "version", f'expected "{VERSION}" (a string), got {version!r}')
    return data


def read_file(directory: Path, spec: FileSpec) -> dict[str, dict[str, Any]]:
    """Every section of the file, as ``{section: {ident: model object}}`` in the file's order."""
    data = _load_yaml(directory, spec.name)
    extra = sorted(set(data) - {"version"} - {s.key for s in spec.sections})
    if extra:
        raise fail(spec.name, extra[0], "unknown key")
    out: dict[str, dict[str, Any]] = {}
    for section in spec.sections:
        if section.key not in data:
            raise fail(spec.name, section.key, "missing")
        raws = data[section.key]
        if not isinstance(raws, list) or not raws:
            raise fail(spec.name, section.key, "expected a non-empty list")
        things: dict[str, Any] = {}
        for index, raw in enumerate(raws):
            name = raw.get(section.ident) if isinstance(raw, dict) else None
            where = f"{section.key}[{name if isinstance(name, str) and name else index}]"
            thing = read(section.record, spec.name, where, raw)
            ident = getattr(thing, section.ident)
            if ident in things:
                raise fail(spec.name, f"{section.key}[{ident}].{section.ident}", f"duplicate {section.noun} {ident}")
            things[ident] = thing
        out[section.key] = things
    return out


def _names_something(values: Mapping[str, Any]) -> None:
    if not values["values"]:
        raise Problem("values", "name at least one authored attribute")


# The block of the authored marker, ``{values: [...], reason: ...}`` (docs/rules/authored-marker.md);
# which attributes ``values`` may name depends on the record, so its AUTHORED key checks that.
AUTHORED_BLOCK = Record(
    "authored",
    (Key("values", Kind.STRS), Key("reason", Kind.STR)),
    build=lambda values, parent: values,
    checks=(_names_something,),
)
