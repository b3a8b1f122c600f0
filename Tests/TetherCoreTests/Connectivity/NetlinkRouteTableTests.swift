import Testing

@testable import TetherCore

@Suite struct NetlinkRouteTableTests {
  /// One rtnetlink message: header, body, attributes (type, 32-bit value).
  func message(type: UInt16, body: [UInt8], attributes: [(UInt16, UInt32)] = []) -> [UInt8] {
    var payload = body
    for (kind, value) in attributes {
      payload.append(uint16: 8)
      payload.append(uint16: kind)
      payload.append(uint32: value)
    }
    var bytes: [UInt8] = []
    bytes.append(uint32: UInt32(16 + payload.count))
    bytes.append(uint16: type)
    bytes.append(uint16: 0)
    bytes.append(uint32: 1)
    bytes.append(uint32: 0)
    return bytes + payload
  }

  func link(_ index: Int32, flags: UInt32, deleted: Bool = false) -> [UInt8] {
    var body: [UInt8] = [0, 0]
    body.append(uint16: 1)
    body.append(uint32: UInt32(bitPattern: index))
    body.append(uint32: flags)
    body.append(uint32: 0)
    return message(type: deleted ? Netlink.deleteLink : Netlink.newLink, body: body)
  }

  func defaultRoute(via index: Int32, family: UInt8 = 2, deleted: Bool = false) -> [UInt8] {
    let body: [UInt8] = [family, 0, 0, 0, 254, 3, 0, 1, 0, 0, 0, 0]
    return message(
      type: deleted ? Netlink.deleteRoute : Netlink.newRoute, body: body,
      attributes: [
        (Netlink.attributeTable, 254), (Netlink.attributeOutputInterface, UInt32(index)),
      ])
  }

  let running = Netlink.up | Netlink.running | Netlink.lowerUp

  @Test func onlineWithADefaultRouteThroughARunningLink() {
    var table = NetlinkRouteTable()
    #expect(!table.isOnline)
    table.apply(link(1, flags: Netlink.up | Netlink.loopback | Netlink.running))
    table.apply(link(2, flags: running) + defaultRoute(via: 2))
    #expect(table.isOnline)
    table.apply(link(2, flags: Netlink.up))  // the cable is pulled
    #expect(!table.isOnline)
    table.apply(link(2, flags: running))
    #expect(table.isOnline)
    table.apply(defaultRoute(via: 2, deleted: true))  // the route goes (Wi-Fi lost, VPN down)
    #expect(!table.isOnline)
  }

  @Test func theLoopbackAndOtherTablesDoNotCount() {
    var table = NetlinkRouteTable()
    table.apply(link(1, flags: Netlink.up | Netlink.loopback | Netlink.running))
    table.apply(defaultRoute(via: 1))
    #expect(!table.isOnline)
    let otherTable: [UInt8] = [2, 0, 0, 0, 100, 3, 0, 1, 0, 0, 0, 0]
    table.apply(link(3, flags: running))
    table.apply(
      message(
        type: Netlink.newRoute, body: otherTable,
        attributes: [(Netlink.attributeTable, 100), (Netlink.attributeOutputInterface, 3)]))
    #expect(!table.isOnline)
    table.apply(defaultRoute(via: 3, family: 10))  // an IPv6 default route
    #expect(table.isOnline)
  }

  @Test func theEndOfADumpIsReportedAndTruncatedInputIsIgnored() {
    var table = NetlinkRouteTable()
    let done = message(type: Netlink.done, body: [0, 0, 0, 0])
    let ended = table.apply(link(2, flags: running) + done)
    #expect(ended)
    let truncated = table.apply(Array(defaultRoute(via: 2).prefix(20)))
    #expect(!truncated)
    #expect(!table.isOnline)
  }

  @Test func theSystemMonitorAnswers() {
    // Whatever the machine's network, asking never blocks for long and never pings anyone.
    _ = NetworkConnectivity.shared.isOnline
    #expect(NetworkConnectivity.shared.trigger == .reconnect)
  }
}
