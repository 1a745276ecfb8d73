import ArgumentParser

@main
struct Galley: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "galley",
        abstract: "Builds documentation sites from mkdocs projects, with Swift examples that are compiled and run.",
        version: "0.1.0",
        subcommands: [Build.self, Serve.self, Check.self, Lint.self]
    )
}
