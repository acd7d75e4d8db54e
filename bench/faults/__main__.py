from bench.faults.run import main

main()
