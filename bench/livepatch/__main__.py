from bench.livepatch.run import main

main()
