"""Rubicon Bézique, for two, by the laws club players settle disputes with: four packs,
nine cards each, the declarations and when cards may be used again, the last nine tricks,
and the game computed.

- :mod:`~cribcount.bezique.pack`: the four packs, the order in play, the brisques.
- :mod:`~cribcount.bezique.declare`: the declarations and their points, when cards may be
  used again, a hand's combinations, and a deal's declarations checked in order.
- :mod:`~cribcount.bezique.game`: the game computed from the two scores and the brisques.
- :mod:`~cribcount.bezique.tricks`: the last nine tricks, their rules and their plain
  minimax, and the solution with both hands known.
- :mod:`~cribcount.bezique.tricks_kernel`: the kernel of the last nine tricks.
"""
