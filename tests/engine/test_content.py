"""The game content: board, heroes, tokens, items, deeds and boss cards (no Django).

The first half checks the shipped data against the rulebook ("Die Rückkehr der Helden" with the
dragon expansion); the second half feeds deliberately broken copies of the data to the loader
and expects a ContentError that names the file and the field.
"""

from __future__ import annotations

import re
import shutil
from collections import Counter
from pathlib import Path

import pytest

from games.engine.content import (
    CONTENT_DIR,
    FILES,
    ContentError,
    Direction,
    FieldKind,
    PathKind,
    SecretColour,
    TokenCategory,
    load_content,
)
from games.engine.content.cards import reach
from games.engine.registry import unknown_effects

ENGINE_DIR = Path(__file__).resolve().parents[2] / "games" / "engine"


@pytest.fixture(scope="module")
def content():
    return load_content()


def field(content, code):
    return content.regions[code[0]].field(code)


def neighbours(region, kinds=(PathKind.PATH,)):
    adj = {f.code: set() for f in region.fields}
    for p in region.paths:
        if p.kind in kinds:
            adj[p.a].add(p.b)
            adj[p.b].add(p.a)
    return adj




# =============================================================================================
# Loading
# =============================================================================================


def test_loads_and_is_cached(content):
    assert content.version == "1"
    assert load_content() is content


def test_every_file_has_version_1():
    import yaml

    for name in FILES:
        text = (CONTENT_DIR / name).read_text(encoding="utf-8")
        data = yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
        assert data["version"] == "1", name


# =============================================================================================
# Heroes: the "Charaktere" list, typed from the rulebook
# =============================================================================================

#         key         LP gold move magic ranged melee
HEROES = {
    "amazone": (4, 1, 4, 2, 6, 6),
    "barde": (3, 2, 3, 5, 4, 6),
    "elf": (3, 2, 4, 4, 7, 2),
    "flink": (3, 1, 3, 3, 7, 3),
    "galahad": (4, 2, 3, 3, 3, 6),
    "gnom": (3, 2, 2, 3, 3, 1),
    "hobbit": (3, 3, 2, 3, 6, 4),
    "krieger": (4, 1, 4, 3, 3, 7),
    "magier": (2, 3, 3, 7, 3, 3),
    "morgaine": (2, 0, 2, 7, 2, 2),
    "ork": (4, 0, 4, 2, 5, 6),
    "paladin": (4, 1, 3, 5, 2, 5),
    "priester": (4, 2, 4, 6, 3, 5),
    "schamane": (4, 1, 3, 6, 3, 3),
    "zentaur": (5, 0, 5, 2, 7, 4),
    "zwerg": (5, 4, 2, 3, 5, 6),
}
ABILITIES = {
    "amazone": [],
    "krieger": [],
    "barde": ["pass_open_red"],
    "elf": ["forest_secret_paths"],
    "flink": ["steal_7"],
    "galahad": ["grail_hint"],
    "gnom": ["add_two_skills"],
    "hobbit": ["evade_fight"],
    "magier": ["red_secret_7", "spell_instead_of_gold"],
    "morgaine": ["all_secret_paths", "free_lake"],
    "ork": ["xp_to_gold", "monster_ork"],
    "paladin": ["self_heal"],
    "priester": ["temple_village_secret_paths"],
    "schamane": ["shaman_magic_plus_one"],
    "zentaur": ["centaur_equipment"],
    "zwerg": ["mountain_secret_paths"],
}


def test_sixteen_heroes(content):
    assert set(content.heroes) == set(HEROES)


@pytest.mark.rule("HERO-01", "SETUP-02")
@pytest.mark.parametrize("key", sorted(HEROES))
def test_hero_printed_values(content, key):
    h = content.heroes[key]
    assert (h.lp, h.gold, h.movement, h.magic, h.ranged, h.melee) == HEROES[key]
    assert list(h.abilities) == ABILITIES[key]
    assert h.xp_thresholds == {"hobbit": (1, 4, 7), "zentaur": (3, 6, 9)}.get(key, (2, 5, 8))
    assert h.item_slots == (5 if key == "zentaur" else 4)
    assert h.name_de and h.name_en
    if key not in ("amazone",):
        assert h.ability_de and h.ability_en


def test_hero_ability_texts_verbatim(content):
    assert content.heroes["barde"].ability_de == "Der Barde kann an offenen roten Marken vorbeigehen."
    assert content.heroes["flink"].ability_de == "Sonderfertigkeit Stehlen 7"
    assert (
        content.heroes["zwerg"].ability_de
        == "Der Zwerg muss nicht würfeln, um Geheimwege im Gebirge (C5 und D5) zu finden."
    )
    assert content.heroes["amazone"].name_de == "Amazone/Gladiator"


# =============================================================================================
# The board
# =============================================================================================


@pytest.mark.rule("SETUP-04")
def test_25_cards_without_q(content):
    assert len(content.regions) == 25
    assert "Q" not in content.regions
    assert set(content.regions) == set("ABCDEFGHIJKLMNOPRSTUVWXYZ")


