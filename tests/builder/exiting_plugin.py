"""A build plugin that ends the program while it is imported, to test that this is reported."""

import sys

sys.exit(3)
