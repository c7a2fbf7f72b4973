"""Browser tests: the built site and the widget in Chromium."""
