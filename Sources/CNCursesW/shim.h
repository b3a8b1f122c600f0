#ifndef TETHER_CNCURSESW_SHIM_H
#define TETHER_CNCURSESW_SHIM_H

// The wide-character API of ncursesw (wget_wch, cchar_t, setcchar, ...).
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif

#include <errno.h>
#include <locale.h>
#include <pthread.h>
#if !__has_include(<ncursesw/curses.h>)
#error "ncursesw's headers are missing: sudo apt-get install libncurses-dev"
#endif
#include <ncursesw/curses.h>
#include <signal.h>
#include <stdlib.h>
#include <termios.h>
#include <unistd.h>
#include <sys/eventfd.h>
#include <wchar.h>
// Last: it defines capability macros (`lines`, `tab`...) that other headers must not see.
#include <ncursesw/term.h>

// Declared by glibc only under _XOPEN_SOURCE, which the Glibc module is built without.
extern int wcwidth(wchar_t character);
// <pty.h> is outside the Glibc module; openpty lives in libc since glibc 2.34.
struct winsize;
extern int openpty(int *master, int *slave, char *name, const struct termios *termios,
                   const struct winsize *size);

// MARK: - What Swift cannot import: macros and mutable globals.

static inline WINDOW *tether_stdscr(void) { return stdscr; }
static inline WINDOW *tether_curscr(void) { return curscr; }
static inline int tether_cols(void) { return COLS; }
static inline int tether_lines(void) { return LINES; }
static inline int tether_colors(void) { return COLORS; }
static inline int tether_color_pairs(void) { return COLOR_PAIRS; }
static inline int tether_color_pair(int pair) { return (int)COLOR_PAIR(pair); }
static inline int tether_key_f(int number) { return KEY_F(number); }

// MARK: - Checking a terminal type before taking the terminal over.

/// What `tether_check_terminal` found.
enum {
  TETHER_TERMINAL_USABLE = 0,
  TETHER_TERMINAL_UNKNOWN = 1,
  TETHER_TERMINAL_CANNOT_ADDRESS_CURSOR = 2,
  TETHER_TERMINAL_NO_DATABASE = 3,
};

/// Looks `type` up in terminfo and checks that it can address the cursor, without changing the
/// terminal's settings or the current curses terminal (`cur_term` is put back).
static inline int tether_check_terminal(const char *type, int fd) {
  TERMINAL *previous = cur_term;
  int error = 0;
  int found = setupterm(type, fd, &error);
  int result = TETHER_TERMINAL_USABLE;
  if (found != OK) {
    result = error == 0 ? TETHER_TERMINAL_UNKNOWN : TETHER_TERMINAL_NO_DATABASE;
    if (error == 1) result = TETHER_TERMINAL_CANNOT_ADDRESS_CURSOR;  // a hardcopy terminal
  } else {
    const char *cup = tigetstr("cup");
    if (cup == NULL || cup == (char *)-1 || tigetflag("hc") > 0) {
      result = TETHER_TERMINAL_CANNOT_ADDRESS_CURSOR;
    }
    TERMINAL *checked = cur_term;
    set_curterm(previous);
    del_curterm(checked);
    return result;
  }
  set_curterm(previous);
  return result;
}

// MARK: - Mouse masks (function-like macros Swift cannot import).

static inline mmask_t tether_mouse_all_events(void) { return ALL_MOUSE_EVENTS; }
static inline mmask_t tether_mouse_pressed(int button) {
  return NCURSES_MOUSE_MASK(button, NCURSES_BUTTON_PRESSED);
}
static inline mmask_t tether_mouse_released(int button) {
  return NCURSES_MOUSE_MASK(button, NCURSES_BUTTON_RELEASED);
}
static inline mmask_t tether_mouse_clicked(int button) {
  return NCURSES_MOUSE_MASK(button, NCURSES_BUTTON_CLICKED);
}
static inline mmask_t tether_mouse_shift(void) { return BUTTON_SHIFT; }
static inline mmask_t tether_mouse_ctrl(void) { return BUTTON_CTRL; }
static inline mmask_t tether_mouse_alt(void) { return BUTTON_ALT; }

