"""A calculator's input (and roll) applied back to a scene's character: ``from_calculator``.

The scene opens a calculator with the values its action would use (an action's ``calculator``:
``{"id", "params"}``; the page turns it into the calculator's link). On that page the reader may
change fields and roll; :func:`from_calculator` turns what the calculator then holds into the
scene's actions, and checks them: the calculator's parameters each action would use in the scene
must be the ones given. A value the scene takes from its characters (Броня, УП, Здоровье,
Выносливость, the earlier death's-door rolls …) that differs in the calculator is refused beside
its field, never replaced: the reader fixes the character or the calculator.

A roll comes as the calculator's seed: the scene rolls the same parameters with the same seed,
so it gets the faces the calculator showed (a test compares them), and logs them.

``LINKS`` says, for each calculator, the action it becomes, the characters it needs (roles) and
the calculator's parameters the scene does not use (their values are reported, not applied).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any, Callable

from ..lysogorsk import rules as lysogorsk_rules
from ..spec import InputError, T, field_error
from . import fields as F
from . import state as S
from .actions import ACTIONS, validate_action
from .common import Ctx, calc_roll, calc_validate
from .dicebox import MAX_SEED
from ..dice import Roller

__all__ = ["LINKS", "Link", "from_calculator", "calculator_of", "link_for"]


@dataclass(frozen=True)
class Link:
    """How one calculator becomes scene actions.

    ``build(ctx, params, roles)`` → the actions (without dice), the params already valid for the
    calculator; ``expected(i, params, ctx)`` → the params action ``i`` must use (default: all of
    them); ``dice(params, seed, actions)`` → the faces of each action when the roll is not simply
    the same seed (several actions from one roll)."""

    action: str
    roles: tuple[str, ...]
    build: Callable
    unused: tuple[str, ...] = ()
    expected: Callable | None = None
    dice: Callable | None = None


def calculator_of(ctx: Ctx, a: dict) -> dict | None:
    """The calculator (``{"id", "params"}``) a valid action would use in this scene, or ``None``
    (no calculator, or one that cannot hold the character as it stands); :class:`InputError` when
    the action cannot be done (no death's-door roll due, say)."""
    spec = ACTIONS[a["type"]]
    if spec.calculator is None:
        return None
    return spec.calculator(ctx, a)


# ---- the calculators ----------------------------------------------------------------------

def _attack(ctx: Ctx, p: dict, roles: dict) -> list[dict]:
    """The attack's own parameters (the calculator takes the wound penalties off the pools itself,
    from ``attacker_health`` and the target's ``health``, as the scene's attack does); a side
    spared its penalty where the scene would not spare it is «превозмогает боль»."""
    from . import serial

    att, tgt = ctx.char(roles["attacker"]), ctx.char(roles["target"])
    params = {k: v for k, v in p.items() if k not in serial.SCENE_FILLED}
    spared = {ch["id"]: ch["system"] == serial.SYSTEM and ch["state"]["door"] == "will_to_live" for ch in (att, tgt)}
    effective = serial.effective_tag(tgt["stats"], []) if tgt["system"] == serial.SYSTEM else "none"
    return [{"type": "attack", "attacker": att["id"], "target": tgt["id"], "params": params,
             "tag": None if p["tag"] == effective else p["tag"],
             "attacker_pushes": p["attacker_no_pain"] and not spared[att["id"]],
             "target_pushes": p["target_no_pain"] and not spared[tgt["id"]]}]


def _door(ctx: Ctx, p: dict, roles: dict) -> list[dict]:
    return [{"type": "death_door", "character": roles["character"]}]


def _damage(ctx: Ctx, p: dict, roles: dict) -> list[dict]:
    from . import serial

    ch = ctx.char(roles["character"])
    effective = serial.effective_tag(ch["stats"], []) if ch["system"] == serial.SYSTEM else "none"
    return [{"type": "damage", "character": ch["id"], "portions": p["portions"], "armor_tripled": p["armor_tripled"],
             "tag": None if p["tag"] == effective else p["tag"]}]


def _soak(ctx: Ctx, p: dict, roles: dict) -> list[dict]:
    return [{"type": "wod_damage", "character": roles["character"], "successes": p["incoming"],
             "damage_type": p["damage_type"], "soak_difficulty": p["soak_difficulty"]}]


_DRINK_KEYS = ("drink", "count", "degrees", "volume_g", "bubbles")


def _drinks(ctx: Ctx, p: dict, roles: dict) -> list[dict]:
    """One drink action per row of the calculator's list, in its order."""
    return [{"type": "drink", "character": roles["character"], **{k: row[k] for k in _DRINK_KEYS},
             "willing": p["willing"], "modifier": p["modifier"]} for row in p["drinks"]]


def _drink_expected(i: int, p: dict, ctx: Ctx) -> dict:
    """Row ``i`` alone, from the stage the character has reached (the first row: the
    calculator's «Начальная стадия» must be the character's stage)."""
    out = {**p, "drinks": [p["drinks"][i]]}
    if i:
        out.pop("start_stage")
    return out


def _drink_dice(p: dict, seed: int, actions: list[dict]) -> list[dict]:
    """The calculator rolls every drink of its list on one seed: each row's checks, in order."""
    roll = calc_roll("lysogorsk-drunkenness", p, Roller(seed))
    out, at = [], 0
    for row in p["drinks"]:
        n = len(lysogorsk_rules.expand_drinks([row], p["volume_reading"]))
        out.append({"checks": [x["faces"] for x in roll["log"][at:at + n] if x["faces"]]})
        at += n
    return out


LINKS: dict[str, Link] = {
    "serial-attack": Link("attack", ("attacker", "target"), _attack),
    "serial-death-door": Link("death_door", ("character",), _door),
    "serial-damage": Link("damage", ("character",), _damage),
    "wod-soak": Link("wod_damage", ("character",), _soak),
    "lysogorsk-drunkenness": Link("drink", ("character",), _drinks,
                                  unused=("confidence", "willpower", "negative_traits", "fine_drinks", "binge_days"),
                                  expected=_drink_expected, dice=_drink_dice),
}


def link_for(action_type: str) -> str | None:
    """The calculator an action's «open in the calculator» leads to, when it can come back."""
    return next((cid for cid, link in LINKS.items() if link.action == action_type), None)


# ---- checking and applying ----------------------------------------------------------------

def _shown(v: Any) -> str:
    if isinstance(v, bool):
        return "да" if v else "нет"
    return S.dump(v) if isinstance(v, (list, dict)) else str(v)


def _shown_en(v: Any) -> str:
    if isinstance(v, bool):
        return "yes" if v else "no"
    return S.dump(v) if isinstance(v, (list, dict)) else str(v)


def _compare(given: dict, used: dict | None, keys, calc_id: str, i: int, n: int) -> list[dict]:
    if used is None:
        return [{"field": "calculator", "ru": "Этот калькулятор не может принять персонажа в его нынешнем состоянии.",
                 "en": "This calculator cannot hold the character as it stands."}]
    errors = []
    where = (f" (напиток № {i + 1})", f" (drink no. {i + 1})") if n > 1 else ("", "")
    for k in keys:
        if k in used and used[k] != given[k]:
            errors.append({"field": f"params.{k}",
                           "ru": f"В калькуляторе {_shown(given[k])}, а в сцене {_shown(used[k])}{where[0]}: это значение "
                                 "сцена берёт у персонажа — поправьте калькулятор или персонажа.",
                           "en": f"The calculator has {_shown_en(given[k])}, the scene {_shown_en(used[k])}{where[1]}: "
                                 "the scene takes this value from the character — fix the calculator or the character."})
    return errors


def _seed(v: Any) -> int:
    """A seed as the calculator's page carries it: a whole number, or its decimal digits (a
    64-bit seed does not fit a JavaScript number)."""
    if isinstance(v, str) and v.isascii() and v.isdigit() and len(v) <= 20:
        v = int(v)
    if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v < MAX_SEED:
        raise field_error("roll.seed", "Зерно броска — целое число от 0 до 2^64 − 1.",
                          "The roll's seed is a whole number from 0 to 2^64 − 1.")
    return v


def _roles(v: Any, link: Link) -> dict:
    return F.record(v, "roles", {r: F.ident for r in link.roles}, required=link.roles)


def from_calculator(sc: dict, calc_id: Any, params: Any, roll: Any = None, roles: Any = None) -> tuple[dict, dict]:
    """``(new scene, {"actions", "events", "unused"})``: the calculator's input (``params``, as
    its page holds them; ``roll``: ``{"seed"}`` of a roll of these very params, or ``None``)
    applied to the valid scene ``sc`` as its actions, each checked as described above.
    :class:`InputError` names what does not fit. ``unused``: the parameters given that the scene
    does not apply, with their values."""
    from .engine import _apply_valid, _prepare, _working_copy

    if not isinstance(calc_id, str) or calc_id not in LINKS:
        raise field_error("calculator", "Этот калькулятор не применяется к сцене: " + ", ".join(LINKS) + ".",
                          "This calculator does not apply to a scene: " + ", ".join(LINKS) + ".")
    link = LINKS[calc_id]
    who = _roles(roles, link)
    p = calc_validate(calc_id, params)
    seed = None
    if roll is not None:
        r = F.record(roll, "roll", {"seed": lambda v, path: _seed(v)}, required=("seed",))
        seed = r["seed"]
    ctx = Ctx(_working_copy(sc))
    ids = {c["id"] for c in sc["characters"]}
    missing = [{"field": f"roles.{r}", "ru": f"Нет персонажа «{who[r]}» в сцене.",
                "en": f"No character '{who[r]}' in the scene."} for r in link.roles if who[r] not in ids]
    if missing:
        raise InputError(missing)
    actions = link.build(ctx, p, who)
    faces = link.dice(p, seed, actions) if seed is not None and link.dice else None
    events, work = [], sc
    for i, a in enumerate(actions):
        if seed is not None:
            a = {**a, "dice": faces[i]} if faces else {**a, "seed": seed}
        valid = validate_action(a)
        used = calculator_of(_prepare(_working_copy(work), valid), valid)
        expected = link.expected(i, p, ctx) if link.expected else p
        keys = [k for k in expected if k not in link.unused]
        errors = _compare(expected, used and used["params"], keys, calc_id, i, len(actions))
        if used is not None and used["id"] != calc_id:  # pragma: no cover - a mistake in LINKS
            raise AssertionError(f"{calc_id}: the action uses {used['id']}")
        if errors:
            raise InputError(errors)
        work, event = _apply_valid(work, a)
        events.append(event)
        actions[i] = event["entry"]["action"]
    defaults = {q["name"]: q["default"] for q in _calc_spec(calc_id)["params"]}
    unused = {k: p[k] for k in link.unused if p[k] != defaults.get(k)}
    return work, {"actions": copy.deepcopy(actions), "events": events, "unused": unused,
                  "text": T(" ".join(e["text"]["ru"] for e in events), " ".join(e["text"]["en"] for e in events))}


def _calc_spec(calc_id: str) -> dict:
    from .. import api

    return api.get(calc_id).to_json()
