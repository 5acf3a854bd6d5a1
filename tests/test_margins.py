"""The margins of advice: when the best leads, and when an option is alike it."""

from cribcount.margins import alike, leads


def test_a_lead_of_two_errors_separates() -> None:
    assert leads(0.02, 0.01)
    assert not leads(0.02, 0.0101)
    assert leads(0.03, 0.01, errors=3) and not leads(0.0299, 0.01, errors=3)
    # exact figures: any lead, and no lead is none
    assert leads(1e-9, 0.0)
    assert not leads(0.0, 0.0) and not leads(-0.5, 0.0)


def test_alike_is_as_much_in_every_sample() -> None:
    assert alike(0.5, 0.5, 0.0)
    assert not alike(0.5, 0.5, 0.01)  # as much on the mean, not sample by sample
    assert not alike(0.5, 0.49, 0.0)
