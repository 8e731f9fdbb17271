package cli

// Synopses are the commands' arguments as `sightline help` shows them
// under its list of commands: every flag the README and docs use, with the
// forms that exclude each other on lines of their own. Each command's -h
// lists all its flags.
const Synopses = `  sightline bench [-hce | -net FILE.nnue] [depth]
                                            -hce: the hand-written evaluation; -net: that net
  sightline perft [-depth] N [-fen FEN] [-divide] [-chess960]
  sightline perft -epd FILE [-max-depth N]
  sightline datagen -out FILE [-append] -games N [-nodes 5000] [-depth D] [-threads T]
                    [-hash 1] [-random-plies 8] [-book FILE.epd] [-seed S] [-nnue | -net FILE.nnue]
  sightline datagen -convert FILE -to OUT.epd|OUT.bin
  sightline fit -data FILE[,FILE...] [-epochs 400] [-lambda 0.5] [-lr 1]
                [-limit N] [-k K] [-reg R] [-out FILE]
                                            -out: default eval/params.go of the checkout
                                            around the working directory
  sightline fit -fit-wdl -data FILE[,FILE...] [-limit N]
  sightline fit -fit-wdl -pgn FILE[,FILE...] [-player NAME] [-limit N]
                                            -pgn: games fastchess or cutechess-cli
                                            wrote, scores in the move comments
  sightline train -data FILE[,FILE...] -out NET.nnue [-epochs 10] [-lr 0.001]
                  [-lr-drop 3] [-lr-gamma 0.3] [-lr-cosine] [-lr-end 1e-5] [-lambda 0.3]
                  [-mobility inputs|table|none | -no-mobility] [-batch 8192] [-buckets 1|8]
                  [-wd W] [-init NET.nnue] [-keep-best] [-valid-every 20]
                  [-checkpoint FILE] [-limit N] [-name NAME] [-seed S] [-threads T] [-hmirror]
                  [-king-buckets none|wings4|wings7]
  sightline genfens N seed S book <None|FILE> [quit]`
