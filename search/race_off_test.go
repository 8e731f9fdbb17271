//go:build !race

package search

// raceBuild reports that the tests run under the race detector, which slows
// the search five to twentyfold: TestStopLatency scales its limit by it.
const raceBuild = false
