// swift-tools-version: 6.2
import PackageDescription

let package = Package(
  name: "Tether",
  products: [
    .library(name: "TetherCore", targets: ["TetherCore"]),
    .library(name: "TetherHTTP", targets: ["TetherHTTP"]),
    .library(name: "TetherTerminal", targets: ["TetherTerminal"]),
    .library(name: "TetherTime", targets: ["TetherTime"]),
    .library(name: "TetherDevtools", targets: ["TetherDevtools"]),
    .library(name: "TetherDevtoolsHTTP", targets: ["TetherDevtoolsHTTP"]),
    .library(name: "TetherPersistence", targets: ["TetherPersistence"]),
    .library(name: "TetherInspector", targets: ["TetherInspector"]),
    .library(name: "TetherDiagnostics", targets: ["TetherDiagnostics"]),
    .library(name: "TetherDiagnosticsHTTP", targets: ["TetherDiagnosticsHTTP"]),
    .executable(name: "posts", targets: ["PostsApp"]),
    .executable(name: "posts-server", targets: ["PostsServerTool"]),
    .executable(name: "posts-watch", targets: ["PostsWatch"]),
    .executable(name: "terminal-sample", targets: ["TerminalSample"]),
    .executable(name: "tether-bench", targets: ["TetherBench"]),
    .executable(name: "tether", targets: ["TetherTool"]),
  ],
  targets: [
    // Libraries
    .target(
      name: "TetherCore", dependencies: ["TetherTime", "TetherJSON", "TetherSynchronization"]),
    .target(
      name: "TetherHTTP",
      dependencies: ["CCurl", "TetherCore", "TetherJSON", "TetherSynchronization"]),
    // libcurl from the system, for CurlTransport; `.ci/run` installs it. Without its headers the
    // build says which package to install (here, and in the shim's `#error`).
    .systemLibrary(
      name: "CCurl", pkgConfig: "libcurl", providers: [.apt(["libcurl4-openssl-dev"])]),
    // ncursesw from the system (`libncurses-dev`); `.ci/run` installs it where it is missing.
    // No `pkgConfig:` on purpose: its `-D` cflags are flags SwiftPM prohibits and warns about;
    // without the headers the shim's `#error` names the package to install.
    .systemLibrary(name: "CNCursesW"),
    .target(
      name: "TetherTerminal",
      dependencies: ["CNCursesW", "TetherTime", "TetherSynchronization", "TetherSystem"]),
    // The one clock abstraction of the package, shared by TetherCore and TetherTerminal.
    .target(name: "TetherTime", dependencies: ["TetherSynchronization"]),
    // The store browser, store detail, run timeline, network log and faults dialog any
    // terminal app embeds; the HTTP adapter feeds the network log and injects client faults.
    .target(
      name: "TetherDevtools",
      dependencies: [
        "TetherCore", "TetherDiagnostics", "TetherJSON", "TetherTerminal",
        "TetherSynchronization", "TetherSystem",
      ]),
    .target(
      name: "TetherDevtoolsHTTP",
      dependencies: [
        "TetherDevtools", "TetherDiagnosticsHTTP", "TetherHTTP", "TetherSynchronization",
      ]),
    // What the devtools and the inspector share, with no terminal and no HTTP client: the
    // network log and the fault plans; the HTTP adapter feeds the log and injects client faults.
    .target(
      name: "TetherDiagnostics", dependencies: ["TetherCore", "TetherJSON", "TetherSynchronization"]),
    .target(
      name: "TetherDiagnosticsHTTP",
      dependencies: ["TetherDiagnostics", "TetherHTTP", "TetherCore", "TetherSynchronization"]),
    // The one JSON library: parser with limits, ordered value, writer, Codable coders.
    .target(name: "TetherJSON"),
    // The one lock every target uses: `Mutex` made visible to ThreadSanitizer.
    .target(name: "TetherSynchronization"),
    // The one command-line parser every executable uses: declarations, --help, man pages.
    .target(name: "TetherCommandLine"),
    // Files and folders only this user can read (0600/0700, no symbolic links followed).
    .target(name: "TetherSystem", dependencies: ["CLinux"]),
    // Linux calls the Glibc module does not import (pidfd_open).
    .systemLibrary(name: "CLinux"),
    // Makes a process's stores, runs and requests browsable from `tether attach` over a socket.
    .target(
      name: "TetherInspector",
      dependencies: [
        "TetherCore", "TetherDiagnostics", "TetherJSON", "TetherSystem", "TetherSynchronization",
      ]),
    // The viewer's side: another process's stores and requests as a devtools store source,
    // live over its inspector's socket or from a recording.
    .target(
      name: "TetherAttach",
      dependencies: [
        "TetherDevtools", "TetherInspector", "TetherCore", "TetherJSON", "TetherSystem",
        "TetherSynchronization",
      ]),
    // A client's cache on disk: SQLite from the system (`libsqlite3-dev`; `.ci/run` installs it).
    .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
    .target(
      name: "TetherPersistence",
      dependencies: [
        "CSQLite", "TetherCore", "TetherTime", "TetherSynchronization", "TetherSystem",
      ]),

    // Demo: the Posts service, the Posts browser and a small TetherTerminal sample.
    .target(
      name: "PostsService",
      dependencies: [
        "TetherHTTP", "TetherJSON", "TetherTime", "TetherSynchronization", "TetherCommandLine",
        "TetherDiagnostics",
      ],
      path: "Demo/PostsService"),
    .executableTarget(
      name: "PostsServerTool",
      dependencies: ["PostsService", "TetherCommandLine", "TetherSystem", "TetherTerminal"],
      path: "Demo/PostsServerTool"),
    .target(
      name: "PostsBrowser",
      dependencies: [
        "TetherCore", "TetherHTTP", "TetherTerminal", "PostsService", "TetherPersistence",
        "TetherDevtools", "TetherDevtoolsHTTP", "TetherCommandLine", "TetherSystem",
        "TetherInspector", "TetherDiagnosticsHTTP", "TetherAttach",
      ],
      path: "Demo/PostsBrowser"
    ),
    // Release builds link the Swift runtime and Foundation inside: resolving their symbols
    // across shared libraries was half of the browser's start (12 of 24 ms before its first
    // frame). With lld, which does not repeat glibc's link-time warnings about functions
    // Foundation uses. Debug builds (and the sanitizers') stay dynamic.
    .executableTarget(
      name: "PostsApp", dependencies: ["PostsBrowser"], path: "Demo/PostsApp",
      linkerSettings: [
        .unsafeFlags(
          [
            "-static-stdlib", "-use-ld=lld",
            // What Foundation's static libraries need besides themselves (the modules were
            // compiled against the shared ones, whose objects name only these).
            "-lCoreFoundation", "-l_CFURLSessionInterface", "-l_FoundationCShims",
            "-l_FoundationCollections", "-l_FoundationICU",
          ], .when(configuration: .release))
      ]),
    // A headless TetherCore program that `tether attach` shows: it polls the feed and prints.
    .executableTarget(
      name: "PostsWatch",
      dependencies: [
        "PostsBrowser", "PostsService", "TetherCore", "TetherHTTP", "TetherInspector",
        "TetherDiagnostics", "TetherDiagnosticsHTTP", "TetherCommandLine",
      ],
      path: "Demo/PostsWatch"),
    .executableTarget(
      name: "TerminalSample",
      dependencies: [
        "TetherTerminal", "TetherCore", "TetherHTTP", "TetherDevtools", "TetherDiagnostics",
        "TetherDiagnosticsHTTP", "TetherCommandLine",
      ],
      path: "Demo/TerminalSample"
    ),

    // Tools
    // `tether list | attach | record | replay`: the devtools on any inspectable process.
    .executableTarget(
      name: "TetherTool",
      dependencies: [
        "TetherAttach", "TetherDevtools", "TetherTerminal", "TetherCommandLine", "TetherSystem",
      ]),
    .executableTarget(
      name: "TetherBench",
      dependencies: [
        "TetherCore", "TetherHTTP", "TetherTerminal", "PostsService", "PostsBrowser",
        "TetherSynchronization", "TetherPersistence", "TetherJSON", "TetherCommandLine",
        "TetherInspector", "TetherAttach", "TetherDevtools", "TetherSystem",
      ]
    ),

    // Tests
    .testTarget(name: "TetherTimeTests", dependencies: ["TetherTime"]),
    // The README's and the catalogs' Swift blocks against their mirrors in the test targets.
    .testTarget(name: "DocumentationTests"),
    .testTarget(name: "TetherJSONTests", dependencies: ["TetherJSON"]),
    .testTarget(name: "TetherCommandLineTests", dependencies: ["TetherCommandLine"]),
    .testTarget(name: "TetherSystemTests", dependencies: ["TetherSystem"]),
    .testTarget(name: "TetherBenchTests", dependencies: ["TetherBench"]),
    .testTarget(
      name: "TetherInspectorTests",
      dependencies: [
        "TetherInspector", "TetherDiagnostics", "TetherDiagnosticsHTTP", "TetherAttach",
        "TetherDevtools", "TetherCore", "TetherHTTP", "TetherJSON", "TetherSystem",
        "EndToEndSupport",
      ]),
    .testTarget(
      name: "TetherCoreTests", dependencies: ["TetherCore", "TetherJSON", "TetherSynchronization"]),
    .testTarget(
      name: "TetherHTTPTests",
      dependencies: ["TetherHTTP", "TetherJSON", "TetherSynchronization", "EndToEndSupport"]),
    .testTarget(name: "TetherTerminalTests", dependencies: ["TetherTerminal", "EndToEndSupport"]),
    .testTarget(
      name: "TetherDiagnosticsTests",
      dependencies: ["TetherDiagnostics", "TetherDiagnosticsHTTP", "TetherHTTP", "TetherCore"]),
    .testTarget(
      name: "TetherDevtoolsTests",
      dependencies: [
        "TetherDevtools", "TetherDevtoolsHTTP", "TetherHTTP", "TetherJSON",
        "TetherSynchronization", "EndToEndSupport",
      ]),
    .testTarget(
      name: "TetherPersistenceTests",
      dependencies: [
        "TetherPersistence", "TetherTime", "TetherSynchronization", "EndToEndSupport",
      ]),
    // The child the kill -9 test of TetherPersistence writes with and kills.
    .executableTarget(
      name: "PersistenceProbe", dependencies: ["TetherPersistence", "TetherCommandLine"],
      path: "Tests/PersistenceProbe"),
    .testTarget(
      name: "PostsServiceTests",
      dependencies: [
        "PostsService", "TetherJSON", "TetherSynchronization", "TetherCommandLine",
        "TetherDiagnostics", "EndToEndSupport",
      ]),
    .testTarget(
      name: "PostsBrowserTests",
      dependencies: [
        "PostsBrowser", "TetherCommandLine", "EndToEndSupport", "TetherInspector", "TetherSystem",
      ]),
    // tmux sessions and subprocesses for the end-to-end tests of the built executables, the
    // hostile loopback HTTP server the transport and browser tests share, and their hang guards.
    .target(
      name: "EndToEndSupport", dependencies: ["TetherSynchronization", "TetherHTTP"],
      path: "Tests/EndToEndSupport"),
  ]
)
