"""Piquet: the declarations of a hand, compared and scored at the table."""

from cribcount.piquet.declare import (
    CATEGORIES,
    FORMS,
    RULES,
    CategoryResult,
    Comparison,
    Declaration,
    Form,
    HandDeclarations,
    PicOutlook,
    PlayerScore,
    Repic,
    SideScore,
    compare,
    declare,
    read_hand,
)

__all__ = [
    "CATEGORIES",
    "FORMS",
    "RULES",
    "CategoryResult",
    "Comparison",
    "Declaration",
    "Form",
    "HandDeclarations",
    "PicOutlook",
    "PlayerScore",
    "Repic",
    "SideScore",
    "compare",
    "declare",
    "read_hand",
]
