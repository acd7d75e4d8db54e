"""Fault and soak bench (issue 8): see run.py."""
