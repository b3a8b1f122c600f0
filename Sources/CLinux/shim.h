#ifndef TETHER_CLINUX_SHIM_H
#define TETHER_CLINUX_SHIM_H

// Linux calls the Glibc module does not import.

#include <errno.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <unistd.h>

/// A file descriptor that refers to process `pid` and polls readable once it has exited
/// (`pidfd_open(2)`, Linux 5.3); -1 with `errno` set otherwise (ENOSYS on an older kernel,
/// ESRCH when there is no such process). Through syscall(2): glibc wraps it only since 2.36.
static inline int tether_pidfd_open(pid_t pid) {
#ifdef SYS_pidfd_open
  return (int)syscall(SYS_pidfd_open, pid, 0);
#else
  errno = ENOSYS;
  return -1;
#endif
}

#endif
