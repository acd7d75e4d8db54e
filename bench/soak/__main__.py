from bench.soak.run import main

main()