@pytest.mark.rule("SETUP-05")
def test_set_aside_cards(content):
    assert {r.letter for r in content.regions.values() if r.set_aside} == set("HJNRV")


@pytest.mark.rule("MOVE-06")
def test_field_codes_and_numbers(content):
    for r in content.regions.values():
        numbers = sorted(f.number for f in r.fields)
        assert numbers == list(range(1, len(numbers) + 1)), r.letter
        for f in r.fields:
            assert f.code == f"{r.letter}{f.number}"
            assert 0 <= f.x <= 100 and 0 <= f.y <= 100
        assert 6 <= len(r.fields) <= 13, r.letter


def test_entries_on_their_edges(content):
    for r in content.regions.values():
        assert set(r.entries) == set(Direction), r.letter
        for d, code in r.entries.items():
            f = r.field(code)
            assert f.kind is FieldKind.BEIGE, code
            assert {
                Direction.NORTH: f.y <= 10,
                Direction.SOUTH: f.y >= 90,
                Direction.WEST: f.x <= 10,
                Direction.EAST: f.x >= 90,
            }[d], (code, d)


# code -> (kind, site, colour); None = not checked
REQUIRED = {
    "F2": (FieldKind.BEIGE, None, None),
    "J2": (FieldKind.BEIGE, None, None),
    "J5": (FieldKind.SITE, "royal_court", None),
    "N2": (FieldKind.BEIGE, None, None),
    "N3": (FieldKind.BEIGE, None, None),
    "N4": (FieldKind.BEIGE, None, None),
    "N5": (FieldKind.SECRET, "temple", SecretColour.RED),
    "I5": (FieldKind.SECRET, "white_village", SecretColour.RED),
    "R2": (FieldKind.SITE, "forge", None),
    "S1": (FieldKind.CITY, None, None),
    "S2": (FieldKind.DUMP, None, None),
    "S3": (FieldKind.TELEPORTER, None, None),
    "S4": (FieldKind.TELEPORTER, None, None),
    "S5": (FieldKind.TELEPORTER, None, None),
    "S6": (FieldKind.TELEPORTER, None, None),
    "U1": (FieldKind.LABYRINTH, None, None),
    "U2": (FieldKind.LABYRINTH, None, None),
    "U3": (FieldKind.LABYRINTH, None, None),
    "U4": (FieldKind.LABYRINTH, None, None),
    "U5": (FieldKind.LABYRINTH, None, None),
    "U6": (FieldKind.LABYRINTH, None, None),
    "V1": (FieldKind.BEIGE, None, None),
    "V9": (FieldKind.SITE, "dragon", None),
    "V10": (FieldKind.SITE, "drachenmensch", None),
    "V11": (FieldKind.SITE, "dragon_death", None),
    "W1": (FieldKind.SITE, "caravanserai", None),
    "W5": (FieldKind.SECRET, None, None),
    "W6": (FieldKind.SITE, "oasis", None),
    "H1": (FieldKind.BEIGE, None, None),
    "H2": (FieldKind.BEIGE, None, None),
    "H3": (FieldKind.SITE, "namenloser", None),
    "H4": (FieldKind.BEIGE, None, None),
    "H6": (FieldKind.BEIGE, None, None),
    "K2": (FieldKind.SITE, "witch_house", None),
    "Z6": (FieldKind.BEIGE, None, None),
    "L2": (FieldKind.WATER, None, None),
    "L4": (FieldKind.WATER, None, None),
    "Y4": (FieldKind.WATER, None, None),
    "Y5": (FieldKind.WATER, None, None),
    "Y7": (FieldKind.BEIGE, "island", None),
    "Y9": (FieldKind.WATER, None, None),
    "C5": (FieldKind.SECRET, None, None),
    "D5": (FieldKind.SECRET, None, None),
}


@pytest.mark.parametrize("code", sorted(REQUIRED))
def test_rulebook_coordinates(content, code):
    kind, site, colour = REQUIRED[code]
    f = field(content, code)
    assert f.kind is kind
    if site is not None:
        assert f.site == site
    if colour is not None:
        assert f.colour is colour


@pytest.mark.rule("REGION-21")
def test_terrains(content):
    t = {r.letter: r.terrain for r in content.regions.values()}
    assert t["C"] == t["D"] == "mountain"
    assert t["I"] == "forest"
    assert t["W"] == "desert"
    assert t["L"] == t["Y"] == "lake"
    assert t["S"] == "city"
    assert t["V"] == "special"


