// Placeholder until PostsService lands; replaced by its first real source file.
enum PostsServicePlaceholder {}
