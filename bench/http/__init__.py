"""bench/http: the bare view vs each hot read, in interleaved rounds (see __main__.py)."""
