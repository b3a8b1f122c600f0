// Placeholder until TetherHTTP lands; replaced by its first real source file.
enum TetherHTTPPlaceholder {}
