"""The app as the browser runs it (the static site's main.py): the same app `scorekeeper serve` runs, its
games in the browser's persistent storage (scorekeeper/web/boot.py)."""
import flet as ft

from scorekeeper.web.boot import main

ft.run(main)
