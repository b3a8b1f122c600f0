// Placeholder until TetherTerminal lands; replaced by its first real source file.
enum TetherTerminalPlaceholder {}