// MARK: - Job control and the interrupt key.

/// 1 when this process group is the foreground of the terminal `fd`, 0 when another group is
/// (the shell, after `bg`), -1 when `fd` is not this process's controlling terminal.
static inline int tether_foreground_state(int fd) {
  pid_t group = tcgetpgrp(fd);
  if (group < 0) return -1;
  return group == getpgrp() ? 1 : 0;
}

/// Lets the terminal turn Ctrl-C into SIGINT again (curses' raw mode turns it off), so the key
/// still reaches a process whose event loop is stuck; Ctrl-Z and Ctrl-\\ stay plain keys and
/// typed-ahead input survives the signal. Call it after `raw()`, then `def_prog_mode()`.
static inline int tether_enable_interrupt_key(int fd) {
  struct termios settings;
  if (tcgetattr(fd, &settings) != 0) return -1;
  settings.c_lflag |= ISIG | NOFLSH;
  settings.c_cc[VINTR] = 3;
  settings.c_cc[VQUIT] = _POSIX_VDISABLE;
  settings.c_cc[VSUSP] = _POSIX_VDISABLE;
  return tcsetattr(fd, TCSANOW, &settings);
}

static inline attr_t tether_attr_normal(void) { return A_NORMAL; }
static inline attr_t tether_attr_bold(void) { return A_BOLD; }
static inline attr_t tether_attr_dim(void) { return A_DIM; }
static inline attr_t tether_attr_italic(void) { return A_ITALIC; }
static inline attr_t tether_attr_underline(void) { return A_UNDERLINE; }
static inline attr_t tether_attr_reverse(void) { return A_REVERSE; }

/// setcchar with an `int` colour pair (pairs above 32767 need the extended-colour `opts`).
static inline int tether_setcchar(cchar_t *cell, const wchar_t *text, attr_t attributes, int pair) {
  return setcchar(cell, text, attributes, 0, &pair);
}

// MARK: - Signals, handled async-signal-safely.
//
// Non-fatal signals (SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGWINCH, SIGTSTP, SIGCONT) write their
// number as one byte to a self-pipe that the screen's signal thread reads; the byte has
// TETHER_SIGNAL_FROM_TERMINAL set when the terminal itself raised the signal (Ctrl-C), as
// opposed to kill(2) from another process. Fatal signals (SIGSEGV, SIGBUS,
// SIGILL, SIGFPE, SIGABRT, SIGTRAP, SIGSYS) restore the terminal with write(2) and tcsetattr(3)
// only, then re-raise with the default action so the crash is still reported.
//
// These functions are `static`, so every Swift file that calls them gets its own copy, state
// included: only NCursesScreen.swift may call the stateful ones.

typedef struct {
  int relay_fd;
  int tty_fd;
  volatile sig_atomic_t active;
  int has_termios;
  struct termios termios;
} tether_signal_state_t;

static inline tether_signal_state_t *tether_signal_state(void) {
  static tether_signal_state_t state = {-1, -1, 0, 0};
  return &state;
}

/// Leaves the alternate screen, turns off paste and focus reporting, shows the cursor and puts
/// back the terminal settings saved by `tether_save_terminal`. Only async-signal-safe calls.
static inline void tether_emergency_restore(void) {
  tether_signal_state_t *state = tether_signal_state();
  if (!state->active || state->tty_fd < 0) return;
  state->active = 0;
  static const char sequence[] = "\033[?1006l\033[?1002l\033[?1000l\033[?1004l\033[?2004l"
                                  "\033[0m\033[?25h\033[?1049l\r\n";
  ssize_t ignored = write(state->tty_fd, sequence, sizeof sequence - 1);
  (void)ignored;
  if (state->has_termios) tcsetattr(state->tty_fd, TCSANOW, &state->termios);
}

