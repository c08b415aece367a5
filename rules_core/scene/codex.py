"""«Codex of…» (004) in a scene: the Выносливость track (damage through the armor threshold,
the level it stopped at, its consequence) and the stress counter with FLAX."""

from __future__ import annotations

from dataclasses import replace

from ..codex import rules as codex_rules
from ..codex import tables as codex_tables
from ..spec import T, field_error, int_list_param
from . import fields as F
from . import readings as RD
from .common import ActionSpec, Ctx, calc_param

SYSTEM = "codex"
TITLE = T("Codex of…", "Codex of…")

_ARMOR = calc_param("codex-attack", "armor")
STAT_PARAMS = (
    calc_param("codex-attack", "tough"),
    replace(_ARMOR, label=T("Броня", "Armor")),
)
STATS = {p.name: F.param(p) for p in STAT_PARAMS}
DEFAULT_STATS = {p.name: p.default for p in STAT_PARAMS}
STATS_SPEC = tuple(p.to_json() for p in STAT_PARAMS)

#: The whole track holds 42; damage beyond it still counts (level 6) — bounded here.
MAX_DAMAGE = 1000


#: The state the Storyteller may correct by hand.
STATE_SPEC = (
    F.spec_json("damage", "int", T("Урон на треке Выносливости", "Damage on the Endurance track"), 0, min=0,
                max=MAX_DAMAGE),
    F.spec_json("stress", "int", T("Стресс", "Stress"), 0, min=0, max=codex_rules.MAX_STRESS),
    F.spec_json("flax", "bool", T("FLAX", "FLAX"), False),
)


def state_fields(stats: dict) -> dict:
    return {"damage": F.integer(0, MAX_DAMAGE), "stress": F.integer(0, codex_rules.MAX_STRESS), "flax": F.boolean}


def initial_state(stats: dict) -> dict:
    return {"damage": 0, "stress": 0, "flax": False}


def check_stats(stats: dict) -> None:
    return None


def check_state(stats: dict, state: dict) -> None:
    if state["flax"] and state["stress"] != codex_rules.MAX_STRESS:
        raise field_error("state.flax", "FLAX — только при полном счётчике стресса (6).",
                          "FLAX only with a full stress counter (6).")


def threshold(stats: dict) -> int:
    """The armor's «Порог N» (table ``codex/armor``)."""
    return codex_tables.ARMOR[int(stats["armor"])]["threshold"]


def view(ch: dict, scene: dict) -> dict:
    st, s = ch["stats"], ch["state"]
    rd = scene["readings"][SYSTEM]
    level = codex_rules.track_level(s["damage"])
    out = codex_rules.incapacitated(s["damage"], st["tough"], rd["incapacitated_at"])
    return {
        "status": "incapacitated" if out else "active",
        "status_name": T("Недееспособен", "Incapacitated") if out else T("В строю", "Active"),
        "damage": s["damage"], "capacity": codex_rules.track_capacity(st["tough"]),
        "track": list(codex_rules.TRACK), "level": level, "consequence": codex_tables.CONSEQUENCES[level]["consequence"],
        "threshold": threshold(st), "stress": s["stress"], "flax": s["flax"],
    }


def end_of_scene(ch: dict) -> dict:
    """«В зависимости от того, на каком уровне остановился урон, персонаж получает следующие
    последствия»: reported, track and stress kept (:data:`readings.CODEX_AT_END`)."""
    assert RD.CODEX_AT_END == "report"
    return {}


def scene_end_report(ch: dict) -> dict:
    level = codex_rules.track_level(ch["state"]["damage"])
    return {"character": ch["id"], "level": level, "consequence": codex_tables.CONSEQUENCES[level]["consequence"]}


