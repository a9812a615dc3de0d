"""A build plugin that prints while it is imported (and registers nothing)."""

import sys

print("hello from a plugin")
print("and a warning", file=sys.stderr)
