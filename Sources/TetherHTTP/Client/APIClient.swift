import Foundation
import TetherCore

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Sends ``Endpoint``s to one API: a base URL, defaults every request gets, JSON coding,
/// a transport, interceptors and observers.
///
/// A client is a value: configure it once, copy it to change a setting (a test swaps the
/// transport), and share it freely between tasks.
///
/// ```swift
/// var client = APIClient(baseURL: URL(string: "https://dummyjson.com")!,
///                        clientError: .json(APIMessage.self))
/// client.defaults.headers["Accept"] = "application/json"
/// client.interceptors.append(AuthenticationInterceptor { .bearer(try await tokens.current()) })
/// client.observers.append(LoggingObserver { line in log.append(line) })
///
/// let post = try await client.send(Endpoint<Post>(.get, "posts/1"))
/// ```
public struct APIClient: Sendable {
  /// The URL endpoint paths are relative to.
  public var baseURL: URL
  /// Headers, query items, timeouts, the response size cap and the JSON limits every request
  /// gets unless its endpoint overrides them.
  public var defaults: RequestDefaults
  /// Encodes `.json` bodies. Configure it before handing it over; the client does not copy it.
  public var encoder: JSONEncoder
  /// Decodes JSON responses and client-error bodies.
  public var decoder: JSONDecoder
  /// How the bodies of unacceptable responses are read; `nil` keeps only the raw body.
  public var clientError: ClientErrorDecoder?
  /// Sends the requests: ``CurlTransport/shared`` unless you give another.
  public var transport: any HTTPTransport {
    didSet { exchangeTransport = transport as? any ExchangeTransport }
  }
  /// ``transport`` when it answers by callback, awaited without a task in between.
  private(set) var exchangeTransport: (any ExchangeTransport)?
  /// The pipeline steps, outermost first (see ``HTTPInterceptor``).
  public var interceptors: [any HTTPInterceptor]
  /// Who is told about every exchange.
  public var observers: [any HTTPObserver]
  /// How many times interceptors may restart one send; the last outcome stands after that.
  public var maximumRestarts: Int
  /// The clock deadlines, exchange durations and `Retry-After` dates are measured on.
  public var clock: any TetherClock {
    didSet { deadlines = DeadlineScheduler(clock: clock) }
  }
  /// Wakes this client's sends at their deadlines, on ``clock``.
  private(set) var deadlines: DeadlineScheduler
  /// The `ETag`s and `Last-Modified` dates of queries' responses, sent back so that an
  /// unchanged resource costs a `304` rather than a download (see ``ResponseValidators``);
  /// `nil` sends no conditional requests.
  public var validators: ResponseValidators? = ResponseValidators()
  /// Whether endpoints are answered from their mocks (see ``mocked(baseURL:clock:)``).
  public internal(set) var answersFromMocks = false

  /// A client of the API at `baseURL`; every part has a default but the address (libcurl's shared
  /// transport, the system clock, no interceptors).
  public init(
    baseURL: URL, defaults: RequestDefaults = RequestDefaults(),
    encoder: JSONEncoder = JSONEncoder(), decoder: JSONDecoder = JSONDecoder(),
    clientError: ClientErrorDecoder? = nil,
    transport: any HTTPTransport = CurlTransport.shared,
    interceptors: [any HTTPInterceptor] = [], observers: [any HTTPObserver] = [],
    maximumRestarts: Int = 2, clock: any TetherClock = SystemClock()
  ) {
    self.baseURL = baseURL
    self.defaults = defaults
    self.encoder = encoder
    self.decoder = decoder
    self.clientError = clientError
    self.transport = transport
    exchangeTransport = transport as? any ExchangeTransport
    self.interceptors = interceptors
    self.observers = observers
    self.maximumRestarts = maximumRestarts
    self.clock = clock
    deadlines = DeadlineScheduler(clock: clock)
  }

  /// The request `endpoint` sends through this client before interceptors run, with no I/O.
  public func urlRequest<Response>(for endpoint: Endpoint<Response>) throws(HTTPError)
    -> URLRequest
  {
    try endpoint.urlRequest(relativeTo: baseURL, defaults: defaults, encoder: encoder)
  }
}
