"""tokyo.core.state.turn_order_labels: a seat's place in the turn order as a record label."""


def test_turn_order_labels():
    from tokyo.core.state import turn_order_labels
    assert turn_order_labels(0, 2) == ["1st", "2nd"]
    assert turn_order_labels(2, 4) == ["3rd", "4th", "1st", "2nd"]
    assert turn_order_labels(4, 5) == ["2nd", "3rd", "4th", "5th", "1st"]
