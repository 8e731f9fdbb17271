#!/usr/bin/env python3
"""Writes testdata/syzygy/reference.csv: WDL and DTZ of random positions of
each table in testdata/syzygy, from python-chess's Syzygy prober, an
independent implementation that tablebase_test.go checks ours against.

Run once from the repository root, with python-chess on PYTHONPATH (no pip
needed; a checkout of github.com/niklasf/python-chess is enough):

    PYTHONPATH=/path/to/python-chess python3 tools/syzygy-reference.py > testdata/syzygy/reference.csv

The seed is fixed, so the same python-chess gives the same file.
"""
import os
import random
import sys

import chess
import chess.syzygy

DIR = "testdata/syzygy"
PER_TABLE = 300

rng = random.Random(16)


def random_board(white, black):
    """A legal position with the given pieces (letters, kings included),
    either side to move, no castling, halfmove clock 0."""
    while True:
        board = chess.Board(None)
        squares = list(chess.SQUARES)
        rng.shuffle(squares)
        ok = True
        for color, letters in ((chess.WHITE, white), (chess.BLACK, black)):
            for letter in letters:
                piece = chess.Piece.from_symbol(letter if color else letter.lower())
                sq = squares.pop()
                if piece.piece_type == chess.PAWN and chess.square_rank(sq) in (0, 7):
                    ok = False
                board.set_piece_at(sq, piece)
        if not ok:
            continue
        board.turn = rng.choice((chess.WHITE, chess.BLACK))
        if board.is_valid():
            return board


def ep_board(white, black):
    """A position where a black pawn has just moved two squares past a white
    pawn that may take it en passant (or Black's, colours swapped)."""
    while True:
        b = random_board(white, black)
        wp = b.pieces(chess.PAWN, chess.WHITE)
        bp = b.pieces(chess.PAWN, chess.BLACK)
        if not wp or not bp:
            continue
        w, k = wp.pop(), bp.pop()
        f = chess.square_file(w)
        nf = f + rng.choice((-1, 1))
        if not 0 <= nf <= 7:
            continue
        a = b.copy()
        a.remove_piece_at(w)
        a.remove_piece_at(k)
        wsq, bsq = chess.square(f, 4), chess.square(nf, 6)
        if a.piece_at(wsq) or a.piece_at(bsq) or a.piece_at(chess.square(nf, 5)) or a.piece_at(chess.square(nf, 4)):
            continue
        a.set_piece_at(wsq, chess.Piece(chess.PAWN, chess.WHITE))
        a.set_piece_at(bsq, chess.Piece(chess.PAWN, chess.BLACK))
        a.turn = chess.BLACK
        if not a.is_valid():
            continue
        m = chess.Move(bsq, chess.square(nf, 4))
        if m not in a.legal_moves:
            continue
        a.push(m)
        if a.has_legal_en_passant():
            a.clear_stack()
            return a


def main():
    out = sys.stdout
    out.write("# fen,wdl,dtz from python-chess chess.syzygy (tools/syzygy-reference.py)\n")
    names = sorted(f[:-5] for f in os.listdir(DIR) if f.endswith(".rtbw"))
    with chess.syzygy.open_tablebase(DIR) as tb:
        for name in names:
            white, black = name.split("v")
            boards = [random_board(white, black) for _ in range(PER_TABLE)]
            if "P" in white and "P" in black:
                boards += [ep_board(white, black) for _ in range(PER_TABLE // 3)]
            # Double pawn pushes give positions with an en passant square.
            for b in list(boards):
                for m in b.legal_moves:
                    if b.piece_type_at(m.from_square) == chess.PAWN and abs(m.to_square - m.from_square) == 16:
                        a = b.copy()
                        a.push(m)
                        if a.has_legal_en_passant():
                            a.clear_stack()
                            boards.append(a)
            for b in boards:
                try:
                    wdl = tb.probe_wdl(b)
                    dtz = tb.probe_dtz(b)
                except (KeyError, chess.syzygy.MissingTableError):
                    continue
                fen = b.fen(en_passant="legal")
                out.write(f"{fen},{wdl},{dtz}\n")


if __name__ == "__main__":
    main()
