// Placeholder until TetherCore lands; replaced by its first real source file.
enum TetherCorePlaceholder {}
