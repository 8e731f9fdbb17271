// Package atomicfile writes a file so that it is never seen half written.
//
// What it promises: after Write returns, path holds data whole; while it
// runs, and if the process is killed meanwhile, path holds what it held
// before (or nothing, if it did not exist). The tools' state files (the
// trainer's checkpoints, the SPSA driver's state) are written this way, so
// a kill loses at most the step in progress.
package atomicfile