def test_secret_fields(content):
    secrets = [f for r in content.regions.values() for f in r.fields if f.kind is FieldKind.SECRET]
    for f in secrets:
        assert f.colour in set(SecretColour)
        assert 5 <= f.target <= 10, f.code
    assert {f.colour for f in secrets} == set(SecretColour)
    secret_cards = {f.code[0] for f in secrets}
    forests = {r.letter for r in content.regions.values() if r.terrain == "forest"}
    assert len(forests & secret_cards) >= 3  # the Elf's ability matters
    assert len(secret_cards - {"C", "D", "I", "N", "W"}) >= 6
    # a red field below 7 makes the Magier's "7 or less" count
    assert all(f.target < 7 for f in secrets if f.colour is SecretColour.RED)
    for f in (f for r in content.regions.values() for f in r.fields if f.kind is not FieldKind.SECRET):
        assert f.colour is None and f.target is None


def test_beige_fields_for_face_down_tokens(content):
    for r in content.regions.values():
        if r.letter in "SUHV":
            continue
        assert sum(f.kind is FieldKind.BEIGE for f in r.fields) >= 4, r.letter


def test_city_of_mages(content):
    s = content.regions["S"]
    adj = neighbours(s)
    assert adj["S1"] == {"S3", "S4", "S5", "S6"}
    assert not any("S2" in (p.a, p.b) for p in s.paths)
    entries = set(s.entries.values())
    for t in ("S3", "S4", "S5", "S6"):
        assert adj[t] & entries, t


def test_labyrinth(content):
    u = content.regions["U"]
    adj = neighbours(u)
    entries = set(u.entries.values())
    corners = {"U1", "U3", "U4", "U6"}
    assert set().union(*(adj[c] for c in corners)) == entries
    for c in corners:
        assert len(adj[c]) == 1 and adj[c] <= entries
    assert not adj["U2"] and not adj["U5"]
    corridors = neighbours(u, (PathKind.CORRIDOR,))
    assert reach(corridors, "U1") >= {f"U{n}" for n in range(1, 7)}
    for p in u.paths:
        if p.kind is PathKind.CORRIDOR:
            assert field(content, p.a).kind is field(content, p.b).kind is FieldKind.LABYRINTH


def test_dragon_hoard(content):
    v = content.regions["V"]
    assert neighbours(v)["V9"] == {"V10"}
    rope = [(p.a, p.b) for p in v.paths if p.kind is PathKind.ROPE]
    assert rope == [("V1", "V9")]
    assert neighbours(v)["V11"]


def test_namenloser_tower(content):
    h = content.regions["H"]
    adj = neighbours(h)
    guardians = {f.code for f in h.fields if f.kind is FieldKind.GUARDIAN}
    assert len(guardians) == 4
    assert adj["H3"] == guardians
    for g in guardians:
        assert "H3" in adj[g] and len(adj[g]) == 2
        (other,) = adj[g] - {"H3"}
        assert field(content, other).kind is FieldKind.BEIGE
    # never a shortcut: without H3 and the guardian fields the rest of H stays connected
    rest = {f.code for f in h.fields} - guardians - {"H3"}
    assert reach(adj, "H1", blocked=guardians | {"H3"}) >= rest


def test_lake_and_island(content):
    lake = content.regions["L"]
    ferries = {frozenset((p.a, p.b)) for p in lake.paths if p.kind is PathKind.FERRY}
    assert frozenset({"L2", "L4"}) in ferries and len(ferries) == 2
    for pair in ferries:
        assert all(field(content, c).kind is FieldKind.WATER for c in pair)
    adj = neighbours(lake)
    for f in lake.fields:
        if f.kind is FieldKind.WATER:
            assert any(field(content, n).kind is not FieldKind.WATER for n in adj[f.code])
    y = content.regions["Y"]
    assert not neighbours(y)["Y7"]
    assert {(p.a, p.b) for p in y.paths if p.kind is PathKind.ISLAND} == {
        ("Y5", "Y7"),
        ("Y7", "Y4"),
        ("Y7", "Y9"),
    }


def test_temple_and_fires(content):
    adj = neighbours(content.regions["N"])
    assert {"N2", "N3", "N4"} <= adj["N5"]
    sites = {field(content, c).site for c in adj["N4"] | adj["N3"] | adj["N2"]}
    assert {"fire_yellow", "fire_blue", "fire_green", "fire_pink"} <= sites
    assert {field(content, c).site for c in adj["N4"]} >= {"fire_yellow", "fire_blue"}
    assert "fire_green" in {field(content, c).site for c in adj["N3"]}
    assert "fire_pink" in {field(content, c).site for c in adj["N2"]}


def test_card_p_has_a_detour(content):
    p = content.regions["P"]
    secrets = {f.code for f in p.fields if f.kind is FieldKind.SECRET}
    assert secrets
    adj = neighbours(p)
    entries = set(p.entries.values())
    for e in entries:
        assert reach(adj, e, blocked=secrets) - secrets >= entries
    # the straight way over the secret field is shorter than the detour
    assert len(secrets & set().union(*adj.values())) >= 1


