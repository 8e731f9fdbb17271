// Package tablebase probes Syzygy endgame tablebases: the WDL tables (.rtbw,
// win/draw/loss under the fifty-move rule) and the DTZ tables (.rtbz,
// distance to the next capture or pawn move), read by Sightline's own code.
//
// The file format is Ronald de Man's. The ideas here (piece encoding, the
// Huffman-coded pairs blocks, resolving captures and en passant around a
// table probe, the one-ply search for the side a DTZ table leaves out) were
// learnt from public descriptions and probers (niklasf/shakmaty-syzygy,
// niklasf/python-chess, jdart1/Fathom); the code is written afresh.
//
// What it promises:
//   - Open reads each directory once; every table file is mapped into memory
//     (read whole where the platform has no mmap) and its header checked
//     then: every region it describes must lie in the file, and the file
//     must end where the data and the generator's 16-byte checksum end. A
//     file that is missing, truncated, lengthened or not a table is left out
//     and named in the errors Open returns; the others still work. A table
//     name that is not a regular file (a named pipe, a device, a directory,
//     or a link to one) is left out the same way after a stat, and never
//     opened. The
//     checksum itself is not verified (it would mean reading every file at
//     Open), so bytes damaged inside the compressed data can go unnoticed:
//     the probe then stays in bounds but may return a wrong value.
//   - A Tablebases is read-only after Open, so any number of search threads
//     may probe it at once. Close unmaps the files; no probe may run after.
//   - A probe never panics and never allocates. When the answer cannot be
//     had (a table missing, castling rights, too many pieces, a value a
//     damaged file could not hold) it reports ok == false, and the caller
//     searches on as if there were no tables.
//   - ProbeWDL is exact for a position right after a capture or pawn move
//     (halfmove clock 0); ProbeDTZ counts plies to the next zeroing move and
//     may be one ply longer than the truth where the table stores full moves
//     (as every Syzygy prober does).
package tablebase
