"""Every control of a drawn Flet tree, for the tests that look at what a screen drew."""
from __future__ import annotations

import dataclasses
import functools


@functools.cache
def public_fields(kind: type) -> tuple[str, ...]:
    """The fields of a control or value class that a drawing goes through: not private, not skipped
    (read once per class: the tests walk every drawing of long tap sequences)."""
    return tuple(field.name for field in dataclasses.fields(kind)
                 if not field.name.startswith("_") and not field.metadata.get("skip", False))


def controls(root) -> list:
    """The controls in `root` (a control or a list), depth first, through every public field."""
    from flet.controls.base_control import BaseControl

    found = []

    def visit(value):
        if isinstance(value, list):
            for item in value:
                visit(item)
        elif isinstance(value, BaseControl):
            found.append(value)
            for name in public_fields(type(value)):
                visit(getattr(value, name, None))

    visit(root)
    return found
