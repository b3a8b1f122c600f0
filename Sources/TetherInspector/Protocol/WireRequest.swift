import Foundation
import TetherCore
import TetherDiagnostics
import TetherJSON

/// A network record on the wire.
enum WireRequest {
  static func encode(_ request: NetworkRecord) -> JSONValue {
    var object: JSONObject = [
      "id": .number(JSONNumber(request.id)),
      "method": .string(request.method),
      "url": .string(request.url),
      "target": .string(request.target),
      "start": JSONValue(request.startDate),
      "requestHeaders": headers(request.requestHeaders),
    ]
    if let origin = request.origin {
      var fields: JSONObject = [
        "path": JSONValue(origin.path), "attempt": .number(JSONNumber(origin.attempt)),
      ]
      if let run = origin.run { fields["run"] = .number(JSONNumber(run.number)) }
      object["origin"] = .object(fields)
    }
    if let duration = request.duration {
      object["duration"] = JSONValue(duration)
      object["status"] = JSONValue(request.status)
      object["failure"] = JSONValue(request.failure)
      object["bytes"] = JSONValue(request.bytes)
      object["responseHeaders"] = headers(request.responseHeaders)
      object["body"] = .string(String(decoding: request.bodyPrefix, as: UTF8.self))
      object["fault"] = JSONValue(request.injectedFault)
      if request.isCancelled { object["cancelled"] = .bool(true) }
    }
    return .object(object)
  }

  private static func headers(_ headers: [(name: String, value: String)]) -> JSONValue {
    .array(headers.map { [.string($0.name), .string($0.value)] })
  }

  static func decode(_ json: JSONValue) -> NetworkRecord? {
    guard let id = json["id"]?.integer, id > 0, let method = json["method"]?.string,
      let url = json["url"]?.string, let start = json["start"]?.date
    else { return nil }
    let origin = json["origin"].flatMap { origin -> RequestOrigin? in
      guard let path = origin["path"]?.path else { return nil }
      let run = origin["run"]?.integer.flatMap { $0 > 0 ? OperationRunID(number: UInt64($0)) : nil }
      return RequestOrigin(path: path, run: run, attempt: origin["attempt"]?.integer ?? 1)
    }
    var request = NetworkRecord(
      id: UInt64(id), method: method, url: url, target: json["target"]?.string ?? url,
      startDate: start, requestHeaders: headers(json["requestHeaders"]), origin: origin)
    if let duration = json["duration"]?.duration {
      request.duration = duration
      request.status = json["status"]?.integer
      request.failure = json["failure"]?.string
      request.bytes = json["bytes"]?.integer
      request.responseHeaders = headers(json["responseHeaders"])
      request.bodyPrefix = Data((json["body"]?.string ?? "").utf8)
      request.injectedFault = json["fault"]?.string
      request.isCancelled = json["cancelled"]?.bool ?? false
    }
    return request
  }

  private static func headers(_ json: JSONValue?) -> [(name: String, value: String)] {
    (json?.array ?? []).compactMap { pair in
      guard let parts = pair.array, parts.count == 2, let name = parts[0].string,
        let value = parts[1].string
      else { return nil }
      return (name, value)
    }
  }
}
