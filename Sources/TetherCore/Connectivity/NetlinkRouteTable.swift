/// What the kernel says about links and routes, rebuilt from rtnetlink messages: the
/// connectivity is online when a default route of the main table leaves through a link that
/// is up and running and is not the loopback.
///
/// It never sends a packet anywhere: routes and links are what the kernel already knows, and
/// it tells every change as it happens.
struct NetlinkRouteTable: Sendable, Equatable {
  /// The flags of each link, by interface index.
  private(set) var links: [Int32: UInt32] = [:]
  /// The default routes: address family and outgoing interface (0 when it has several).
  private(set) var defaultRoutes: Set<DefaultRoute> = []

  struct DefaultRoute: Hashable, Sendable {
    var family: UInt8
    var interface: Int32
  }

  init() {}

  /// Whether a default route leaves through a usable link.
  var isOnline: Bool {
    defaultRoutes.contains { route in
      route.interface == 0
        ? links.values.contains(where: Self.isUsable)
        : links[route.interface].map(Self.isUsable) ?? false
    }
  }

  static func isUsable(_ flags: UInt32) -> Bool {
    flags & Netlink.up != 0 && flags & (Netlink.running | Netlink.lowerUp) != 0
      && flags & Netlink.loopback == 0
  }

  /// Applies every message in `bytes` (one `recv`); returns whether one of them ended a dump.
  @discardableResult
  mutating func apply(_ bytes: [UInt8]) -> Bool {
    var offset = 0
    var isDone = false
    while offset + Netlink.headerSize <= bytes.count {
      let length = Int(bytes.uint32(at: offset))
      let type = bytes.uint16(at: offset + 4)
      guard length >= Netlink.headerSize, offset + length <= bytes.count else { break }
      let payload = offset + Netlink.headerSize
      let end = offset + length
      switch type {
      case Netlink.done, Netlink.error: isDone = true
      case Netlink.newLink, Netlink.deleteLink: applyLink(bytes, from: payload, to: end, type: type)
      case Netlink.newRoute, Netlink.deleteRoute:
        applyRoute(bytes, from: payload, to: end, type: type)
      default: break
      }
      offset += Netlink.aligned(length)
    }
    return isDone
  }

  private mutating func applyLink(_ bytes: [UInt8], from start: Int, to end: Int, type: UInt16) {
    guard start + 16 <= end else { return }
    let index = Int32(bitPattern: bytes.uint32(at: start + 4))
    let flags = bytes.uint32(at: start + 8)
    if type == Netlink.newLink {
      links[index] = flags
    } else {
      links[index] = nil
    }
  }

  private mutating func applyRoute(_ bytes: [UInt8], from start: Int, to end: Int, type: UInt16) {
    guard start + 12 <= end else { return }
    let family = bytes[start]
    let destinationLength = bytes[start + 1]
    var table = UInt32(bytes[start + 4])
    let routeType = bytes[start + 7]
    var interface: Int32 = 0
    var attribute = start + 12
    while attribute + 4 <= end {
      let length = Int(bytes.uint16(at: attribute))
      let kind = bytes.uint16(at: attribute + 2)
      guard length >= 4, attribute + length <= end else { break }
      if kind == Netlink.attributeOutputInterface, length >= 8 {
        interface = Int32(bitPattern: bytes.uint32(at: attribute + 4))
      } else if kind == Netlink.attributeTable, length >= 8 {
        table = bytes.uint32(at: attribute + 4)
      }
      attribute += Netlink.aligned(length)
    }
    guard destinationLength == 0, routeType == Netlink.unicast, table == Netlink.mainTable
    else { return }
    let route = DefaultRoute(family: family, interface: interface)
    if type == Netlink.newRoute {
      defaultRoutes.insert(route)
    } else {
      defaultRoutes.remove(route)
    }
  }
}

/// The rtnetlink constants and layouts used here (linux/netlink.h, linux/rtnetlink.h,
/// linux/if.h), which the C library headers Swift imports do not include.
enum Netlink {
  static let headerSize = 16
  static let noop: UInt16 = 1
  static let error: UInt16 = 2
  static let done: UInt16 = 3
  static let newLink: UInt16 = 16
  static let deleteLink: UInt16 = 17
  static let getLink: UInt16 = 18
  static let newRoute: UInt16 = 24
  static let deleteRoute: UInt16 = 25
  static let getRoute: UInt16 = 26
  static let request: UInt16 = 0x1
  static let dump: UInt16 = 0x300
  static let attributeOutputInterface: UInt16 = 4
  static let attributeTable: UInt16 = 15
  static let unicast: UInt8 = 1
  static let mainTable: UInt32 = 254
  static let up: UInt32 = 0x1
  static let loopback: UInt32 = 0x8
  static let running: UInt32 = 0x40
  static let lowerUp: UInt32 = 0x10000
  static let linkGroup: UInt32 = 0x1
  static let ipv4RouteGroup: UInt32 = 0x40
  static let ipv6RouteGroup: UInt32 = 0x400

  static func aligned(_ length: Int) -> Int { (length + 3) & ~3 }

  /// A dump request: a header followed by `bodySize` zero bytes (an `ifinfomsg` or `rtmsg`
  /// with family AF_UNSPEC).
  static func dumpRequest(type: UInt16, bodySize: Int, sequence: UInt32) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.append(uint32: UInt32(headerSize + bodySize))
    bytes.append(uint16: type)
    bytes.append(uint16: request | dump)
    bytes.append(uint32: sequence)
    bytes.append(uint32: 0)
    bytes += [UInt8](repeating: 0, count: bodySize)
    return bytes
  }
}

extension [UInt8] {
  func uint16(at offset: Int) -> UInt16 {
    UInt16(self[offset]) | UInt16(self[offset + 1]) << 8
  }

  func uint32(at offset: Int) -> UInt32 {
    UInt32(uint16(at: offset)) | UInt32(uint16(at: offset + 2)) << 16
  }

  mutating func append(uint16 value: UInt16) {
    append(UInt8(value & 0xff))
    append(UInt8(value >> 8))
  }

  mutating func append(uint32 value: UInt32) {
    append(uint16: UInt16(value & 0xffff))
    append(uint16: UInt16(value >> 16))
  }
}
