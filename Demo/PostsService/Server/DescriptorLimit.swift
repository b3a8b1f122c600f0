import Glibc

/// The process's limit on open descriptors (`RLIMIT_NOFILE`), which caps connections: many
/// systems start processes with a soft limit of 1,024.
enum DescriptorLimit {
  /// Raises the soft limit to `count`, or as far as the hard limit allows; never lowers it.
  static func raise(toAtLeast count: Int) {
    var limit = rlimit()
    guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0,
      limit.rlim_cur < rlim_t(count)
    else { return }
    limit.rlim_cur = min(rlim_t(count), limit.rlim_max)
    _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
  }
}
