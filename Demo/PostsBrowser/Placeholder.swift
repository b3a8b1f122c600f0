// Placeholder until PostsBrowser lands; replaced by its first real source file.
enum PostsBrowserPlaceholder {}
