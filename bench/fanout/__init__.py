"""bench/fanout: N websockets in a separate process; latency from a status POST to every socket."""
