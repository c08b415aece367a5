"""The fight's summary, read from its log: rounds, damage dealt and taken by each character, the
death's-door rolls, and the luck against the odds (how many rolls succeeded, against how many the
odds before them promised).

Each log entry keeps ``facts`` for it (written by the action): ``roll`` — ``{"what", "p" (the exact
chance of success before the roll), "success", "by"?, "to"?}``; ``damage`` — a list of
``{"to", "by" (or null), "amount", "why"}``; ``door`` — ``{"who", "outcome", "p"}``.
"""

from __future__ import annotations

from fractions import Fraction

from ..spec import T, figures, frac, prob, ru_count

__all__ = ["fight_summary"]


def fight_summary(scene: dict) -> dict:
    """The summary of the scene's log so far (``display`` blocks for the page besides the keys)."""
    names = {c["id"]: c["name"] for c in scene["characters"]}
    for e in scene["log"]:  # those who left the scene are still named
        a = e["action"]
        if a["type"] == "add_character":
            names.setdefault(a["character"]["id"], a["character"]["name"])
    dealt: dict[str, int] = {}
    taken: dict[str, int] = {}
    doors: dict[str, list[str]] = {}
    rolls = successes = 0
    expected = Fraction(0)
    rounds = 1
    for e in scene["log"]:
        rounds = max(rounds, e["round"])
        f = e.get("facts") or {}
        for d in f.get("damage", []):
            taken[d["to"]] = taken.get(d["to"], 0) + d["amount"]
            if d.get("by"):
                dealt[d["by"]] = dealt.get(d["by"], 0) + d["amount"]
        if "door" in f:
            doors.setdefault(f["door"]["who"], []).append(f["door"]["outcome"])
        if "roll" in f:
            rolls += 1
            successes += bool(f["roll"]["success"])
            expected += Fraction(f["roll"]["p"])
        if e["action"]["type"] == "end_scene":
            rounds = 1
    rounds = max(rounds, scene["round"])
    people = [cid for cid in names if cid in dealt or cid in taken or cid in doors]
    rows = [[names[cid], dealt.get(cid, 0), taken.get(cid, 0), len(doors.get(cid, []))] for cid in people]
    luck = successes - expected
    display = [
        figures(("rounds", T("Раундов", "Rounds"), rounds),
                ("rolls", T("Бросков на успех", "Rolls for success"), rolls),
                ("successes", T("Удачных", "Succeeded"), successes),
                ("expected", T("Ожидалось по шансам", "Expected by the odds"), frac(expected)),
                ("luck", T("Везение (удачных сверх ожидания)", "Luck (successes beyond the odds)"), frac(luck))),
        {"kind": "table", "title": T("Урон и Порог Смерти", "Damage and death's door"),
         "columns": [T("Персонаж", "Character"), T("Нанёс урона", "Damage dealt"), T("Получил урона", "Damage taken"),
                     T("Бросков Порога", "Death's-door rolls")], "rows": rows},
    ]
    text = T(f"{ru_count(rounds, 'раунд', 'раунда', 'раундов')}, удачных бросков {successes} из {rolls} "
             f"(ожидалось {float(expected):.1f})".replace(".", ","),
             f"{rounds} round{'s' if rounds != 1 else ''}, {successes} of {rolls} rolls succeeded "
             f"({float(expected):.1f} expected)")
    return {"rounds": rounds, "dealt": dealt, "taken": taken, "door_rolls": doors, "rolls": rolls,
            "successes": successes, "expected": prob(expected) if rolls == 0 else frac(expected), "luck": frac(luck),
            "text": text, "display": display}
