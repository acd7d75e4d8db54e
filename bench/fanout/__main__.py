from bench.fanout.run import main

main()
