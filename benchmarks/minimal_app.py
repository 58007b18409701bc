"""The baselines of the browser figures: the smallest Flet pages, served exactly as `scorekeeper serve`
serves. Without --tap, one text (first_frame_ratio); with --tap, one button counting its taps into one
text (tap_to_frame_ms)."""
import argparse
import os

import flet as ft


def main(page: ft.Page) -> None:
    page.add(ft.Text("Scorekeeper"))


def tap_main(page: ft.Page) -> None:
    count = ft.Text("Taps: 0")

    def tapped(_event) -> None:
        count.value = f"Taps: {int(count.value.split()[-1]) + 1}"
        count.update()

    page.add(ft.Button("Tap", on_click=tapped), count)


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--tap", action="store_true", help="the button-to-text page")
    args = parser.parse_args()
    os.environ.setdefault("FLET_WEB_NO_CDN", "true")
    ft.run(tap_main if args.tap else main, host=args.host, port=args.port, view=None, no_cdn=True)
