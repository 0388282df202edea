// Command flinkplay is the native command line of the Flink SQL Playground:
// it runs Flink SQL scripts and prints their results exactly as Apache
// Flink's SQL client does in tableau result mode.
//
//	flinkplay sql -f script.sql
//	flinkplay sql -e "SELECT 1"
//	flinkplay seed
//	flinkplay run -py my_job.py
//	flinkplay export --pyflink script.sql
package main

import (
	"os"
	"os/signal"
	_ "time/tzdata" // 'table.local-time-zone' and --timezone work without a system zone database
)

func main() {
	interrupts := make(chan os.Signal, 2)
	signal.Notify(interrupts, os.Interrupt)
	installFakerData()
	a := newApp(os.Stdin, os.Stdout, os.Stderr)
	a.interrupts = interrupts
	os.Exit(a.run(os.Args[1:]))
}
