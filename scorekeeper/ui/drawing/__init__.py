"""Flet drawings shared by the screens: the step being entered and the score card, for every kind."""
