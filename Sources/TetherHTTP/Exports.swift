// The decoding limits an endpoint and the client's defaults take (`JSONLimits`) come with
// TetherHTTP, so `import TetherHTTP` is all an app needs to set them: TetherJSON is an internal
// target, not a product of the package.
@_exported import struct TetherJSON.JSONLimits
