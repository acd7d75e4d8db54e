"""What the benchmarks share: loopback checks, servers started as `make serve` does, an HTTP client."""
