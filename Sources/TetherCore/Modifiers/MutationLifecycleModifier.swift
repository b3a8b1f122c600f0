import Foundation
import TetherJSON

/// Runs a mutation's attempts between lifecycle hooks, as TanStack Query does: `onMutate`
/// first (it returns a context, such as a snapshot to roll back to), then the mutation, then
/// `onSuccess` or `onError` with that context, then `onSettled` — each awaited in that order,
/// and all before `mutate(with:)` returns or the state shows the outcome.
///
/// Hooks run when a store runs the mutation (not when it is run directly), around the whole
/// attempt with its retries. `onMutate` runs as soon as the attempt is submitted, before it
/// waits for its mutation scope or the network, as in TanStack Query: an optimistic update
/// shows at once, even offline. A cancelled attempt calls `onError` with
/// ``OperationError/cancelled``. Chained lifecycles run in the order they were applied.
///
/// **Restored attempts.** When the context `onMutate` returns is `Codable` (or `Void`), a
/// paused attempt written to a snapshot keeps it, and a restored attempt goes on with it:
/// `onMutate` does not run again, and `onSuccess`, `onError` and `onSettled` get the restored
/// context (TanStack's resumed mutations). Otherwise `onMutate` runs again for the restored
/// attempt.
public struct MutationLifecycleModifier<Operation: MutationRequest, Context: Sendable>:
  OperationModifier
{
  let onMutate: @Sendable (Operation.Arguments, OperationContext) async -> Context
  let onSuccess: (@Sendable (Operation.Value, Operation.Arguments, Context) async -> Void)?
  let onError:
    (@Sendable (OperationError<Operation.Failure>, Operation.Arguments, Context) async -> Void)?
  let onSettled:
    (
      @Sendable (
        Result<Operation.Value, OperationError<Operation.Failure>>, Operation.Arguments, Context
      ) async -> Void
    )?

  public func setup(context: inout OperationContext, using operation: Operation) {
    let onMutate = onMutate
    let onSuccess = onSuccess
    let onError = onError
    let onSettled = onSettled
    let settle = { @Sendable (arguments: Operation.Arguments, value: Context) in
      RunHookSettlement<Operation.Value, Operation.Failure>(
        succeeded: { await onSuccess?($0, arguments, value) },
        failed: { await onError?($0, arguments, value) },
        settled: { await onSettled?($0, arguments, value) },
        record: HookContextCoding.record(of: value))
    }
    let hook = RunHook<Operation.Arguments, Operation.Value, Operation.Failure>(
      begin: { arguments, context in settle(arguments, await onMutate(arguments, context)) },
      resume: { arguments, record in
        HookContextCoding.context(Context.self, from: record).map { settle(arguments, $0) }
      })
    context[RunHooksKey<Operation.Arguments, Operation.Value, Operation.Failure>.self].append(hook)
    context.options.hasRunHooks = true
  }
}

extension MutationRequest {
  /// Adds lifecycle hooks around every attempt: `onMutate` runs first and returns a context
  /// the other hooks receive.
  ///
  /// ```swift
  /// rename.lifecycle { change, context in
  ///   let post = context.client?.store(for: postQuery(change.id))
  ///   let previous = post?.state.currentValue
  ///   post?.withCurrentValue { $0?.title = change.title }
  ///   return previous
  /// } onError: { _, change, previous in
  ///   // roll back
  /// }
  /// ```
  public func lifecycle<Context: Sendable>(
    onMutate: @escaping @Sendable (Arguments, OperationContext) async -> Context,
    onSuccess: (@Sendable (Value, Arguments, Context) async -> Void)? = nil,
    onError: (@Sendable (OperationError<Failure>, Arguments, Context) async -> Void)? = nil,
    onSettled: (
      @Sendable (Result<Value, OperationError<Failure>>, Arguments, Context) async -> Void
    )? = nil
  ) -> ModifiedOperation<Self, MutationLifecycleModifier<Self, Context>> {
    modifier(
      MutationLifecycleModifier(
        onMutate: onMutate, onSuccess: onSuccess, onError: onError, onSettled: onSettled))
  }

  /// Adds `onSuccess`, `onError` and `onSettled` hooks, without a context.
  public func lifecycle(
    onSuccess: (@Sendable (Value, Arguments) async -> Void)? = nil,
    onError: (@Sendable (OperationError<Failure>, Arguments) async -> Void)? = nil,
    onSettled: (@Sendable (Result<Value, OperationError<Failure>>, Arguments) async -> Void)? =
      nil
  ) -> ModifiedOperation<Self, MutationLifecycleModifier<Self, Void>> {
    modifier(
      MutationLifecycleModifier<Self, Void>(
        onMutate: { _, _ in },
        onSuccess: { value, arguments, _ in await onSuccess?(value, arguments) },
        onError: { failure, arguments, _ in await onError?(failure, arguments) },
        onSettled: { result, arguments, _ in await onSettled?(result, arguments) }))
  }
}

/// One lifecycle modifier, type-erased to what the store calls: `begin` is `onMutate`, and
/// returns what to call at the end; `resume` makes the same from a restored context's record,
/// without `onMutate` (nil when the record cannot be read as the context).
struct RunHook<Input: Sendable, Value: Sendable, Failure: Error>: Sendable {
  let begin: @Sendable (Input, OperationContext) async -> RunHookSettlement<Value, Failure>
  let resume: @Sendable (Input, String) -> RunHookSettlement<Value, Failure>?
}

/// The end of one lifecycle, with the context `onMutate` returned.
struct RunHookSettlement<Value: Sendable, Failure: Error>: Sendable {
  let succeeded: @Sendable (Value) async -> Void
  let failed: @Sendable (OperationError<Failure>) async -> Void
  let settled: @Sendable (Result<Value, OperationError<Failure>>) async -> Void
  /// The context as JSON, for a snapshot of the paused attempt; nil when it is not `Codable`.
  let record: String?
}

/// A lifecycle's context as snapshot JSON, and back.
enum HookContextCoding {
  /// `Void` is written as `null`: there is nothing to keep, but nothing is lost either.
  static func record<Context>(of context: Context) -> String? {
    if Context.self == Void.self { return "null" }
    guard let encodable = context as? any Encodable,
      let data = try? JSONCoder().encode(encodable)
    else { return nil }
    return String(decoding: data, as: UTF8.self)
  }

  static func context<Context>(_ type: Context.Type, from record: String) -> Context? {
    if let void = () as? Context { return void }
    guard let decodable = type as? any Decodable.Type else { return nil }
    return (try? decode(decodable, from: record)) as? Context
  }

  private static func decode<Decoded: Decodable>(_ type: Decoded.Type, from record: String)
    throws -> Decoded
  {
    try JSONCoder().decode(type, from: record.utf8)
  }
}

/// The lifecycle hooks of a store's runs.
enum RunHooksKey<Input: Sendable, Value: Sendable, Failure: Error>: OperationContextKey {
  static var defaultValue: [RunHook<Input, Value, Failure>] { [] }
}
