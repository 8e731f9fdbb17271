module github.com/sightline-chess/sightline

go 1.23

require (
	github.com/notnil/chess v1.10.0
	github.com/rs/zerolog v1.35.1
	golang.org/x/sys v0.29.0
)

require (
	github.com/mattn/go-colorable v0.1.14 // indirect
	github.com/mattn/go-isatty v0.0.20 // indirect
)
