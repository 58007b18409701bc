"""The baseline for tap_to_frame_ms: the smallest Flet page with one button and one text that
counts its taps, served exactly as `scorekeeper serve` serves (web, no CDN)."""
import argparse
import os

import flet as ft


def main(page: ft.Page) -> None:
    count = ft.Text("Taps: 0")

    def tapped(_event) -> None:
        count.value = f"Taps: {int(count.value.split()[-1]) + 1}"
        count.update()

    page.add(ft.Button("Tap", on_click=tapped), count)


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, required=True)
    args = parser.parse_args()
    os.environ.setdefault("FLET_WEB_NO_CDN", "true")
    ft.run(main, host=args.host, port=args.port, view=None, no_cdn=True)
