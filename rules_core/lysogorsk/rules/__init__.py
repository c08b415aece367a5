"""The rules of «Лысогорские сказочки» (source 001) as exact distributions.

Every chance is a :class:`rules_core.dice.Dist` of exact fractions. Where the source is
ambiguous the reading is a named constant or a keyword argument (the calculators expose
it as a switch), with the source's words quoted in the docstring.

One module a section of the source, each listing its public names in its ``__all__``; the package
re-exports them all (``rules.X`` is any of them):

* :mod:`.checks` — dice and checks
* :mod:`.initiative` — initiative: one check at the start of the fight, the order of every round
* :mod:`.rounding` — rounding
* :mod:`.hits` — hits and wound levels
* :mod:`.damage` — damage
* :mod:`.thrown` — thrown weapons
* :mod:`.nervous_breakdown` — stress and the nervous breakdown
* :mod:`.alcohol` — alcohol
* :mod:`.survival` — suffocation, hunger, thirst, sleep
* :mod:`.actions` — actions in a round: movement, emptying the magazine
* :mod:`.stress` — the stress check that costs Уверенность (combat stress among them)
* :mod:`.wounded` — a wounded character: penalties, bleeding, healing
* :mod:`.shooting` — shooting: the modifiers of one shot, two guns
* :mod:`.magic` — magic rituals: two checks
* :mod:`.temporary` — temporary loss of Уверенность and Выносливость, recovery, Luck
"""

from __future__ import annotations

from . import (
    checks, initiative, rounding, hits, damage, thrown, nervous_breakdown, alcohol,
    survival, actions, stress, wounded, shooting, magic, temporary,
)
from .checks import *  # noqa: F403
from .initiative import *  # noqa: F403
from .rounding import *  # noqa: F403
from .hits import *  # noqa: F403
from .damage import *  # noqa: F403
from .thrown import *  # noqa: F403
from .nervous_breakdown import *  # noqa: F403
from .alcohol import *  # noqa: F403
from .survival import *  # noqa: F403
from .actions import *  # noqa: F403
from .stress import *  # noqa: F403
from .wounded import *  # noqa: F403
from .shooting import *  # noqa: F403
from .magic import *  # noqa: F403
from .temporary import *  # noqa: F403

__all__: list[str] = []
__all__ += checks.__all__
__all__ += initiative.__all__
__all__ += rounding.__all__
__all__ += hits.__all__
__all__ += damage.__all__
__all__ += thrown.__all__
__all__ += nervous_breakdown.__all__
__all__ += alcohol.__all__
__all__ += survival.__all__
__all__ += actions.__all__
__all__ += stress.__all__
__all__ += wounded.__all__
__all__ += shooting.__all__
__all__ += magic.__all__
__all__ += temporary.__all__