def test_every_card_connected(content):
    """Every field is reachable from every entry along ordinary paths (corridors on U), except
    S2 and Y7 which only rules reach; entries reach each other without secret or blocked fields;
    with every kind of path all fields but S2 are reachable."""
    for r in content.regions.values():
        codes = {f.code for f in r.fields}
        kinds = (PathKind.PATH, PathKind.CORRIDOR) if r.letter == "U" else (PathKind.PATH,)
        walk = neighbours(r, kinds)
        every = neighbours(r, tuple(PathKind))
        blocked = {
            f.code for f in r.fields if f.kind in (FieldKind.SECRET, FieldKind.GUARDIAN, FieldKind.CITY)
        }
        blocked |= codes & {"H3", "V9"}
        for entry in r.entries.values():
            assert codes - reach(walk, entry) <= {"S2", "Y7"}, (r.letter, entry)
            assert codes - reach(every, entry) <= {"S2"}, (r.letter, entry)
            assert set(r.entries.values()) <= reach(walk, entry, blocked), (r.letter, entry)


def test_paths_stay_on_their_card_and_special_kinds_where_they_belong(content):
    where = {PathKind.FERRY: "L", PathKind.ISLAND: "Y", PathKind.CORRIDOR: "U", PathKind.ROPE: "V"}
    for r in content.regions.values():
        codes = {f.code for f in r.fields}
        for p in r.paths:
            assert p.a in codes and p.b in codes
            if p.kind is not PathKind.PATH:
                assert where[p.kind] == r.letter


# =============================================================================================
# Tokens
# =============================================================================================

COUNTS = {
    "bazaar": 18,
    "city": 17,
    "namenloser": 1,
    "dragon": 1,
    "drachenmensch": 1,
    "servant": 14,
    "guardian": 4,
    "dragon_event": 5,
    "face_down": 50,
    "open_event": 4,
    "encounter": 15,
    "deed_part": 16,
    "weapon_part": 9,
    "red": 5,
    "quest_item": 8,
}


@pytest.mark.rule("TOK-01", "TOK-02", "TOK-03")
def test_token_category_counts(content):
    counts = Counter(t.category.value for t in content.tokens.values())
    assert dict(counts) == COUNTS
    assert len(content.tokens) == 168
    assert {c.value for c in TokenCategory} == set(COUNTS)


def test_token_ids_unique_and_keyed(content):
    for tid, t in content.tokens.items():
        assert t.id == tid
        assert re.match(r"^[a-z][a-z0-9-]*$", tid)


UNTARGETED = {"bazaar", "city", "face_down", "open_event", "dragon_event"}


def test_every_token_target_exists_and_makes_sense(content):
    allowed_special = {
        "kahn": FieldKind.WATER,
        "orchan": FieldKind.WATER,
        "waldlaeufer": FieldKind.SECRET,
        "muellhalde": FieldKind.DUMP,
    }
    seen = set()
    for t in content.tokens.values():
        if t.category.value in UNTARGETED:
            assert t.target is None, t.id
            continue
        assert t.target, t.id
        f = field(content, t.target)
        assert t.target not in seen, t.id
        seen.add(t.target)
        if t.category is TokenCategory.GUARDIAN:
            assert f.kind is FieldKind.GUARDIAN
        elif t.face in allowed_special:
            assert f.kind is allowed_special[t.face]
        else:
            assert f.kind in (FieldKind.BEIGE, FieldKind.SITE), t.id
            assert t.target not in {"S2", "H3", "V9", "V10", "Y7"} or t.category.value in (
                "namenloser",
                "dragon",
                "drachenmensch",
            ), t.id


def test_printed_targets(content):
    by_face = {t.face: t for t in content.tokens.values() if t.target}
    printed = {
        "kleiner_basar": "F2",
        "grosser_basar": "J2",
        "kahn": "L4",
        "muellhalde": "S2",
        "orchan": "Y5",
        "waldlaeufer": "I5",
        "namenloser": "H3",
        "drache": "V9",
        "drachenmensch": "V10",
    }
    for face, code in printed.items():
        assert by_face[face].target == code, face
    guardians = {t.target for t in content.tokens.values() if t.category is TokenCategory.GUARDIAN}
    assert guardians == {f.code for f in content.regions["H"].fields if f.kind is FieldKind.GUARDIAN}


def test_servants_spread_over_the_board(content):
    servants = [t for t in content.tokens.values() if t.category is TokenCategory.SERVANT]
    assert len({t.target[0] for t in servants}) == 14
    for t in servants:
        assert field(content, t.target).kind is FieldKind.BEIGE
        assert t.skills and all(-4 <= v <= 0 for v in t.skills.values())
        assert {"target", "skills", "hearts"} <= set(t.authored)
    assert any(set(t.skills) == {"ranged"} for t in servants)  # "angreifbar nur mit Fernkampf"


@pytest.mark.rule("TOK-42")
def test_guardians_minus_two_everywhere(content):
    for t in content.tokens.values():
        if t.category is TokenCategory.GUARDIAN:
            assert dict(t.skills) == {"magic": -2, "ranged": -2, "melee": -2}
            assert Counter(t.border) == Counter(["darkblue"])


