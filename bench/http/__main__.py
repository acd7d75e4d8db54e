from bench.http.run import main

main()
