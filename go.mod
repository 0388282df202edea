module github.com/flinkplay/flinkplay

go 1.26.2

require github.com/dolthub/vitess v0.0.0-20260624214226-81d034e0fde8 // indirect
