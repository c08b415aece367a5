"""Every mechanic of «Мир Тьмы: Сериал» (source 000) that has numbers, one function each.

Terms in the docstrings are the source's. Where 000 is silent, ambiguous or unfinished, the
reading chosen is a named constant (and a keyword argument, so each reading is testable and
the calculators can offer it as a switch); the docstring quotes the source's words.

Dice: every roll is the World of Darkness d10 pool of :mod:`rules_core.wod.pool`. Attack and
defense rolls: 1s cancel successes (the classic rule; 000 only says that damage rolls do not
cancel: «Бросок урона обычно идет по сложности 6, единички не вычитаются»).

One module a section of the source, each listing its public names in its ``__all__``; the package
re-exports them all (``rules.X`` is any of them):

* :mod:`.gaps` — named readings of gaps in the source
* :mod:`.numbers` — numbers the source states
* :mod:`.turn_order` — initiative, movement, interceptions, reaction
* :mod:`.wounds` — wounds
* :mod:`.attack` — attack: pool and difficulty
* :mod:`.opposed` — opposed rolls (attack against a defensive maneuver)
* :mod:`.damage` — damage roll, armor, tags
* :mod:`.health` — absorption, health, death's door
* :mod:`.statuses` — statuses: burning, overloaded
* :mod:`.maneuvers` — maneuvers: their effects
* :mod:`.explosives` — explosives
* :mod:`.contests` — maneuvers with a roll against a roll
* :mod:`.conversion` — old effects converted, power-up limits
"""

from __future__ import annotations

from . import (
    gaps, numbers, turn_order, wounds, attack, opposed, damage,
    health, statuses, maneuvers, explosives, contests, conversion,
)
from .gaps import *  # noqa: F403
from .numbers import *  # noqa: F403
from .turn_order import *  # noqa: F403
from .wounds import *  # noqa: F403
from .attack import *  # noqa: F403
from .opposed import *  # noqa: F403
from .damage import *  # noqa: F403
from .health import *  # noqa: F403
from .statuses import *  # noqa: F403
from .maneuvers import *  # noqa: F403
from .explosives import *  # noqa: F403
from .contests import *  # noqa: F403
from .conversion import *  # noqa: F403

__all__: list[str] = []
__all__ += gaps.__all__
__all__ += numbers.__all__
__all__ += turn_order.__all__
__all__ += wounds.__all__
__all__ += attack.__all__
__all__ += opposed.__all__
__all__ += damage.__all__
__all__ += health.__all__
__all__ += statuses.__all__
__all__ += maneuvers.__all__
__all__ += explosives.__all__
__all__ += contests.__all__
__all__ += conversion.__all__