@pytest.mark.rule("FIGHT-02", "FIGHT-04")
def test_monster_values(content):
    for t in content.tokens.values():
        if t.kind.value in ("monster", "servant", "guardian", "drachenmensch"):
            assert t.hearts in (1, 2), t.id
            assert t.skills, t.id
            assert set(t.skills) <= {"magic", "ranged", "melee"}
            assert all(-4 <= v <= 0 for v in t.skills.values()), t.id
            for die in t.reward_xp:
                assert die and set(die) <= {"blue", "green", "red"}
        if t.face == "troll":
            assert t.hearts == 2 and "magic" not in t.skills  # coop examples
        if t.face in ("wolf", "ork"):
            assert set(t.skills) == {"magic", "ranged", "melee"}


GLOSSARY_FACES = {
    "alp",
    "basilisk",
    "doppelgaenger",
    "minotaurus",
    "muraene",
    "ork",
    "roter_ritter",
    "schatten",
    "skorpion",
    "spinne",
    "yeti",
    "zwergengeist",
    "wolf",
    "troll",
    "bettler",
    "don_hobiro",
    "einhorn",
    "gasconier",
    "gaukler",
    "grosser_basar",
    "hellseherin",
    "hildebrandt",
    "hueter",
    "kahn",
    "kerberos",
    "kleiner_basar",
    "kraeuterfrau",
    "kutschenmacher",
    "leitsage",
    "maeuse",
    "mirabar",
    "muellhalde",
    "orchan",
    "orpheus",
    "phoenix",
    "quelle_des_lebens",
    "rondel",
    "teleporter",
    "verwirrter_heiler",
    "waldlaeufer",
    "duell_der_magier",
    "wettstreit_der_bogenschuetzen",
    "turnier",
    "unwetter",
    "angst",
    "attacke",
    "basar_brennt",
    "raub",
    "bogen",
    "saebel",
    "schwert",
    "stiefel",
    "pferd",
    "ruestung",
    "waffenrock",
    "schild",
    "roter_heiltrank",
    "seil",
    "springschuhe",
    "blitzschlag",
    "erfahrung",
    "grosse_erfahrung",
    "hellsehen",
    "pegasus",
    "staerkung",
    "unsichtbarkeit",
    "vision",
    "spruchrolle_bogen",
    "spruchrolle_hammer",
    "spruchrolle_zauberkraft",
    "violetter_heiltrank",
    "magischer_umhang",
    "zauberknochen",
    "zauberstab",
    "hexenbesen",
    "hinweis_gral",
    "buch_der_flueche",
    "drachenzaehne",
    "halsband",
    "kristall",
    "maronenkekse",
    "novize",
    "statuette",
    "teeblaetter",
}


def test_glossary_tokens_exist(content):
    faces = {t.face for t in content.tokens.values()}
    assert GLOSSARY_FACES <= faces, sorted(GLOSSARY_FACES - faces)


@pytest.mark.rule("TOK-31", "TOK-33")
def test_events(content):
    de = Counter(t.face for t in content.tokens.values() if t.category is TokenCategory.DRAGON_EVENT)
    assert de == Counter({"angst": 1, "attacke": 2, "basar_brennt": 1, "raub": 1})
    ev = {t.face for t in content.tokens.values() if t.category is TokenCategory.OPEN_EVENT}
    assert ev == {"duell_der_magier", "wettstreit_der_bogenschuetzen", "turnier", "unwetter"}


@pytest.mark.rule("FIGHT-13", "WEAPON-03", "WEAPON-08")
def test_backs_from_the_glossary(content):
    backs = {
        t.face: t.back
        for t in content.tokens.values()
        if t.category.value in ("red", "weapon_part", "quest_item")
    }
    assert backs["minotaurus"] == "karte_labyrinth"
    assert backs["muraene"] == "wassersack"
    assert backs["roter_ritter"] == "schild_roter_ritter"
    assert backs["yeti"] == "saebel_yeti"
    assert backs["skorpion"] == "schriftrolle_axt"
    assert backs["phoenix"] == "schriftrolle_bogen"
    assert backs["einhorn"] == "schriftrolle_lyra"
    assert backs["zwergengeist"] == "besonderes_metall"
    assert backs["hueter"] == "holz_der_esche"
    assert backs["alp"] == "grosser_knochen"
    assert backs["hildebrandt"] == "axt_von_bragg"
    assert backs["rondel"] == "bogen_der_treffsicherheit"
    assert backs["orpheus"] == "lyra_von_orpheus"
    assert {
        k: backs[k]
        for k in (
            "buch_der_flueche",
            "drachenzaehne",
            "halsband",
            "kristall",
            "maronenkekse",
            "novize",
            "statuette",
            "teeblaetter",
        )
    } == {
        "buch_der_flueche": "kreuz",
        "drachenzaehne": "eibenstab",
        "halsband": "schwert_vom_see",
        "kristall": "elfenbogen",
        "maronenkekse": "goldbeutel",
        "novize": "ring",
        "statuette": "amulett",
        "teeblaetter": "kamel",
    }
    for t in content.tokens.values():
        if t.back:
            assert t.back in content.items, t.id


