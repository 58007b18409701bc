"""Every control of a drawn Flet tree, for the tests that look at what a screen drew."""
from __future__ import annotations

import dataclasses


def controls(root) -> list:
    """The controls in `root` (a control or a list), depth first, through every public field."""
    from flet.controls.base_control import BaseControl

    found = []
    names_of: dict[type, tuple[str, ...]] = {}  # a class's public fields, read once (the walk is hot)

    def visit(value):
        if isinstance(value, list):
            for item in value:
                visit(item)
        elif isinstance(value, BaseControl):
            found.append(value)
            kind = type(value)
            if kind not in names_of:
                names_of[kind] = tuple(field.name for field in dataclasses.fields(value)
                                       if not field.name.startswith("_") and not field.metadata.get("skip", False))
            for name in names_of[kind]:
                visit(getattr(value, name, None))

    visit(root)
    return found
