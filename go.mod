module github.com/flinkplay/flinkplay

go 1.26.2

require github.com/dolthub/vitess v0.0.0-20260624214226-81d034e0fde8

require (
	github.com/golang/protobuf v1.5.3 // indirect
	google.golang.org/genproto v0.0.0-20230410155749-daa745c078e1 // indirect
	google.golang.org/grpc v1.56.3 // indirect
	google.golang.org/protobuf v1.33.0 // indirect
)