@pytest.mark.rule("WEAPON-01", "WEAPON-02", "WEAPON-06")
def test_magic_weapon_parts(content):
    parts = [t for t in content.tokens.values() if t.category is TokenCategory.WEAPON_PART]
    assert Counter(t.weapon for t in parts) == Counter({"axe": 3, "bow": 3, "lyre": 3})
    scrolls = {t.face: t for t in parts if t.scroll_symbol}
    assert set(scrolls) == {"skorpion", "phoenix", "einhorn"}
    assert set(scrolls["skorpion"].skills) == {"melee"}
    assert set(scrolls["phoenix"].skills) == {"ranged"}
    assert set(scrolls["einhorn"].skills) == {"magic"}
    for t in parts:
        if t.scroll_symbol:
            assert "violet" not in t.border
        else:
            assert "violet" in t.border and len(t.border) == 2


def test_face_down_mix(content):
    fd = [t for t in content.tokens.values() if t.category is TokenCategory.FACE_DOWN]
    kinds = Counter(t.kind.value for t in fd)
    assert set(kinds) == {"monster", "item", "quest", "encounter"}
    assert {t.quest.type for t in fd if t.quest} == {1, 2, 3, 4, 5, 6}
    assert all(t.target is None for t in fd)
    assert any(t.face == "hinweis_gral" for t in fd)
    broom = next(t for t in fd if t.face == "hexenbesen")
    assert dict(broom.skills) == {"magic": -2}


@pytest.mark.rule("QUEST-02", "QUEST-03")
def test_quests_point_at_real_things(content):
    by_face = {}
    for t in content.tokens.values():
        by_face.setdefault(t.face, []).append(t)
    for t in content.tokens.values():
        q = t.quest
        if q is None:
            continue
        field(content, q.target)
        if q.person:
            (person,) = [p for p in by_face[q.person] if p.category is TokenCategory.ENCOUNTER]
            assert person.target == q.target, t.id
        if q.type in (5, 6):
            (item_token,) = [p for p in by_face[q.needs] if p.category is TokenCategory.QUEST_ITEM]
            assert item_token.back == q.reward_item
    destinations = {
        t.quest.needs: t.quest.target for t in content.tokens.values() if t.quest and t.quest.type == 5
    }
    assert destinations["buch_der_flueche"] == "N5"
    assert destinations["drachenzaehne"] == "K2"
    assert destinations["statuette"] == "J5"
    assert destinations["teeblaetter"] == "W1"
    assert destinations["novize"] == "S1"
    assert field(content, destinations["halsband"]).code[0] == "L"
    assert field(content, destinations["kristall"]).site == "fairies"


def test_prices(content):
    for t in content.tokens.values():
        if t.category.value in ("bazaar", "city"):
            assert t.price == content.items[t.face].price and t.price >= 1
            assert "price" in t.authored
        else:
            assert t.price is None


# =============================================================================================
# Items, deeds, boss cards
# =============================================================================================


def test_items(content):
    items = content.items
    assert items["pferd"].movement_bonus == 2 and items["stiefel"].movement_bonus == 1
    assert items["kamel"].movement_bonus == 2 and "desert_protection" in items["kamel"].flags
    assert items["kutsche"].movement_set == 6 and "coach_no_red" in items["kutsche"].flags
    assert items["ruestung"].artificial_lp == 2 and items["ruestung"].movement_bonus == -1
    assert "boots" in items["stiefel"].flags and "boots" in items["sandalen"].flags
    assert next(t for t in content.tokens.values() if t.face == "kutschenmacher").back == "kutsche"
    assert items["waffenrock"].artificial_lp == 1 and items["magischer_umhang"].artificial_lp == 2
    assert items["ring"].artificial_lp == 1 and items["schild"].artificial_lp == 1
    assert dict(items["eibenstab"].skill_bonus) == {"magic": 2}
    assert dict(items["elfenbogen"].skill_bonus) == {"ranged": 2}
    assert dict(items["schwert_vom_see"].skill_bonus) == {"melee": 2}
    assert dict(items["axt_von_bragg"].skill_bonus) == {"melee": 1}
    assert items["hexenbesen"].movement_mode == "broom"
    assert items["springschuhe"].movement_mode == "jump_shoes"
    assert items["pegasus"].movement_mode == "pegasus"
    assert items["staerkung"].slot_kind == "none"
    assert items["roter_heiltrank"].heal_lp == 3
    assert "amulet_secret_paths" in items["amulett"].flags
    assert {"labyrinth_map", "amulet_secret_paths"} <= set(items["karte_labyrinth"].flags)
    assert "rope" in items["seil"].flags


