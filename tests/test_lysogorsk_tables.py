"""Every value of every «Лысогорские сказочки» table, checked against the source text (001)."""

import re
from fractions import Fraction
from pathlib import Path

import pytest

from rules_core.lysogorsk import rules as lysogorsk_rules
from rules_core.lysogorsk import tables as lysogorsk_tables
from svod_site.tables import expand, render_table
from scripts.sources import source_path

SOURCE_PATH = source_path("001")
RAW = SOURCE_PATH.read_text(encoding="utf-8")
# Our cells carry the typo fixes: compare with the source after the same fixes.
SOURCE = RAW
for _bad, _good in lysogorsk_tables.TYPO_FIXES:
    assert _bad in RAW, _bad
    SOURCE = SOURCE.replace(_bad, _good)
LINES = [line.strip() for line in SOURCE.splitlines() if line.strip()]

REQUIRED = ["difficulty_scale", "cover", "drinks", "drunk_stages", "environment", "thrown_miss", "breakdown"]


def line_starting(prefix: str) -> str:
    found = [line for line in LINES if line.startswith(prefix)]
    assert len(found) == 1, (prefix, found)
    return found[0]


def src_num(n: int) -> str:
    return str(n)  # the source writes minus as an ASCII hyphen


def test_required_ids_exist_and_render_in_both_languages():
    for tid in REQUIRED:
        assert tid in lysogorsk_tables.TABLES
    for tid, table in lysogorsk_tables.TABLES.items():
        assert table["title"]["ru"] and table["title"]["en"]
        assert table["rows"], tid
        for row in table["rows"]:
            assert len(row) == len(table["columns"]), (tid, row)
        for lang in ("ru", "en"):
            md = expand(f"text\n<!-- svod:table lysogorsk/{tid} -->\n", lang)
            assert md.count("\n|") == len(table["rows"]) + 2
            assert render_table(table, lang) in md


def test_difficulty_scale_is_the_two_ends_the_source_names():
    assert "от 0 (тривиально) до 15 (предел возможного)" in SOURCE
    rows = lysogorsk_tables.TABLES["difficulty_scale"]["rows"]
    assert [(us, name["ru"]) for us, name in rows] == [(0, "тривиально"), (15, "предел возможного")]
    assert (lysogorsk_tables.DIFFICULTY_MIN, lysogorsk_tables.DIFFICULTY_MAX) == (0, 15)


def test_cover():
    assert len(lysogorsk_tables.COVER) == 5
    for cover in lysogorsk_tables.COVER.values():
        line = line_starting(cover["name"]["ru"])
        assert line.endswith(f" {src_num(-cover['protection'])}."), line  # «дает защиту от повреждений -1»
    assert {cid: lysogorsk_rules.cover_protection(cid) for cid in lysogorsk_tables.COVER} == {
        "cupboard": 1, "door": 2, "partition": 4, "steel_door": 8, "concrete": 12}
    assert lysogorsk_rules.cover_protection("none") == 0


def test_drinks():
    assert len(lysogorsk_tables.DRINKS) == 8
    for drink in lysogorsk_tables.DRINKS.values():
        volume = lysogorsk_tables.volume_text(drink["litres"])["ru"]
        assert f"{drink['name']['ru']} ({volume}) – УС {drink['difficulty']}." in LINES
    assert lysogorsk_tables.DRINKS["spirit_shot"]["difficulty"] == 10
    assert "считайте это как пять стопок водки" in SOURCE
    assert (lysogorsk_tables.FROM_THE_BOTTLE["drink"], lysogorsk_tables.FROM_THE_BOTTLE["servings"]) == ("vodka_shot", 5)


