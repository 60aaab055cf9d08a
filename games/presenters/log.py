"""The log in words: every event kind the engine emits as a sentence, and a log entry as its action and
its events, in the reader's language.

The engine's events carry a kind and data (codes: token ids, field codes, seats, booleans); the sentences
live here, in gettext. Adding an event kind to the engine means adding its sentence to ``EVENT_TEXTS``
(or ``PLURAL_EVENT_TEXTS`` when it counts something): ``tests/games/test_event_sentences.py`` finds every
kind the engine can emit and fails for one without a sentence in English and German.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.engine.content.model import Content
from games.presenters.labels import (
    BOSS_LABELS,
    CHOICE_LABELS,
    action_text,
    cell_label,
    display_name,
    face_name,
    token_id_name,
)
from games.rulebook import rule_text

EVENT_TEXTS = {
    "hero_chosen": lambda: _("%(who)s chooses the hero %(hero)s (%(lp)s LP, %(gold)s gold)."),
    "spell_instead_of_gold": lambda: _("%(who)s takes the spell %(token)s instead of the gold."),
    "starting_gold": lambda: _("%(who)s keeps the starting gold (%(gold)s)."),
    "regions_set_aside": lambda: _("The cards %(letters)s are set aside."),
    "region_drawn": lambda: _("%(who)s draws the region card %(letter)s."),
    "region_placed": lambda: _("%(who)s places the card %(letter)s at %(cell)s."),
    "manor_placed": lambda: _("%(who)s builds the manor beside %(field)s."),
    "regions_filled": lambda: _("%(count)s cards fill the rest of the square face down."),
    "face_down_token_placed": lambda: _("A face-down token is laid on %(field)s."),
    "face_down_pile_empty": lambda: _("The pile of face-down tokens is empty."),
    "hero_home": lambda: _("%(who)s starts at %(field)s."),
    "boss_cards_drawn": lambda: _("A Namenloser card and a dragon card are laid aside face down."),
    "play_begins": lambda: _("The game begins; %(who)s starts."),
    "turn_begun": lambda: _("%(who)s begins turn %(turn)s."),
    "unwetter_roll": lambda: _("%(who)s rolls for the Unwetter: %(lasts)s."),
    "camel_roll": lambda: _("%(who)s rolls for the camel: %(movement_lost)s."),
    "movement_chosen": lambda: _("%(who)s moves by %(mode)s this turn."),
    "region_explored": lambda: _("%(who)s explores %(cell)s: it is the card %(letter)s; arrives at %(to)s."),
    "open_token_placed": lambda: _("%(token)s is laid out on %(field)s."),
    "token_revealed": lambda: _("%(who)s turns over the token on %(field)s: %(token)s."),
    "monster_stops_movement": lambda: _("A monster on %(field)s stops %(who)s."),
    "movement_ended": lambda: _("%(who)s ends the movement."),
    "turn_ended": lambda: _("%(who)s ends turn %(turn)s."),
    "secret_path_search": lambda: _("%(who)s searches the secret path to %(field)s (needs %(target)s or less): "
                                    "%(found)s."),
    "searching_between": lambda: _("%(who)s keeps searching between %(frm)s and %(to)s."),
    "search_used_movement": lambda: _("The search for %(field)s used up the movement of %(who)s."),
    "teleporter_roll": lambda: _("%(who)s rolls at the teleporter."),
    "die_chosen": lambda: _("%(who)s chooses the die %(value)s."),
    "teleported": lambda: _("%(who)s is teleported from %(frm)s to %(to)s."),
    "dump_teleporter": lambda: _("%(who)s must take the dump's teleporter."),
    "dump_search": lambda: _("%(who)s searches the rubbish dump: %(found)s."),
    "dump_item_found": lambda: _("%(who)s finds %(token)s on the dump."),
    "dump_item_no_room": lambda: _("%(who)s finds %(token)s but has no room for it; it stays on the dump."),
    "labyrinth_roll": lambda: _("%(who)s rolls in the labyrinth: from %(frm)s to %(to)s."),
    "broom_roll": lambda: _("%(who)s rolls for the broom: %(ok)s."),
    "broom_no_roll": lambda: _("%(who)s flies without a roll (the witch's house is not found yet)."),
    "flew": lambda: _("%(who)s flies from %(frm)s to %(to)s."),
    "jumped": lambda: _("%(who)s jumps from %(frm)s to %(to)s."),
    "crossing_paid": lambda: _("%(who)s pays %(gold)s gold to cross from %(frm)s to %(to)s."),
    "boat_crossed": lambda: _("%(who)s takes the boat from %(frm)s to %(to)s."),
    "lp_lost": lambda: _("%(who)s loses a life point (%(reason)s); %(lp)s natural LP left."),
    "item_destroyed": lambda: _("%(token)s of %(who)s is destroyed."),
    "hero_died": lambda: _("%(who)s dies at %(field)s (%(cause)s)."),
    "hero_restarts": lambda: _("%(who)s starts again at %(field)s."),
    "fight_started": lambda: _("%(who)s fights %(token)s with %(skill)s."),
    "probe": lambda: _("%(who)s makes a probe of %(skill)s against %(target)s: %(passed)s."),
    "fight_won": lambda: _("%(who)s defeats %(token)s."),
    "fight_lost": lambda: _("%(who)s loses the fight against %(token)s."),
    "movement_ended_by_action": lambda: _("%(who)s takes an action, so the movement is over."),
    "turn_ends_after_defeat": lambda: _("After the defeat the turn of %(who)s is over."),
    "experience_gained": lambda: _("%(who)s gains an experience die (%(colour)s)."),
    "gold_gained": lambda: _("%(who)s gains %(gold)s gold (now %(total)s)."),
    "item_taken": lambda: _("%(who)s takes %(token)s."),
    "quest_accepted": lambda: _("%(who)s accepts the quest %(token)s."),
    "lp_healed": lambda: _("%(who)s heals %(healed)s LP (now %(lp)s)."),
    "token_drawn": lambda: _("%(who)s draws %(token)s from the bag."),
    "turn_over": lambda: _("The turn of %(who)s is over (%(reason)s)."),
    "rest": lambda: _("%(who)s rests on %(field)s."),
    # Issue 11: every other event kind the engine emits (tests/games/test_event_sentences.py walks them all).
    "armour_kept_for_repair": lambda: _("%(who)s keeps the broken armour %(token)s for repair at the forge."),
    "armour_repaired": lambda: _("%(who)s has the armour %(token)s repaired (%(lp)s LP)."),
    "armour_thrown_away": lambda: _("%(who)s throws away the broken armour %(token)s."),
    "bag_empty": lambda: _("The bag is empty: %(who)s draws nothing."),
    "bag_search_empty": lambda: _("%(who)s searches the bag but finds nothing that fits."),
    "bazaar_burnt": lambda: _("The Basar burns down."),
    "bazaar_called": lambda: _("%(who)s calls the Basar: %(count)s goods are offered."),
    "bazaar_offer": lambda: _("%(who)s is offered %(items)s."),
    "beggar_roll": lambda: _("%(who)s gives to the beggar: %(lucky)s."),
    "boss_card_peeked": lambda: _("%(who)s secretly looks at a face-down card (%(card)s)."),
    "boss_card_revealed": lambda: _("The card is revealed (%(boss)s: %(card)s): %(skill)s %(modifier)s, %(lp)s LP."),
    "boss_defeated": lambda: _("%(who)s wins the final fight (%(boss)s)!"),
    "boss_heals": lambda: _("The final foe (%(boss)s) is back at full LP."),
    "boss_hit": lambda: _("%(who)s hits the final foe (%(boss)s): %(lp)s LP left."),
    "coach_bought": lambda: _("%(who)s buys the coach %(token)s for %(gold)s gold."),
    "companion_died": lambda: _("The Monsterork %(token)s of %(who)s is dead and goes back into the bag."),
    "companion_joins": lambda: _("%(token)s joins %(who)s as a companion."),
    "companion_removed": lambda: _("The companion %(token)s of %(who)s goes back into the bag."),
    "confused_by_basilisk": lambda: _("%(who)s is confused by the Basilisk: %(mover)s decides the next movement."),
    "contest_over": lambda: _("The contest %(token)s is over."),
    "contest_won": lambda: _("%(who)s wins the contest %(token)s."),
    "death_field_chosen": lambda: _("%(who)s leaves the dead hero's things on %(field)s."),
    "deed_chosen": lambda: _("%(who)s chooses the Heldentat %(deed)s."),
    "deed_delivered": lambda: _("%(who)s delivers part %(part)s of the Heldentat on %(field)s (%(items)s)."),
    "deed_encounter": lambda: _("%(who)s meets %(token)s for the Heldentat (%(skill)s)."),
    "deed_encounter_failed": lambda: _("%(who)s fails at the Heldentat's encounter."),
    "deed_item_taken": lambda: _("%(who)s takes %(token)s for the Heldentat."),
    "deed_part_fulfilled": lambda: _("%(who)s fulfils part %(part)s of the Heldentat %(deed)s."),
    "dice_policy_set": lambda: _("%(who)s chooses how experience dice are kept: %(policy)s."),
    "drachenmensch_back_to_bag": lambda: _("The Drachenmensch %(token)s goes back into the bag."),
    "dragon_attack_over": lambda: _("The dragon's attack is over."),
    "dragon_driven_off": lambda: _("%(who)s drives the dragon back into its hoard."),
    "dragon_fear": lambda: _("Fear of the dragon: %(hidden)s tokens go back into the bag, %(turned)s turn face down."),
    "dragon_finds_nothing": lambda: _("The dragon finds nothing to destroy with %(who)s."),
    "dragon_robbery_over": lambda: _("The dragon's raid is over."),
    "dragon_tokens_into_bag": lambda: _("The Drachenmensch and the dragon events go into the bag."),
    "draw_limit_reached": lambda: _("%(who)s has already drawn this turn (%(reason)s): no further token."),
    "encounter_paid": lambda: _("%(who)s pays %(gold)s gold to %(token)s."),
    "encounter_used": lambda: _("%(who)s uses the encounter %(token)s."),
    "evade_roll": lambda: _("%(who)s tries to evade: %(evaded)s."),
    "event": lambda: _("%(who)s draws the event %(token)s."),
    "event_leaves_game": lambda: _("The event %(token)s leaves the game."),
    "experience_and_training_lost": lambda: _("%(who)s loses all experience dice and training."),
    "experience_dice_kept": lambda: _("%(who)s keeps the dice %(kept)s."),
    "experience_lost": lambda: _("%(who)s loses an experience die (%(colour)s, %(reason)s); %(total)s left."),
    "face_down_token_drawn": lambda: _("%(who)s draws a face-down token and lays it on the board."),
    "final_fight_due": lambda: _("The final fight is due (%(boss)s)."),
    "final_fight_started": lambda: _("%(who)s begins the final fight (%(boss)s) with %(skill)s."),
    "game_won": lambda: _("%(winner)s wins the game!"),
    "gem_earned": lambda: _("%(who)s earns the gem with the Heldentat %(deed)s."),
    "gem_taken": lambda: _("%(who)s picks up the gem on %(field)s."),
    "guardian_revived": lambda: _("The Wächter %(token)s turns face down again."),
    "healer_roll": lambda: _("%(who)s rolls at the confused healer."),
    "herb_woman_roll": lambda: _("%(who)s rolls at the herb woman."),
    "hero_hit": lambda: _("%(who)s is hit in the final fight (%(boss)s) and loses %(lp_lost)s LP."),
    "hoard_paid_in_full": lambda: _("%(who)s pays the whole hoard: %(short)s experience dice."),
    "invisible": lambda: _("%(who)s is invisible this turn."),
    "invisible_to_the_dragon": lambda: _("%(who)s is invisible to the dragon."),
    "item_bought": lambda: _("%(who)s buys %(token)s for %(gold)s gold."),
    "item_dropped": lambda: _("%(who)s puts down %(token)s."),
    "item_inherited": lambda: _("The heir of %(who)s keeps %(token)s."),
    "item_offered": lambda: _("%(who)s offers %(token)s to %(to)s."),
    "item_sold": lambda: _("%(who)s buys %(token)s from %(seller)s for %(price)s gold; %(seller)s "
                             "earns %(commission)s gold."),
    "juggler_roll": lambda: _("%(who)s rolls at the juggler."),
    "juggler_steals": lambda: _("The juggler steals %(gold)s gold from %(who)s."),
    "kerberos_landing": lambda: _("Kerberos carries %(who)s from %(frm)s to %(to)s."),
    "killed_by_dragon": lambda: _("The dragon kills %(who)s on %(field)s."),
    "lp_max_raised": lambda: _("%(who)s grows stronger: %(lp)s of %(lp_max)s LP."),
    "magic_weapon_made": lambda: _("%(who)s receives the magic weapon %(item)s."),
    "monster_back_to_bag": lambda: _("The monster %(token)s goes back into the bag."),
    "moved_onto_dragon": lambda: _("%(who)s moves from %(frm)s to the dragon on %(to)s."),
    "moved_onto_namenloser": lambda: _("%(who)s moves from %(frm)s to the Namenloser on %(to)s."),
    "movement_decided_by_neighbour": lambda: _("%(mover)s decides the movement of %(who)s."),
    "namenloser_arrives": lambda: _("The Namenloser arrives: %(servants_placed)s servants are placed on the board."),
    "namenloser_into_bag": lambda: _("%(token)s goes into the bag."),
    "no_free_beige_field": lambda: _("There is no free beige field for the token %(who)s drew."),
    "offer_declined": lambda: _("%(who)s declines the offer of %(token)s."),
    "offer_returned": lambda: _("%(count)s unsold goods go back to their supply."),
    "paladin_roll": lambda: _("%(who)s rolls to heal as a Paladin: %(healed)s."),
    "pick_up_failed": lambda: _("%(who)s fails to pick up %(token)s."),
    "purse_roll": lambda: _("%(who)s rolls for the Goldbeutel: %(refilled)s."),
    "quest_fulfilled": lambda: _("%(who)s fulfils the quest %(token)s."),
    "quest_item_turned": lambda: _("%(who)s turns over %(token)s: %(item)s."),
    "quest_laid_down": lambda: _("%(who)s lays the quest %(token)s down on %(field)s."),
    "quest_swapped_no_draw": lambda: _("%(who)s swaps %(laid_down)s for %(token)s: no token is drawn."),
    "quests_left_behind": lambda: _("%(count)s quests of %(who)s stay on %(field)s."),
    "regions_swapped": lambda: _("%(who)s swaps the cards at %(cells)s."),
    "reward_left_on_field": lambda: _("%(who)s has no room: %(token)s stays on %(field)s."),
    "reward_on_back": lambda: _("%(who)s receives %(item)s from the back of %(token)s."),
    "robbed_by_dragon": lambda: _("The dragon robs %(who)s of %(gold)s gold; the hoard grows (+%(hoard_extra)s)."),
    "servant_leaves_game": lambda: _("The servant %(token)s leaves the game."),
    "coop_probe_failed": lambda: _("%(who)s fails the %(skill)s probe against %(token)s (heart %(heart)s)."),
    "coop_servant_dead": lambda: _("%(dead)s servants are dead: the villains now fight at %(penalty)s."),
    "coop_game_lost": lambda: _("Servants hold all %(fires)s fires around the temple: the heroes have lost together."),
    "coop_trio_beaten": lambda: _("The Namenloser beats the group of three of %(who)s: the heroes have lost together."),
    "servant_marches": lambda: _("The servant %(token)s marches from %(frm)s over %(path)s."),
    "servant_blocked": lambda: _("The servant %(token)s on %(field)s finds no way toward the temple."),
    "servant_takes_token": lambda: _("The servant %(token)s stops on %(field)s; the token there goes into the bag."),
    "servant_into_bag": lambda: _("A token drawn for %(field)s sends the servant there into the bag."),
    "group_asked": lambda: _("%(who)s asks %(other)s to form a group."),
    "group_declined": lambda: _("%(who)s declines to join the group of %(leader)s."),
    "group_formed": lambda: _("%(who)s and %(other)s now move together as a group."),
    "group_follows": lambda: _("%(who)s follows the group from %(frm)s to %(to)s."),
    "group_fighter_chosen": lambda: _("%(who)s takes the %(skill)s probe against %(token)s for the group."),
    "companion_rests": lambda: _("%(who)s rests with the group on %(field)s."),
    "boss_card_shown": lambda: _("%(who)s passes the Mäuse probe: the Namenloser's card %(key)s is laid open for all."),
    "servant_attacks": lambda: _("The servant %(token)s reaches %(who)s and attacks at once."),
    "item_handed": lambda: _("%(who)s hands %(token)s to %(to)s."),
    "quest_handed": lambda: _("%(who)s hands the quest %(token)s to %(to)s."),
    "reward_to_agree": lambda: _("The group must agree who receives the reward for %(token)s."),
    "reward_proposed": lambda: _("%(who)s proposes that %(to)s receives the reward for %(token)s."),
    "reward_agreed": lambda: _("%(who)s agrees that %(to)s receives the reward."),
    "reward_refused": lambda: _("%(who)s refuses that %(to)s receives the reward."),
    "reward_settled": lambda: _("%(who)s receives the group's reward for %(token)s."),
    "group_left": lambda: _("%(who)s leaves the group."),
    "servants_wait": lambda: _("The servants wait until every hero has had a turn."),
    "villain_turn": lambda: _("The villains' turn: %(who)s leads the servants."),
    "villain_marches": lambda: _("The servants march toward the temple."),
    "deed_returned": lambda: _("No member of the group of %(who)s lives on: the deed %(deed)s goes back to the king."),
    "group_lesson_declined": lambda: _("%(who)s does not learn from %(token)s with the group."),
    "potion_while_not_fighting": lambda: _("%(who)s does not fight this probe and drinks %(token)s."),
    "servant_moved": lambda: _("%(who)s moves the servant %(token)s from %(frm)s to %(to)s (%(left)s points left)."),
    "token_cleared_for_servant": lambda: _("%(token)s on %(field)s goes into the bag to make room for a servant."),
    "shadow_gold_roll": lambda: _("%(who)s rolls for the gold of the Schatten."),
    "shadow_grows": lambda: _("The Schatten %(token)s grows to %(hearts)s hearts."),
    "skill_at_cap": lambda: _("%(who)s is already at 11 in %(skill)s."),
    "skill_raised": lambda: _("%(who)s raises %(skill)s by %(gain)s to %(value)s."),
    "spell_cast": lambda: _("%(who)s casts %(token)s."),
    "spell_dissolved": lambda: _("The spell %(token)s dissolves."),
    "spell_used_for_probe": lambda: _("%(who)s uses %(token)s for the probe."),
    "spring_roll": lambda: _("%(who)s rolls at the spring."),
    "staerkung_used": lambda: _("%(who)s uses the Stärkung %(token)s."),
    "steal": lambda: _("%(who)s tries to steal from %(victim)s: %(success)s (%(gold)s gold)."),
    "teleporter_encounter_roll": lambda: _("%(who)s rolls at the teleporter encounter."),
    "token_back_to_bag": lambda: _("The token %(token)s goes back into the bag."),
    "token_searched": lambda: _("%(who)s searches the bag and takes %(token)s."),
    "token_used_up": lambda: _("%(token)s of %(who)s is used up."),
    "token_waits_beside_board": lambda: _("%(token)s waits beside the board until %(field)s is revealed."),
    "training_nothing_learnt": lambda: _("%(who)s learns nothing in %(skill)s."),
    "unwetter_begins": lambda: _("An Unwetter begins."),
    "vision_seen": lambda: _("%(who)s has a vision of %(field)s."),
    "wand_in_boat": lambda: _("The wand lies in the boat: the crossing L2–L4 is free."),
}
BOOL_TEXTS: dict[str, tuple[Callable[[], str], Callable[[], str]]] = {
    "lasts": (lambda: _("it lasts"), lambda: _("it is over")),
    "found": (lambda: _("found"), lambda: _("not found")),
    "movement_lost": (lambda: _("no movement this turn"), lambda: _("no loss")),
    "ok": (lambda: _("a safe flight"), lambda: _("a crash at the witch's house")),
    "passed": (lambda: _("passed"), lambda: _("failed")),
    "lucky": (lambda: _("a reward"), lambda: _("nothing in return")),
    "evaded": (lambda: _("evaded"), lambda: _("caught")),
    "refilled": (lambda: _("refilled"), lambda: _("still empty")),
    "success": (lambda: _("success"), lambda: _("failure")),
    "healed": (lambda: _("healed"), lambda: _("no healing")),
}
FACE_KEYS = ("face", "monster", "encounter", "event", "item", "items")
REASON_KEYS = ("reason", "cause")
# Why something happened (the "reason"/"cause" of losing a LP, gaining gold, a turn's end ...), as the
# engine passes it to lose_lp, grant_gold, die, end_turn_now and the like. tests/games/test_text_layer.py
# finds every literal reason in the engine's source and fails for one missing here. Item keys, token faces,
# "shadow:<token>" are named from the content by ``reason_text``.
REASON_LABELS = {
    "beggar": lambda: _("the beggar"),
    "coach_bought": lambda: _("a coach bought"),
    "confused_healer": lambda: _("the confused healer"),
    "contest": lambda: _("a contest"),
    "deed_part": lambda: _("a part of the Heldentat"),
    "desert": lambda: _("the desert"),
    "desert_w5": lambda: _("the desert field W5"),
    "desert_w5_search": lambda: _("searching the desert at W5"),
    "dragon": lambda: _("the dragon"),
    "dragon_event": lambda: _("a dragon event"),
    "dragon_hoard": lambda: _("the dragon's hoard"),
    "event": lambda: _("an event"),
    "experience_as_gold": lambda: _("experience taken as gold"),
    "fight_lost": lambda: _("a lost fight"),
    "fight_won": lambda: _("a won fight"),
    "fight_won_back": lambda: _("the back of the defeated monster"),
    "herb_woman": lambda: _("the herb woman"),
    "item_picked_up": lambda: _("an item picked up"),
    "juggler": lambda: _("the juggler"),
    "kerberos": lambda: _("Kerberos"),
    "monster_defeated": lambda: _("a defeated monster"),
    "namenloser_hit": lambda: _("a hit of the Namenloser"),
    "dragon_hit": lambda: _("a hit of the dragon"),
    "paladin": lambda: _("the Paladin's healing"),
    "quest_accepted": lambda: _("a quest accepted"),
    "quest_fulfilled": lambda: _("a quest fulfilled"),
    "quest_item_found": lambda: _("a quest's item found"),
    "rest": lambda: _("resting"),
    "spider": lambda: _("the spider"),
    "spring": lambda: _("the spring"),
    "training": lambda: _("training"),
    "weapon_part": lambda: _("a part of a magic weapon"),
    "witch_house_unexplored": lambda: _("the witch's house is not found yet"),
}
SEAT_KEYS = ("mover", "seller", "victim", "winner", "to", "other", "leader")  # data keys that name another seat


class _Args(dict[str, Any]):
    def __missing__(self, key: str) -> str:
        return "?"


def _region_label(content: Content, letter: str, lang: str) -> str:
    region = content.regions.get(letter)
    return f"{letter} ({display_name(region, lang)})" if region else str(letter)


# Events whose sentence depends on a number: kind -> (the data key that counts, the sentence for n).
PLURAL_EVENT_TEXTS: dict[str, tuple[str, Callable[[int], str]]] = {
    "moved": ("points_left", lambda n: ngettext(
        "%(who)s moves from %(frm)s to %(to)s (%(points_left)s movement point left).",
        "%(who)s moves from %(frm)s to %(to)s (%(points_left)s movement points left).", n)),
}


# Events whose sentence names something the engine may leave open (None): kind -> (the data key, the
# sentence without it). A hero killed by the Namenloser dies before choosing where his things stay.
OPEN_EVENT_TEXTS = {
    "hero_died": ("field", lambda: _("%(who)s dies (%(cause)s).")),
}


def event_text(content: Content, event: dict[str, Any], lang: str, names: dict[int, str],
               heroes: dict[int, str]) -> str:
    """One event of the log as a sentence in the reader's language."""
    seat = event.get("seat")
    args = _Args()
    if seat is not None:
        # The seat's number only for a seat without a name: a default argument would ask gettext always.
        who = names[seat] if seat in names else _("seat %(seat)s") % {"seat": seat + 1}
        args["who"] = f"{heroes[seat]} ({who})" if heroes.get(seat) else who
    else:
        args["who"] = _("the game")
    for key, value in (event.get("data") or {}).items():
        if key in SEAT_KEYS and isinstance(value, int) and not isinstance(value, bool):
            other = names[value] if value in names else _("seat %(seat)s") % {"seat": value + 1}
            args[key] = f"{heroes[value]} ({other})" if heroes.get(value) else other
            continue
        args[key] = _event_value(content, key, value, lang)
    if args.get("token") is None:
        # A token the reader may not see (laid face down, a servant drawn by another): the event names
        # no token, or None.
        args["token"] = _("a face-down token")
    template = EVENT_TEXTS.get(event.get("kind", ""))
    if event.get("kind") in OPEN_EVENT_TEXTS:
        open_key, open_template = OPEN_EVENT_TEXTS[event["kind"]]
        if (event.get("data") or {}).get(open_key) is None:
            template = open_template
    if event.get("kind") in PLURAL_EVENT_TEXTS:
        count_key, plural = PLURAL_EVENT_TEXTS[event["kind"]]
        count = (event.get("data") or {}).get(count_key)
        return plural(count if isinstance(count, int) else 0) % args
    if template is None:
        # An event without a sentence of its own: its kind and its data, every value made readable.
        details = ", ".join(f"{k.replace('_', ' ')}: {args[k]}" for k in (event.get("data") or {}))
        text = str(event.get("kind", "")).replace("_", " ").capitalize()
        return f"{text} ({details})" if details else text
    text = template() % args
    return text[:1].upper() + text[1:] if template().startswith("%(token)s") else text


