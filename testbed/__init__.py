"""What both the test suite (tests/) and the benchmarks (bench/) use: a real daphne server
(`daphne`), hand records, real and random (`records`), and a user with an API token (`users`).
Neither tests/ nor bench/ imports the other; both import this."""
