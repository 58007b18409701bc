"""Scorekeeper as a static web site whose Python runs in the browser (issue 40, "the phone alone").

build.py (on a computer) writes the site: Flet's web client and Pyodide from the installed flet_web, the
app, every wheel it imports, a manifest and a service worker. boot.py runs in the browser: it keeps the
database in the browser's persistent storage (Pyodide's IDBFS) and starts the same app `serve` runs.
What the browser can and cannot do is said in one place, scorekeeper/capabilities.py.
"""