/// Set in a relayed byte when the signal came from the terminal (the kernel), not kill(2).
#define TETHER_SIGNAL_FROM_TERMINAL 0x80

static inline int tether_signal_from_terminal(void) { return TETHER_SIGNAL_FROM_TERMINAL; }

static void tether_relay_signal(int number, siginfo_t *info, void *context) {
  (void)context;
  int saved = errno;
  int fd = tether_signal_state()->relay_fd;
  if (fd >= 0) {
    unsigned char byte = (unsigned char)number;
    if (info != NULL && info->si_code == SI_KERNEL) byte |= TETHER_SIGNAL_FROM_TERMINAL;
    ssize_t ignored = write(fd, &byte, 1);
    (void)ignored;
  }
  errno = saved;
}

static void tether_fatal_signal(int number) {
  tether_emergency_restore();
  signal(number, SIG_DFL);
  raise(number);
}

static const int tether_relayed_signals[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT,
                                             SIGWINCH, SIGTSTP, SIGCONT};
static const int tether_fatal_signals[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE,
                                           SIGABRT, SIGTRAP, SIGSYS};

static void tether_restore_at_exit(void) { tether_emergency_restore(); }

/// Saves the terminal settings of `tty_fd` for emergency restores; call before curses starts.
static inline int tether_save_terminal(int tty_fd) {
  tether_signal_state_t *state = tether_signal_state();
  state->tty_fd = tty_fd;
  state->has_termios = tcgetattr(tty_fd, &state->termios) == 0;
  static int registered = 0;
  if (!registered) {
    registered = 1;
    atexit(tether_restore_at_exit);
  }
  return state->has_termios ? 0 : -1;
}

/// Marks the terminal as taken over (1) or given back (0); emergency restores act only when 1.
static inline void tether_set_terminal_active(int active) {
  tether_signal_state()->active = active;
}

/// Installs the relay and fatal handlers; `relay_fd` is the write end of a non-blocking pipe.
static inline void tether_install_signal_handlers(int relay_fd) {
  tether_signal_state()->relay_fd = relay_fd;
  struct sigaction action;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESTART | SA_SIGINFO;
  action.sa_sigaction = tether_relay_signal;
  for (unsigned i = 0; i < sizeof tether_relayed_signals / sizeof(int); i++)
    sigaction(tether_relayed_signals[i], &action, NULL);
  action.sa_flags = SA_RESETHAND;
  action.sa_handler = tether_fatal_signal;
  for (unsigned i = 0; i < sizeof tether_fatal_signals / sizeof(int); i++)
    sigaction(tether_fatal_signals[i], &action, NULL);
}

/// Puts every handler back to the default action.
static inline void tether_remove_signal_handlers(void) {
  for (unsigned i = 0; i < sizeof tether_relayed_signals / sizeof(int); i++)
    signal(tether_relayed_signals[i], SIG_DFL);
  for (unsigned i = 0; i < sizeof tether_fatal_signals / sizeof(int); i++)
    signal(tether_fatal_signals[i], SIG_DFL);
  tether_signal_state()->relay_fd = -1;
}

/// Raises `number` with its default action on the calling thread, unblocking it first: the
/// thread running the loop may be a dispatch thread that blocks signals.
static inline void tether_raise_default(int number) {
  signal(number, SIG_DFL);
  sigset_t set, previous;
  sigemptyset(&set);
  sigaddset(&set, number);
  pthread_sigmask(SIG_UNBLOCK, &set, &previous);
  raise(number);
  pthread_sigmask(SIG_SETMASK, &previous, NULL);
}

/// Stops the process as the shell's Ctrl-Z would, returning once it is continued.
static inline void tether_stop_process(void) {
  tether_raise_default(SIGTSTP);
  struct sigaction action;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESTART | SA_SIGINFO;
  action.sa_sigaction = tether_relay_signal;
  sigaction(SIGTSTP, &action, NULL);
}

#endif
