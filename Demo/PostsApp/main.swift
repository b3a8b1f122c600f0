import Foundation
import PostsBrowser

exit(await PostsBrowserCommand.run(arguments: Array(CommandLine.arguments.dropFirst())))
