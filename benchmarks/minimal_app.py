"""The baseline for first_frame_ratio: the smallest Flet page, served exactly as `scorekeeper serve` serves."""
import argparse
import os

import flet as ft


def main(page: ft.Page) -> None:
    page.add(ft.Text("Scorekeeper"))


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, required=True)
    args = parser.parse_args()
    os.environ.setdefault("FLET_WEB_NO_CDN", "true")
    ft.run(main, host=args.host, port=args.port, view=None, no_cdn=True)
