"""Piquet: its forms and rule sets, the declarations compared and scored at
the table, the exchange weighed over every draw, the play scored trick by
trick and solved double dummy, and the partie (au cent or Rubicon).

The exchange (:mod:`cribcount.piquet.exchange`, which imports numba) and the
play solved (:mod:`cribcount.piquet.solve`) are imported from their modules;
the rest is re-exported here.
"""

from cribcount.piquet.declare import (
    CATEGORIES,
    CategoryResult,
    Comparison,
    Declaration,
    HandDeclarations,
    PicOutlook,
    PlayerScore,
    Repic,
    SideScore,
    compare,
    declare,
    read_hand,
)
from cribcount.piquet.forms import FORMS, ROLES, RUBICON_FORM, RULES, Form, form_of
from cribcount.piquet.game import (
    GAME_RULES,
    DealRow,
    GameError,
    Partie,
    read_deals,
    settle_game,
)
from cribcount.piquet.play import DealPlay, PlayScore, Trick, read_played, score_play

__all__ = [
    "CATEGORIES",
    "FORMS",
    "GAME_RULES",
    "ROLES",
    "RUBICON_FORM",
    "RULES",
    "CategoryResult",
    "Comparison",
    "DealPlay",
    "DealRow",
    "Declaration",
    "Form",
    "GameError",
    "HandDeclarations",
    "Partie",
    "PicOutlook",
    "PlayScore",
    "PlayerScore",
    "Repic",
    "SideScore",
    "Trick",
    "compare",
    "declare",
    "form_of",
    "read_deals",
    "read_hand",
    "read_played",
    "score_play",
    "settle_game",
]
