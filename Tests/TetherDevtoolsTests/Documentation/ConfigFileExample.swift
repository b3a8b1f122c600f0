// The Swift block of TheConfigFile.md, compiled as written.

import Foundation
import TetherDevtools

func configure(_ state: inout DevtoolsState, devtools: Devtools, file: String?) -> [String] {
  let loaded = DevtoolsConfiguration.load(
    file: file, environment: ProcessInfo.processInfo.environment)
  var messages = loaded.problem.map { [$0] } ?? []
  if let problem = state.configure(with: loaded.configuration, devtools: devtools) {
    messages.append(problem)
  }
  return messages
}