def test_drunk_stages_text_and_modifiers():
    assert list(lysogorsk_tables.DRUNK_STAGES) == [0, 1, 2, 3, 4, 5]
    for stage, record in lysogorsk_tables.DRUNK_STAGES.items():
        assert f"{stage}-я стадия. {record['name']['ru']}. {record['effects']['ru']}" in LINES, stage
    mods = {s: record["changes"] for s, record in lysogorsk_tables.DRUNK_STAGES.items()}
    # «(+1 к Уверенности и Везению); … (-1 к Мышлению)»
    assert "(+1 к Уверенности и Везению)" in SOURCE and "(-1 к Мышлению)" in SOURCE
    assert mods[1] == {"confidence": 1, "luck": 1, "thinking": -1}
    # «(-1 к Ловкости), … (+1 к Выносливости, временная особенность Толстокожий)»
    assert "(-1 к Ловкости)" in SOURCE and "(+1 к Выносливости" in SOURCE
    assert mods[2] == {"agility": -1, "stamina": 1}
    assert "Образование и Мышление уменьшаются на 1." in SOURCE
    assert mods[3] == {"education": -1, "thinking": -1}
    assert "Ловкость, Образование и Мышление уменьшаются еще на единичку." in SOURCE
    assert mods[4] == {"agility": -1, "education": -1, "thinking": -1}
    assert mods[0] == mods[5] == {}
    assert lysogorsk_tables.STAGE3_TRAIT_DIFFICULTY == 5 and "чистой Уверенности против УС 5" in SOURCE


def test_environment():
    assert len(lysogorsk_tables.ENVIRONMENT) == 11
    for env in lysogorsk_tables.ENVIRONMENT.values():
        line = line_starting(env["medium"]["ru"])
        assert f"– {env['damage']} очк" in line, line
        assert line.endswith(f" {lysogorsk_tables.ENVIRONMENT_KINDS[env['kind']]['ru']}."), (env, line)


def _band_prefix(lo, hi, below_zero="Меньше 0"):
    if lo is None and hi < 0:
        return below_zero
    if lo is None:
        return f"{hi} и меньше"
    if hi is None:
        return f"{lo} или больше"
    return f"{lo}-{hi}"


def test_thrown_miss():
    bands = [(b["lowest"], b["highest"]) for b in lysogorsk_tables.THROWN_MISS.values()]
    assert bands == [(None, -1), (0, 1), (2, 4), (5, 6), (7, None)]
    for b in lysogorsk_tables.THROWN_MISS.values():
        prefix = _band_prefix(b["lowest"], b["highest"])
        assert b["label"]["ru"] == prefix  # the page shows the source's own label
        line = line_starting(f"{prefix} – {b['name']['ru']}.")
        assert line == f"{prefix} – {b['name']['ru']}. {b['text']['ru']}"


def test_breakdown():
    prefixes = {(None, 0): "0 и меньше", (1, 3): "От 1 до 3", (4, 6): "От 4 до 6", (7, 9): "От 7 до 9",
                (10, None): "10 и больше"}
    assert [(b["lowest"], b["highest"]) for b in lysogorsk_tables.BREAKDOWN.values()] == list(prefixes)
    for b in lysogorsk_tables.BREAKDOWN.values():
        line = line_starting(f"{prefixes[(b['lowest'], b['highest'])]} – {b['name']['ru']}")
        # every sentence of our description is the source's
        for sentence in filter(None, re.split(r"(?<=\.) ", b["text"]["ru"])):
            assert sentence in line, sentence
    assert "2К-Сила духа+(2 за каждый нервный срыв в этой сцене, считая этот)" in SOURCE
    assert lysogorsk_tables.BREAKDOWN_PER_BREAKDOWN == 2


def test_breakdown_after():
    assert "В случае, если выпадает меньше -2, персонаж впадает в бессознательное состояние до конца сцены." in SOURCE
    assert "При результате от -2 до нуля наступает шок, паника или неистовство" in SOURCE
    assert [(b["lowest"], b["highest"]) for b in lysogorsk_tables.BREAKDOWN_AFTER.values()] == [(None, -3), (-2, 0), (1, None)]


def test_combat_stress():
    for c in lysogorsk_tables.COMBAT_STRESS.values():
        assert f"{c['situation']['ru']} – УС {c['difficulty']}." in LINES
    for c in lysogorsk_tables.COMBAT_STRESS_MODIFIERS.values():
        assert f"{c['situation']['ru']} – модификатор +{c['modifier']}." in LINES
    assert [c["difficulty"] for c in lysogorsk_tables.COMBAT_STRESS.values()] == [10, 7, 5, 2, 0]


