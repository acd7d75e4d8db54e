"""bench/soak: the mixed soak (many members, six reads, three writes, their sockets) and the overload ramp."""
