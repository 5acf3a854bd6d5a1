"""Cassino, for two to four players or two partnerships, in its classic, Royal, Spade
and Draw forms.

The modules, each stating the rules it applies:

- :mod:`~cribcount.cassino.forms`: the forms, the card values, the seats and sides;
- :mod:`~cribcount.cassino.table`: the table, its builds and its notation;
- :mod:`~cribcount.cassino.moves`: the legal plays of a position, a play applied
  (:mod:`~cribcount.cassino.moves_kernel` its kernel);
- :mod:`~cribcount.cassino.notation`: plays in words, read and written;
- :mod:`~cribcount.cassino.deal`: a whole deal replayed and checked;
- :mod:`~cribcount.cassino.count`: the count of a deal;
- :mod:`~cribcount.cassino.game`: the game settled from its deals.
"""
