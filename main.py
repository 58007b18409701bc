"""The entry point `flet build apk|ipa|web` and `flet run` look for: the app itself, as a phone or
tablet runs it (its data in the folder Flet names in FLET_APP_STORAGE_DATA). On a computer, use the
`scorekeeper` command instead: it says where the app is and serves the table's other devices."""
import flet as ft

from scorekeeper.ui.app import ASSETS_DIR, main

if __name__ == "__main__":
    ft.run(main, assets_dir=ASSETS_DIR, no_cdn=True)
