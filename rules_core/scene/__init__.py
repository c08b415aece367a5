"""The Storyteller's scene: the fight's characters, every action computed by the rules and logged.

A scene is plain JSON data with a version number (:mod:`.state`); an action is a pure
transition ``apply(scene, action) -> (scene, event)`` (:mod:`.engine`); every die an action
rolls — seeded, or faces entered by hand — is written into the log, so ``replay(log)`` rebuilds
the same scene, and each entry keeps what it changed, so undo and redo need no replay;
``preview`` gives the exact odds before the roll with the calculators' own functions. The order
of turns, rounds and the statuses they move on: :mod:`.turns`, :mod:`.statuses`. Per system
(one :class:`~.system.SceneSystem` record each): :mod:`.serial` (+ :mod:`.serial_fight`),
:mod:`.lysogorsk`, :mod:`.codex`, :mod:`.wod`; what the sources leave open about a scene:
:mod:`.readings`. JSON in/out and the contract the page reads: :mod:`.api`; command line:
``python -m rules_core scene …`` (:mod:`.cli`).
"""

from .engine import apply, preview, replay
from .state import VERSION, dump, load, load_text, new_scene

__all__ = ["VERSION", "new_scene", "load", "load_text", "dump", "apply", "preview", "replay"]
