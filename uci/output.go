package uci

import (
	"fmt"
	"io"
	"strings"
	"sync"

	"github.com/sightline-chess/sightline/engine"
)

// output is the one way to the GUI: the protocol loop and the search
// goroutine both write through it, a whole line at a time under its lock,
// and every line is copied to the engine's Debug Log File.
type output struct {
	mu  sync.Mutex
	w   io.Writer
	eng *engine.Engine
}

// line writes s and a newline.
func (o *output) line(s string) {
	o.mu.Lock()
	defer o.mu.Unlock()
	io.WriteString(o.w, s+"\n")
	o.eng.LogLine(engine.Out, s)
}

// lines writes each line of text, all under one lock so nothing interleaves.
func (o *output) lines(text string) {
	o.mu.Lock()
	defer o.mu.Unlock()
	text = strings.TrimRight(text, "\n")
	io.WriteString(o.w, text+"\n")
	for _, l := range strings.Split(text, "\n") {
		o.eng.LogLine(engine.Out, l)
	}
}

// infoString reports a message to the GUI as "info string ...", the one
// place UCI lets an engine speak freely. Newlines would end the line early,
// so they become spaces.
func (o *output) infoString(format string, args ...any) {
	msg := strings.NewReplacer("\n", " ", "\r", " ").Replace(fmt.Sprintf(format, args...))
	o.line("info string " + msg)
}
