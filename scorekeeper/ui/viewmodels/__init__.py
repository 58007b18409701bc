"""The UI's state as plain Python: no Flet here. Screens draw these and pass taps on; every figure a
screen shows comes from the rules engine (points, totals, standings, forbidden bids) or storage."""
