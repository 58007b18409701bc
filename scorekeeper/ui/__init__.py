"""The Flet app. Screens draw view models and pass taps on; they never compute a score."""
