"""bench/scale: the large data set (one workspace of 500 among ~11k users, a year of history)."""
