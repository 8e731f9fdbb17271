// Package datagen plays self-play games at a fixed node count and writes
// every searched position, with the search's score and the game's result,
// to a compact binary file (package datafile): the training data of the
// evaluation tuner and of later networks.
//
// What it promises: with one thread, the same configuration writes the same
// file byte for byte (each game depends only on the seed and its index); a
// file cut short by a kill reads back up to its last whole game.
package datagen
