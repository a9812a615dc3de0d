"""A build plugin that fails while it is imported, to test that the error is one line."""

raise RuntimeError("this plugin is broken on purpose")