@pytest.mark.rule("DEED-01", "DEED-05")
def test_deeds(content):
    assert len(content.deeds) == 5
    assert {"befreie_daphne", "axt_der_zwerge", "goldene_kugel"} <= set(content.deeds)
    used = Counter()
    for deed in content.deeds.values():
        assert [p.number for p in deed.parts] == [1, 2, 3]
        first = content.tokens[deed.parts[0].tokens[0]]
        assert first.kind.value in ("monster", "encounter")
        assert first.back == deed.parts[0].gives
        assert deed.parts[2].gives == "edelstein"
        for part in deed.parts:
            used.update(part.tokens)
            assert part.target == "manor" or field(content, part.target)
    deed_tokens = {t.id for t in content.tokens.values() if t.category is TokenCategory.DEED_PART}
    assert set(used) == deed_tokens and set(used.values()) == {1}


@pytest.mark.rule("SETUP-18", "END-08")
def test_boss_cards(content):
    names = {c.name_de: c for c in content.namenlose_cards.values()}
    assert set(names) == {
        "Dämon",
        "Sechsarmige Göttin",
        "Schwarzer Ritter",
        "Wesen aus der Tiefe",
        "Magier",
        "König der Finsternis",
    }
    assert (
        names["Schwarzer Ritter"].weapon == "eibenstab" and names["Schwarzer Ritter"].skills["magic"] is None
    )
    assert (
        names["Wesen aus der Tiefe"].weapon == "elfenbogen"
        and names["Wesen aus der Tiefe"].skills["ranged"] is None
    )
    assert names["Magier"].weapon == "schwert_vom_see" and names["Magier"].skills["melee"] is None
    assert ("amulett", "no_double_damage") in names["Dämon"].protections
    assert ("kreuz", "no_double_damage") in names["Sechsarmige Göttin"].protections
    assert dict(names["König der Finsternis"].skills) == {"magic": -3, "ranged": -3, "melee": -3}
    assert 3 <= len(content.dragon_cards) <= 4
    for d in content.dragon_cards.values():
        assert d.kind == "dragon" and d.hoard_gold >= 0 and d.lp > 0
        assert all(v is not None for v in d.skills.values())


def test_ours_is_marked(content):
    for t in content.tokens.values():
        if t.category in (TokenCategory.SERVANT, TokenCategory.RED):
            assert {"target", "skills", "hearts", "reward_gold", "reward_xp"} <= set(t.authored)
        if t.category is TokenCategory.FACE_DOWN and t.kind.value == "monster":
            assert {"skills", "hearts"} <= set(t.authored)
        if t.face in ("kleiner_basar", "grosser_basar", "kahn", "orchan", "waldlaeufer", "muellhalde"):
            assert "target" not in t.authored
    for c in content.dragon_cards.values():
        assert {"lp", "skills", "hoard_gold"} <= set(c.authored)


# =============================================================================================
# The validator: broken copies of the data must fail loudly, naming file and field
# =============================================================================================


@pytest.fixture
def copy_dir(tmp_path):
    for name in FILES:
        shutil.copy(CONTENT_DIR / name, tmp_path / name)
    return tmp_path


def break_file(directory: Path, name: str, old: str, new: str) -> None:
    path = directory / name
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{old!r} must occur exactly once in {name}"
    path.write_text(text.replace(old, new), encoding="utf-8")


def expect_error(directory: Path, *fragments: str) -> str:
    with pytest.raises(ContentError) as info:
        load_content(directory)
    message = str(info.value)
    for fragment in fragments:
        assert fragment in message, message
    return message


def test_untouched_copy_loads(copy_dir):
    c = load_content(copy_dir)
    assert len(c.tokens) == 168


def test_broken_path_to_unknown_field(copy_dir):
    break_file(copy_dir, "regions.yaml", "      - [A5, A8]\n", "      - [A5, A42]\n")
    expect_error(copy_dir, "regions.yaml: regions[A].paths[", "unknown field A42")


def test_broken_duplicate_token_id(copy_dir):
    break_file(copy_dir, "tokens.yaml", "  - id: fd-07\n", "  - id: fd-06\n")
    expect_error(copy_dir, "tokens.yaml: tokens[fd-06].id:", "duplicate token id fd-06")


def test_broken_category_and_kind_disagree(copy_dir):
    # (The token counts themselves are the rulebook's: test_token_category_counts checks them.)
    break_file(
        copy_dir,
        "tokens.yaml",
        "  - id: srv-14\n    category: servant\n",
        "  - id: srv-14\n    category: guardian\n",
    )
    expect_error(copy_dir, "tokens.yaml: tokens[srv-14].kind:", "a guardian token cannot be of kind servant")


def test_broken_entry_not_on_its_edge(copy_dir):
    break_file(
        copy_dir,
        "regions.yaml",
        "{number: 4, kind: beige, x: 96, y: 45}\n      - {number: 5, kind: beige, x: 50, y: 52",
        "{number: 4, kind: beige, x: 80, y: 45}\n      - {number: 5, kind: beige, x: 50, y: 52",
    )
    expect_error(copy_dir, "regions.yaml: regions[A].entries.east:", "not on the east edge")


def test_broken_token_target_on_missing_field(copy_dir):
    break_file(copy_dir, "tokens.yaml", "    target: O3\n", "    target: O33\n")
    expect_error(copy_dir, "tokens.yaml: tokens[red-roter-ritter].target:", "O33 is not a field")


