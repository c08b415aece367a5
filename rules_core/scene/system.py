"""What a system brings to a scene: one :class:`SceneSystem` record per system (its sheet, its
state, what the page shows, its actions, its readings, its creature types, statuses, stored attacks
and how it orders the turns), so the engine reads every system the same way and a new system is one
record."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from ..spec import T
from . import fields as F
from .statuses import StatusKind

__all__ = ["SceneSystem", "OTHER_KIND"]

#: The one creature type of a system whose rules tell none apart.
OTHER_KIND = (("other", T("—", "—")),)


def _nothing(*args: Any) -> None:
    return None


def _typed_initiative(ch: dict, scene: dict) -> int | None:
    return ch["fight"]["initiative"]


def _no_tie(ch: dict) -> tuple:
    return ()


@dataclass(frozen=True)
class SceneSystem:
    """One system in a scene.

    ``stats``: the sheet's fields (their checks, defaults and the page's description all come from
    them); ``state_fields(stats)``: the checks of the state (bounds may follow the sheet);
    ``state``: the fields of the state the Storyteller may correct by hand (the edit form);
    ``initial_state(stats)``; ``check_stats(stats)`` and ``check_state(stats, state)``: what
    ties fields together (raise :class:`InputError`); ``view(ch, scene)``: what the page shows at
    a glance; ``end_of_scene(ch)`` → ``{field: [before, after]}``; ``actions``: its
    :class:`~.common.ActionSpec` list; ``readings_params()``: the switches a scene keeps for it.

    ``kinds``: its creature types ``(value, name)`` (``default_kind`` is a new character's);
    ``statuses``: its :class:`~.statuses.StatusKind` by key; ``attack``: the fields of a stored
    attack besides its name (``None``: the system has no attack action to fill);
    ``initiative(ch, scene)``: his initiative this turn, or ``None`` (no value: he follows those
    with one, in the scene's order); ``tie_key(ch)``: how equal initiatives are ordered (lower
    first) before the tie-break die; ``ties_act_together``: equal initiatives act at once (they
    share a place); ``order_rule``: how the system orders turns, in words (and its reading);
    ``out_of_fight(ch)``: he takes no more turns (dead).
    """

    id: str
    title: dict
    stats: tuple[F.Field, ...]
    state: tuple[F.Field, ...]
    state_fields: Callable[[dict], dict]
    initial_state: Callable[[dict], dict]
    view: Callable[[dict, dict], dict]
    end_of_scene: Callable[[dict], dict]
    actions: list
    readings_params: Callable[[], tuple]
    check_stats: Callable[[dict], None] = _nothing
    check_state: Callable[[dict, dict], None] = _nothing
    kinds: tuple[tuple[str, dict], ...] = OTHER_KIND
    default_kind: str = "other"
    statuses: dict[str, StatusKind] = field(default_factory=dict)
    attack: tuple[F.Field, ...] | None = None
    initiative: Callable[[dict, dict], int | None] = _typed_initiative
    tie_key: Callable[[dict], tuple] = _no_tie
    ties_act_together: bool = False
    order_rule: dict = field(default_factory=lambda: T("порядок сцены", "the scene's order"))
    out_of_fight: Callable[[dict], bool] = lambda ch: False
    #: what a creature type rules out of the rest of the record (raise :class:`InputError`)
    check_kind: Callable[[dict], None] = _nothing
    #: whether he can act now (besides his statuses): not unconscious, not out of the fight
    can_act: Callable[[dict], bool] = lambda ch: True
    #: why he cannot act now, besides his statuses (``None``: he can): ``{"why": T, "quote", "line"}`` —
    #: what stops him, and the source's words that say so with their line (``None`` where nothing needs quoting)
    why_not: Callable[[dict], dict | None] = lambda ch: None
    #: whether a roll is due for him before the fight goes on (a death's-door roll)
    roll_due: Callable[[dict], bool] = lambda ch: False
    #: what the end of the scene reports for him (``{"character", "level", "consequence"}``), or ``None``
    scene_end_report: Callable[[dict], dict] | None = None
    #: what happens to him when the fight starts (its first turn): ``on_fight_start(ctx, ch)``
    on_fight_start: Callable = _nothing
    #: the Storyteller may type his initiative (``set_initiative``): where the system rolls it or gives no way
    typed_initiative: bool = True

    @property
    def stat_checks(self) -> dict:
        return F.checks(self.stats)

    @property
    def default_stats(self) -> dict:
        return {f.name: f.default for f in self.stats}

    def stats_spec(self) -> list[dict]:
        return [f.to_json() for f in self.stats]

    def state_spec(self) -> list[dict]:
        return [f.to_json() for f in self.state]

    def kind_name(self, kind: str) -> dict:
        return dict(self.kinds)[kind]
