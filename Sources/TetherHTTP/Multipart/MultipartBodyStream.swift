import Foundation

/// The `httpBodyStream` of a request with a ``MultipartForm`` body: it reads the form a buffer
/// at a time, files from disk as their turn comes. ``CurlTransport`` recognises it and reads the
/// form itself (again from the start after a 307 or 308); other transports read the stream.
final class MultipartBodyStream: InputStream {
  /// The form the stream reads.
  let form: MultipartForm
  /// The body as bytes and files of known sizes.
  let segments: [MultipartSegment]
  private var reader: MultipartReader?
  private var status = Stream.Status.notOpen
  private var failure: (any Error)?

  init(_ form: MultipartForm, segments: [MultipartSegment]) {
    self.form = form
    self.segments = segments
    super.init(data: Data())
  }

  override func open() {
    reader = MultipartReader(segments)
    status = .open
  }

  override func close() {
    reader = nil
    status = .closed
  }

  override var streamStatus: Stream.Status { status }
  override var streamError: (any Error)? { failure }
  override var hasBytesAvailable: Bool { status == .open }

  override func read(_ buffer: UnsafeMutablePointer<UInt8>, maxLength length: Int) -> Int {
    guard let reader, status == .open else { return -1 }
    do {
      let count = try reader.read(into: UnsafeMutableRawBufferPointer(start: buffer, count: length))
      if count == 0 { status = .atEnd }
      return count
    } catch {
      failure = error
      status = .error
      return -1
    }
  }

  override func getBuffer(
    _ buffer: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>,
    length: UnsafeMutablePointer<Int>
  ) -> Bool { false }
}