def _run_damage(ctx: Ctx, a: dict, box) -> None:
    ch = ctx.char(a["character"])
    s, st = ch["state"], ch["stats"]
    n = threshold(st)
    dealt = [codex_rules.through_armor(d, n, a["ignores_armor"]) for d in a["hits"]]
    if s["damage"] + sum(dealt) > MAX_DAMAGE:
        raise field_error("hits", f"На треке не больше {MAX_DAMAGE} урона.", f"At most {MAX_DAMAGE} on the track.")
    before = view(ch, ctx.scene)
    s["damage"] += sum(dealt)
    after = view(ch, ctx.scene)
    ctx.text = T(f"{ch['name']}: урон {' + '.join(map(str, dealt))} (порог брони {n}) → на треке {s['damage']}, "
                 f"уровень {after['level']}" + ("; недееспособен" if after["status"] == "incapacitated" else "") + ".",
                 f"{ch['name']}: damage {' + '.join(map(str, dealt))} (armor threshold {n}) → {s['damage']} on the "
                 f"track, level {after['level']}" + ("; incapacitated" if after["status"] == "incapacitated" else "")
                 + ".")
    ctx.result = {"character": ch["id"], "dealt": dealt, "threshold": n, "level_before": before["level"],
                  "level": after["level"], "incapacitated": after["status"] == "incapacitated"}


def add_stress(stress: int, flax: bool, amount: int) -> tuple[int, bool]:
    """Stress after ``amount`` (negative: taken away). Up: «Когда персонаж должен получить ещё
    один стресс сверх имеющихся 6, он переходит в состояние FLAX». Down: FLAX first, then the
    counter (:data:`readings.CODEX_FLAX_STEP`)."""
    assert RD.CODEX_FLAX_STEP == "seventh"
    level = stress + (1 if flax else 0) + amount
    level = max(0, min(codex_rules.MAX_STRESS + 1, level))
    return min(level, codex_rules.MAX_STRESS), level > codex_rules.MAX_STRESS


def _run_stress(ctx: Ctx, a: dict, box) -> None:
    ch = ctx.char(a["character"])
    s = ch["state"]
    before = (s["stress"], s["flax"])
    s["stress"], s["flax"] = add_stress(s["stress"], s["flax"], a["amount"])
    sign = f"+{a['amount']}" if a["amount"] > 0 else f"−{-a['amount']}"
    flax = " (FLAX)" if s["flax"] else ""
    ctx.text = T(f"{ch['name']}: стресс {sign} → {s['stress']}{flax}.",
                 f"{ch['name']}: stress {sign} → {s['stress']}{flax}.")
    ctx.result = {"character": ch["id"], "stress_before": before[0], "flax_before": before[1],
                  "stress": s["stress"], "flax": s["flax"]}


def _char(v, path):
    return F.ident(v, path)


def _amount(v, path):
    n = F.integer(-(codex_rules.MAX_STRESS + 1), codex_rules.MAX_STRESS + 1)(v, path)
    if n == 0:
        raise field_error(path, "Стресс меняется хотя бы на 1.", "Stress changes by at least 1.")
    return n


_HITS = int_list_param("hits", "Урон попаданий (каждое — против порога брони)",
                       "Damage of the hits (each against the armor threshold)", [3], 0, 60, 1, 20)

ACTIONS = [
    ActionSpec(
        "codex_damage", SYSTEM, T("Урон", "Damage"),
        {"character": _char, "hits": F.param(_HITS), "ignores_armor": F.boolean}, _run_damage,
        required=("character", "hits"), defaults={"ignores_armor": False},
        spec=(F.spec_json("character", "character", T("Персонаж", "Character"), None, system=SYSTEM),
              _HITS.to_json(),
              F.spec_json("ignores_armor", "bool", T("Порог брони не действует (Большое оружие, помеченные "
                                                     "немеханические эффекты)",
                                                     "The armor threshold does not apply (Large weapons, marked "
                                                     "non-mechanical effects)"), False)),
        refs=("character",)),
    ActionSpec(
        "codex_stress", SYSTEM, T("Стресс", "Stress"),
        {"character": _char, "amount": _amount}, _run_stress, required=("character", "amount"),
        spec=(F.spec_json("character", "character", T("Персонаж", "Character"), None, system=SYSTEM),
              F.spec_json("amount", "int", T("Стресс: + получить, − снять", "Stress: + gain, − take away"), 1,
                          min=-(codex_rules.MAX_STRESS + 1), max=codex_rules.MAX_STRESS + 1)),
        refs=("character",)),
]


def readings_params() -> tuple:
    return (calc_param("codex-attack", "incapacitated_at"),)

