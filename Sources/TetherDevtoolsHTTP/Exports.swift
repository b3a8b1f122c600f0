// The network log observer and the client-side fault injector are TetherDiagnosticsHTTP's,
// shared with TetherInspector's users: an app importing TetherDevtoolsHTTP uses them as its own.
@_exported import TetherDiagnosticsHTTP
