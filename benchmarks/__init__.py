"""Benchmarks for `make bench`: each figure is reported next to a baseline measured in the same run."""