def test_shooting_modifiers():
    for m in lysogorsk_tables.SHOOTING_MODIFIERS:
        line_starting(f"{m['circumstance']['ru']} – модификатор {src_num(m['modifier'])}")


def test_aimed_shots():
    for shot in lysogorsk_tables.AIMED_SHOTS.values():
        line = line_starting(f"{shot['part']['ru']} – ")
        assert f"на попадание {src_num(shot['to_hit'])}" in line
        mult = shot["damage_multiplier"]
        if mult is not None:
            written = "х2" if mult == 2 else "х0,5"  # Cyrillic «х» as in the source
            assert f"на повреждение {written}" in line
    assert lysogorsk_rules.aim_multiplier("head") == 2
    assert lysogorsk_rules.aim_multiplier("arm") == lysogorsk_rules.aim_multiplier("leg") == Fraction(1, 2)
    assert lysogorsk_rules.aim_multiplier("item") is None and lysogorsk_rules.aim_multiplier("none") is None


def test_target_size():
    assert ("Если цель больше человека (стена, автомобиль), то УС равен 0, если она человек или примерно равна "
            "человеку по размерам, то УС будет уже 2, если она меньше человека (например, собака или стандартная "
            "спортивная мишень), то УС будет 5, а если она совсем маленькая (крыса, яблочко мишени), то УС будет "
            "аж 7.") in SOURCE
    assert ("Если цель больше человека, то она получает модификатор -3 к броску Уклонения, если она заметно меньше "
            "человека — модификатор +3, а если она совсем маленькая, то +6.") in SOURCE
    assert [(t["difficulty"], t["dodge_modifier"]) for t in lysogorsk_tables.TARGET_SIZE.values()] == [(0, -3), (2, 0), (5, 3), (7, 6)]


def test_wound_levels():
    sentence = ("четверть оставшихся хитов соответствуют критическому ранению и налагает штраф -6, более четверти, "
                "но менее половины — тяжелому, со штрафом -4, от половины до трех четвертей — легкому, штраф -2, "
                "если же хитов больше чем три четверти, то персонаж всего лишь оцарапан.")
    assert sentence in SOURCE
    penalties = [w["penalty"] for w in lysogorsk_tables.WOUND_LEVELS.values()]
    assert penalties == [int(x) for x in re.findall(r"штраф\w* (-\d)", sentence)] + [0]
    for level in ("heavy", "light", "scratch"):
        assert lysogorsk_tables.WOUND_LEVELS[level]["share"]["ru"] in sentence
    assert "равняется 15+Выносливость" in SOURCE and lysogorsk_tables.BASE_HITS == 15
    assert "Минус десять хитов означает мгновенную смерть." in SOURCE and lysogorsk_tables.INSTANT_DEATH_HITS == -10


def test_bleeding():
    assert "теряет по хиту в десять минут, если у него 5-8 хитов, и по хиту в три раунда, если их осталось 4 и меньше" in SOURCE
    assert ("Болевой шок кидается против сложности 5, если атака оставила у персонажа 5-8 хитов, и против "
            "сложности 7, если хитов осталось 4 и менее.") in SOURCE
    assert [(b["lowest"], b["highest"], b["pain_shock"]) for b in lysogorsk_tables.BLEEDING] == [(5, 8, 5), (None, 4, 7)]


def test_healing():
    assert "каждые 24 часа делается проверка на Стойкость против УС 2, и в случае удачи восстанавливается один хит" in SOURCE
    assert "каждую неделю персонаж делает проверку Стойкости против УС 5, и в случае удачи прибавляется два хита" in SOURCE
    assert "проверку Стойкости против УС 7 каждый месяц, и в случае удачи прибавляется три хита" in SOURCE
    assert "против сложности 2 для легкого ранения, 5 для тяжелого и 7 для критического" in SOURCE
    assert [(lvl, h["fortitude_difficulty"], h["hits"], h["medicine_difficulty"]) for lvl, h in lysogorsk_tables.HEALING.items()] == [
        ("light", 2, 1, 2), ("heavy", 5, 2, 5), ("critical", 7, 3, 7)]


