"""What every «Codex of…» calculator shares: the bounds of the dice and the difficulty, the skill's
parameters, and the success roll — its distribution, its faces rolled and marked, its notes.
"""

from __future__ import annotations

from ...spec import T, bool_param, dice_block, field_error, int_param, note
from .. import readings, rules

__all__ = [
    "HAS_ED6",
    "MAX_DIFFICULTY",
    "MAX_ED6",
    "deprived",
    "faces_blocks",
    "roll_faces",
    "roll_notes",
    "roll_setup",
    "skill_check",
    "skill_params",
]

MAX_ED6 = 12
MAX_DIFFICULTY = 30

_NO_FLAX = {"param": "flax", "eq": False}
#: «персонаж лишается всех ED6» at Exhaustion's 6th level (:data:`rules.EXHAUSTION_STATE_READINGS`): the ED6 are not
#: asked for then
HAS_ED6 = {"any": [{"param": "exhaustion", "max": 5},
                {"all": [{"param": "exhaustion", "max": 6}, {"param": "exhaustion_state", "eq": "seventh"}]}]}


def skill_params() -> tuple:
    """The skill's parameters every success roll takes: its level and the readings of the skills table."""
    return (
        int_param("skill", "Уровень навыка", "Skill level", 2, 0, 6,
                  help=T("Навык задаёт грани, дающие LV: 1–2 — только 6, 3 — 5+, … 6 — 2+.",
                         "The skill sets the faces giving an LV: 1–2 only 6, 3 is 5+, … 6 is 2+.")),
        readings.SKILL0.switch(when={"param": "skill", "eq": 0}),
        readings.SKILL_SCALE.switch(),
        # FLAX replaces the stress steps (ones and exploding sixes do not apply)
        int_param("stress", "Стресс", "Stress", 0, 0, rules.MAX_STRESS, when=_NO_FLAX),
        bool_param("flax", "FLAX (стресс сверх 6)", "FLAX (stress beyond 6)", False, group="details"),
        readings.FLAX.switch(when={"param": "flax", "eq": True}),
        int_param("exhaustion", "Истощение: отмечено уровней", "Exhaustion: levels marked", 0, 0, rules.MAX_EXHAUSTION,
                  help=T("6-й уровень: «персонаж лишается всех ED6». Уровни 1–5 в источнике не разработаны.",
                         "The 6th level: «the character loses all ED6». Levels 1–5 are unfinished in the source."),
                  group="details"),
        readings.EXHAUSTION_STATE.switch(when={"param": "exhaustion", "min": 6}),
    )


def deprived(p: dict) -> bool:
    """Exhaustion's 6th level: no ED6 (:func:`rules.exhaustion_deprives`)."""
    return rules.exhaustion_deprives(p["exhaustion"], p["exhaustion_state"])


def roll_setup(p: dict, ad6: int, ed6: int | None = None) -> dict:
    """The dice of a success roll and its LV distribution (ED6 none when the character is deprived of them)."""
    ed6 = (0 if deprived(p) else p["ed6"]) if ed6 is None else ed6
    dist = rules.roll_dist(ad6 + ed6, p["skill"], p["stress"], p["flax"], p["skill0"], p["flax_reading"],
                       p["skill_scale"])
    return {"ad6": ad6, "ed6": ed6, "dice": ad6 + ed6, "dist": dist}


def skill_check(p: dict) -> None:
    """Refuse a skill level above the shifted skills table's."""
    if p["skill_scale"] == "shifted" and p["skill"] > rules.MAX_SKILL_SHIFTED:
        raise field_error("skill", f"Со сдвигом таблицы навыков уровни 0–{rules.MAX_SKILL_SHIFTED}.",
                          f"With the shifted skills table the levels are 0–{rules.MAX_SKILL_SHIFTED}.")


def roll_notes(p: dict) -> list[dict]:
    """The notes a success roll carries: the readings it took (skill 0, FLAX, exhaustion)."""
    out = []
    if p["skill"] == 0 and p["skill_scale"] == "as_written":
        out.append(note(
            "Навык 0: в таблице навыков такой строки нет. " + (
                "Выбрано чтение «как уровень 1»: LV даёт только 6, шестёрки не взрываются."
                if p["skill0"] == "as_level_1" else "Выбрано чтение «навык нельзя применить»."),
            "Skill 0 has no row in the skills table. " + (
                "Reading chosen: «as level 1» — only a 6 gives an LV, sixes never explode."
                if p["skill0"] == "as_level_1" else "Reading chosen: «the skill cannot be applied»."), "warning"))
    if p["skill_scale"] == "shifted":
        out.append(note(f"Таблица навыков со сдвигом: навык {p['skill']} читается по строке {p['skill'] + 1}.",
                        f"Shifted skills table: skill {p['skill']} uses row {p['skill'] + 1}.", "warning"))
    if p["flax"]:
        out.append(note("FLAX: единицы и взрыв шестёрок не работают; к броску добавлен результат 2D6.",
                        "FLAX: ones and exploding sixes do not apply; the 2D6 result is added."))
    if deprived(p):
        out.append(note("Истощение 6-го уровня: ED6 не бросаются. Уровни 1–5 истощения в источнике не разработаны "
                        "(«НАДО РАЗРАБОТАТЬ») и здесь не учитываются.",
                        "Exhaustion level 6: no ED6 are rolled. Exhaustion levels 1–5 are unfinished in the source "
                        "and are not applied here.", "warning"))
    elif p["exhaustion"]:
        out.append(note(f"Истощение: отмечено {p['exhaustion']}, 6-й уровень не достигнут; уровни 1–5 в источнике не "
                        "разработаны («НАДО РАЗРАБОТАТЬ») и на бросок не влияют.",
                        f"Exhaustion: {p['exhaustion']} marked, the 6th level not reached; levels 1–5 are unfinished in "
                        "the source and do not change the roll.", "warning"))
    return out


def roll_faces(p: dict, roller, ad6: int, ed6: int) -> dict:
    """Roll AD6 + ED6 (+ the FLAX 2D6); mark faces by the same rules as the exact distribution."""
    faces = roller.dice(ad6 + ed6, 6)
    rule = rules.skill_rule(p["skill"], p["skill0"], p["skill_scale"])
    out: dict = {"ad6_faces": faces[:ad6], "ed6_faces": faces[ad6:]}
    if rule is None:
        out.update(lv=0, marks=[""] * len(faces), usable=False)
        return out
    min_face, explodes = rule
    if p["flax"]:
        r = rules.resolve(faces, min_face, 0, False)
        fl = roller.dice(2, 6)
        extra = rules.flax_extra(fl[0], fl[1], p["flax_reading"])
        out.update(flax_faces=fl, flax_extra=extra, lv=max(rules.LV_FLOOR, r["lv"] + extra), marks=r["marks"])
    else:
        r = rules.resolve(faces, min_face, p["stress"], explodes)
        out.update(lv=r["lv"], marks=r["marks"])
    out["usable"] = True
    return out


def faces_blocks(out: dict, ad6: int) -> list[dict]:
    """The dice blocks of a rolled success roll: AD6, ED6 and FLAX's dice, with their marks."""
    blocks = [
        dice_block(T("AD6", "AD6"), 6, out["ad6_faces"], out["marks"][:ad6]),
        dice_block(T("ED6", "ED6"), 6, out["ed6_faces"], out["marks"][ad6:]),
    ]
    if "flax_faces" in out:
        blocks.append(dice_block(T("FLAX: успехи, провалы", "FLAX: successes, failures"), 6, out["flax_faces"],
                                 ["success", "one"]))
    return blocks