def _event_value(content: Content, key: str, value: Any, lang: str) -> Any:
    if isinstance(value, bool):
        if key in BOOL_TEXTS:
            yes, no = BOOL_TEXTS[key]
            return yes() if value else no()
        return _("yes") if value else _("no")
    if isinstance(value, list | tuple):
        return ", ".join(str(_event_value(content, key, v, lang)) for v in value)
    if not isinstance(value, str):
        if key in ("cell", "cells") and isinstance(value, int):
            return cell_label(value)
        return value
    if key in ("boss", "card") and value in BOSS_LABELS:
        return str(BOSS_LABELS[value])
    if key == "card":
        card = content.namenlose_cards.get(value) or content.dragon_cards.get(value)
        if card is not None:
            return display_name(card, lang)
    if key == "deed" and value in content.deeds:
        return display_name(content.deeds[value], lang)
    if key == "hero" and value in content.heroes:
        return display_name(content.heroes[value], lang)
    if key == "letter" and value in content.regions:
        return _region_label(content, value, lang)
    if value in content.tokens:
        return token_id_name(content, value, lang)
    if key in REASON_KEYS:
        return reason_text(content, value, lang)
    if key in FACE_KEYS:
        return face_name(content, value, lang) or value
    if value in CHOICE_LABELS:
        return str(CHOICE_LABELS[value])
    return value


def reason_text(content: Content, value: str, lang: str) -> str:
    """A reason code in words (an unknown one: the code made readable)."""
    if value in REASON_LABELS:
        return REASON_LABELS[value]()
    if value.startswith("shadow:") and value[7:] in content.tokens:
        return token_id_name(content, value[7:], lang)
    if (name := face_name(content, value, lang)) is not None:
        return name
    return value.replace("_", " ")


def describe_log(content: Content, entries: list[dict[str, Any]], lang: str, names: dict[int, str],
                 heroes: dict[int, str]) -> list[dict[str, Any]]:
    described = []
    for entry in entries:
        seat = entry.get("seat")
        described.append({
            **entry,
            "who": names.get(seat, "") if seat is not None else "",
            "action_text": action_text(content, entry["action"], lang, names),
            "events": [
                {
                    "text": event_text(content, event, lang, names, heroes),
                    "rule": event.get("rule", ""),
                    "rule_text": rule_text(event.get("rule", "")),
                    "dice": list(event.get("dice") or []),
                    "kind": event.get("kind", ""),
                }
                for event in entry["events"]
            ],
        })
    return described
