"""Benchmarks of issue 8 (see README.md). Run from the repository root: `python -m bench.<name>`."""
