"""Numbers in words, as players announce them ("fifteen six", "Forty-one"), and counts of things."""

_UNITS = (
    *("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"),
    *("ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen"),
    *("seventeen", "eighteen", "nineteen"),
)
_TENS = ("twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")


def number_word(n: int) -> str:
    """English words for 0 to 99: ``number_word(41) == 'forty-one'``."""
    if not 0 <= n < 100:
        raise ValueError(f"no words for {n}: expected 0 to 99")
    if n < 20:
        return _UNITS[n]
    tens, units = divmod(n, 10)
    return _TENS[tens - 2] + (f"-{_UNITS[units]}" if units else "")


def counted(number: int, noun: str) -> str:
    """The number in figures and the noun, plural unless one: ``'1 hand'``, ``'3 hands'``,
    ``'1,815 holdings'``."""
    return f"{number:,} {noun}" if number == 1 else f"{number:,} {noun}s"
