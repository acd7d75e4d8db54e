"""bench/bundle: initial JS per route against a budget, and LCP/INP of /office (node scripts here)."""
