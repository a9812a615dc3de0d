"""A build plugin that ends the program with a message while it is imported."""

import sys

sys.exit("goodbye")
