"""Cassino, for two to four players or two partnerships, in its classic, Royal, Spade
and Draw forms.

The modules, each stating the rules it applies:

- :mod:`~cribcount.cassino.forms`: the forms, the card values, the seats and sides.
"""