def test_broken_hero_missing_value(copy_dir):
    break_file(copy_dir, "heroes.yaml", "    gold: 4\n", "")
    expect_error(copy_dir, "heroes.yaml: heroes[zwerg].gold: missing")


def test_broken_hero_value_of_wrong_type(copy_dir):
    break_file(copy_dir, "heroes.yaml", "    lp: 5\n    gold: 4\n", "    lp: five\n    gold: 4\n")
    expect_error(copy_dir, "heroes.yaml: heroes[zwerg].lp:", "expected an integer")


def test_broken_card_disconnected(copy_dir):
    break_file(copy_dir, "regions.yaml", "      - [A5, A8]\n      - [A8, A9]\n      - [A8, A4]\n", "")
    expect_error(copy_dir, "regions.yaml: regions[A].paths:", "A8 cannot be reached")


def test_broken_site_field_without_site(copy_dir):
    # (Which site stands where is the rulebook's: test_rulebook_coordinates checks it.)
    break_file(copy_dir, "regions.yaml", "site: witch_house,", "")
    expect_error(copy_dir, "regions.yaml: regions[K].fields[K2].site: missing")


def test_broken_card_q(copy_dir):
    break_file(copy_dir, "regions.yaml", "  - letter: P\n", "  - letter: Q\n")
    expect_error(copy_dir, "regions.yaml: regions[Q].letter:", "not a card letter")


def test_broken_secret_field_without_target(copy_dir):
    break_file(
        copy_dir,
        "regions.yaml",
        "{number: 5, kind: secret, colour: yellow, target: 7, x: 50, y: 50, name_de: Gletscherpass",
        "{number: 5, kind: secret, colour: yellow, x: 50, y: 50, name_de: Gletscherpass",
    )
    expect_error(copy_dir, "regions.yaml: regions[C].fields[C5].target: missing")


def test_broken_unknown_key(copy_dir):
    break_file(copy_dir, "items.yaml", "    movement_bonus: -1\n", "    movement_bonus: -1\n    weight: 9\n")
    expect_error(copy_dir, "items.yaml: items[ruestung].weight: unknown key")


def test_broken_token_back_is_unknown_item(copy_dir):
    break_file(copy_dir, "tokens.yaml", "    back: wassersack\n", "    back: zauberflasche\n")
    expect_error(copy_dir, "tokens.yaml: tokens[red-muraene].back:", "unknown item zauberflasche")


def test_broken_quest_target_differs_from_person(copy_dir):
    break_file(copy_dir, "tokens.yaml", "      target: X3\n", "      target: X2\n")
    expect_error(copy_dir, "tokens.yaml: tokens[fd-", "].quest.target:", "X3")


def test_broken_deed_part_unknown_token(copy_dir):
    break_file(copy_dir, "deeds.yaml", "tokens: [dp-axt-1]", "tokens: [dp-axt-9]")
    expect_error(copy_dir, "deeds.yaml: deeds[axt_der_zwerge].parts[0].tokens[0]:", "unknown token dp-axt-9")


def test_broken_boss_star_without_weapon(copy_dir):
    break_file(copy_dir, "bosses.yaml", "    weapon: eibenstab\n", "")
    expect_error(copy_dir, "bosses.yaml: namenlose[schwarzer_ritter].skills:", "star")


def test_broken_version(copy_dir):
    break_file(copy_dir, "deeds.yaml", 'version: "1"', "version: 2")
    expect_error(copy_dir, "deeds.yaml: version:")


def test_broken_missing_file(copy_dir):
    (copy_dir / "bosses.yaml").unlink()
    expect_error(copy_dir, "bosses.yaml: file: not found")


def test_broken_yaml_syntax(copy_dir):
    break_file(copy_dir, "heroes.yaml", "  - key: elf\n", "  - key: [elf\n")
    expect_error(copy_dir, "heroes.yaml: line ")


def test_broken_unknown_effect(copy_dir):
    text = (copy_dir / "tokens.yaml").read_text(encoding="utf-8")
    first = text.index("    effects: [")
    end = text.index("]", first)
    (copy_dir / "tokens.yaml").write_text(text[:first] + "    effects: [heal_d7" + text[end:], encoding="utf-8")
    # The loader takes any name; the effect registry (the engine's top layer) names the unknown one, and
    # the site's start-up check games.E002 reports it.
    problems = unknown_effects(load_content(copy_dir))
    assert len(problems) == 1 and problems[0].startswith("tokens.yaml: tokens["), problems
    assert problems[0].endswith(".effects: unknown effect 'heal_d7'"), problems


def test_broken_nested_value(copy_dir):
    break_file(copy_dir, "deeds.yaml", "tokens: [dp-axt-1]", "tokens: [dp-axt-1, 7]")
    expect_error(copy_dir, "deeds.yaml: deeds[axt_der_zwerge].parts[0].tokens[1]: expected a string, got int")
