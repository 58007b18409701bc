"""Oh Pshaw's settlement: after the game each player settles with every other on the difference of their
final scores, at a stake per point the table agrees."""
from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Sequence

from scorekeeper.i18n import _

from .common import InvalidEntry, excerpt


@dataclass(frozen=True)
class Payment:
    payer: int
    payee: int
    amount: Decimal


@dataclass(frozen=True)
class Settlement:
    """Each player settles with every other on the difference of their final scores."""

    stake: Decimal
    payments: tuple[Payment, ...]  # one per pair of players whose scores differ
    net: tuple[Decimal, ...]  # what each seat wins (positive) or pays (negative) in all


def settle(scores: Sequence[int], stake: Decimal | int | float | str = 1) -> Settlement:
    """Who pays whom for final `scores` at `stake` per point (a refusal says what a stake must be)."""
    try:
        stake = Decimal(str(stake).strip())
    except ArithmeticError:
        raise InvalidEntry(_("The stake per point must be a number, like 0.10; {value} is not.",
                             value=excerpt(stake))) from None
    if not stake.is_finite() or stake < 0:
        raise InvalidEntry(_("The stake per point must be a number of 0 or more, like 0.10; {value} is not.",
                             value=excerpt(stake, as_text=True)))
    payments = []
    for a in range(len(scores)):
        for b in range(a + 1, len(scores)):
            difference = scores[a] - scores[b]
            if difference > 0:
                payments.append(Payment(payer=b, payee=a, amount=difference * stake))
            elif difference < 0:
                payments.append(Payment(payer=a, payee=b, amount=-difference * stake))
    net = tuple(sum((s - other) * stake for other in scores) for s in scores)
    return Settlement(stake=stake, payments=tuple(payments), net=tuple(Decimal(n) for n in net))
