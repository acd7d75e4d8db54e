from bench.offline.run import main

main()
