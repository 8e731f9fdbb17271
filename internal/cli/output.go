package cli

import "io"

// outputWriter is stdout for the commands: it keeps the first write error,
// so that Run can turn output lost to a full disk or a closed pipe into a
// failing exit status instead of reporting success for results nobody got.
// After an error it writes nothing more.
type outputWriter struct {
	w   io.Writer
	err error
}

func (o *outputWriter) Write(p []byte) (int, error) {
	if o.err != nil {
		return 0, o.err
	}
	n, err := o.w.Write(p)
	o.err = err
	return n, err
}