def test_head_trauma():
    assert "-3, пока персонаж тяжело ранен, -2, пока легко, и -1, пока это царапина" in SOURCE
    assert ("-4, пока персонаж в критическом состоянии (менее четверти хитов), -3, пока в тяжелом, -2, пока он "
            "легко ранен, и -1, пока это царапина") in SOURCE
    assert lysogorsk_tables.HEAD_TRAUMA["concussion"] == {"critical": None, "heavy": -3, "light": -2, "scratch": -1}
    assert lysogorsk_tables.HEAD_TRAUMA["skull"] == {"critical": -4, "heavy": -3, "light": -2, "scratch": -1}


@pytest.mark.parametrize("bad,good", lysogorsk_tables.TYPO_FIXES)
def test_typo_fixes_are_tiny(bad, good):
    # an obvious typo only: the same letters and digits, spacing and stray punctuation aside
    def norm(s):
        return re.sub(r"[\s:]", "", s)
    assert norm(bad) == norm(good)


def test_combat_stress_modifiers_are_all_there():
    # Source lines 74–76: «Первый бой в жизни персонажа – модификатор +6.», «Противники —
    # сверхъестественные существа – модификатор +3.», «Противники — представители законной
    # власти – модификатор +3.» — every modifier line of the table is in the data.
    wanted = [line for line in LINES if re.match(r"^(Первый бой|Противники — ).* – модификатор \+\d+\.$", line)]
    assert len(wanted) == 3
    have = [f"{c['situation']['ru']} – модификатор +{c['modifier']}." for c in lysogorsk_tables.COMBAT_STRESS_MODIFIERS.values()]
    assert have == wanted
    rendered = render_table(lysogorsk_tables.TABLES["combat_stress"])
    for c in lysogorsk_tables.COMBAT_STRESS_MODIFIERS.values():
        assert c["situation"]["ru"] in rendered and f"модификатор +{c['modifier']}" in rendered
    for c in lysogorsk_tables.COMBAT_STRESS.values():
        assert c["situation"]["ru"] in rendered and f"УС {c['difficulty']}" in rendered


DOCS = Path(__file__).resolve().parents[1] / "docs" / "lysogorsk"


def test_aimed_shots_table_is_the_sources_rows_and_on_the_page():
    # Source lines 154–157 («Голова – модификатор на попадание -5, на повреждение х2.» …): the rendered
    # rows read as the source's lines, their numbers are the data the damage calculator uses, and
    # shooting.md shows this table (not a hand copy).
    rows = lysogorsk_tables.TABLES["aimed_shots"]["rows"]
    assert len(rows) == len(lysogorsk_tables.AIMED_SHOTS) == 4
    for row, shot in zip(rows, lysogorsk_tables.AIMED_SHOTS.values()):
        cells = [c["ru"] if isinstance(c, dict) else str(c) for c in row]
        line = f"{cells[0]} – {cells[1]}, {cells[2]}"
        assert line in LINES or line + "." in LINES, line
        # the words on the page say the numbers the damage calculator uses
        assert cells[0] == shot["part"]["ru"] and f"на попадание {src_num(shot['to_hit'])}" in cells[1]
        mult = shot["damage_multiplier"]
        if mult is not None:
            assert ("на повреждение х2" if mult == 2 else "на повреждение х0,5") in cells[2]
        if shot["effect"]["ru"]:
            assert cells[2].endswith(shot["effect"]["ru"])
    page = (DOCS / "shooting.md").read_text(encoding="utf-8")
    assert "<!-- svod:table lysogorsk/aimed_shots -->" in page and "| Голова |" not in page


def test_shooting_modifiers_table_is_the_sources_rows_and_on_the_page():
    rendered = render_table(lysogorsk_tables.TABLES["shooting_modifiers"])
    for m in lysogorsk_tables.SHOOTING_MODIFIERS:
        assert f"| {m['group']['ru']} | {m['circumstance']['ru']} | модификатор {src_num(m['modifier'])} |" in rendered
    page = (DOCS / "shooting.md").read_text(encoding="utf-8")
    assert "<!-- svod:table lysogorsk/shooting_modifiers -->" in page and "| Ближнее расстояние |" not in page
