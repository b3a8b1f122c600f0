// The network log and fault plans the devtools show and edit are TetherDiagnostics' types,
// shared with TetherInspector: an app importing TetherDevtools uses them as its own.
@_exported import TetherDiagnostics
