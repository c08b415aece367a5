"""What a system brings to a scene: one :class:`SceneSystem` record per system (its sheet, its
state, what the page shows, its actions, its readings), so the engine reads every system the same
way and a new system is one record."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from . import fields as F

__all__ = ["SceneSystem"]


def _nothing(*args: Any) -> None:
    return None


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
    extra: dict = field(default_factory=dict)

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
