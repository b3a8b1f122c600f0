#ifndef TETHER_CSQLITE_SHIM_H
#define TETHER_CSQLITE_SHIM_H

#if !__has_include(<sqlite3.h>)
#error "SQLite's headers are missing: sudo apt-get install libsqlite3-dev"
#endif
#include <sqlite3.h>

// MARK: - What Swift cannot import: macros.

/// `SQLITE_TRANSIENT`: sqlite copies the bound text or blob before the bind call returns.
static inline sqlite3_destructor_type csqlite_transient(void) { return SQLITE_TRANSIENT; }

#endif
