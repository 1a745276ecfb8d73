// swift-tools-version: 6.1
// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import PackageDescription

/// Settings every target of this package shares: Swift 6 mode is the package default,
/// and these upcoming features keep the code honest about existentials and imports.
let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "Galley",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "galley", targets: ["galley"]),
        .library(name: "Workflow", targets: ["Workflow"]),
        .library(name: "WorkflowConcurrency", targets: ["WorkflowConcurrency"]),
        .library(name: "WorkflowTesting", targets: ["WorkflowTesting"]),
        .library(name: "WorkflowConcurrencyTesting", targets: ["WorkflowConcurrencyTesting"]),
        .library(name: "WorkflowUI", targets: ["WorkflowUI"]),
        .library(name: "ViewEnvironment", targets: ["ViewEnvironment"]),
    ],
    dependencies: [
        .package(url: "https://github.com/pointfreeco/swift-custom-dump", from: "1.7.3"),
        .package(url: "https://github.com/pointfreeco/xctest-dynamic-overlay", from: "1.13.1"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/swiftlang/swift-docc-symbolkit", from: "1.0.0"),
    ],
    targets: [
        // MARK: Bundled Workflow runtime
        .target(name: "Workflow", swiftSettings: strictSettings),
        .target(name: "WorkflowConcurrency", dependencies: ["Workflow"], swiftSettings: strictSettings),
        .target(name: "ViewEnvironment", swiftSettings: strictSettings),
        .target(
            name: "WorkflowUI",
            dependencies: ["Workflow", "ViewEnvironment", .product(name: "CustomDump", package: "swift-custom-dump")],
            swiftSettings: strictSettings
        ),
        .target(
            name: "WorkflowTesting",
            dependencies: [
                "Workflow",
                "WorkflowConcurrency",
                .product(name: "CustomDump", package: "swift-custom-dump"),
                .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
                // Lets IssueReporting find the running test framework (XCTest or Swift Testing).
                .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
            ],
            swiftSettings: strictSettings
        ),
        .target(
            name: "WorkflowConcurrencyTesting",
            dependencies: ["Workflow", "WorkflowConcurrency", "WorkflowTesting"],
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "WorkflowBenchmarks",
            dependencies: ["Workflow"],
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "WorkflowTrapScenarios",
            dependencies: ["Workflow"],
            path: "Tests/Support/WorkflowTrapScenarios",
            swiftSettings: strictSettings
        ),
        // Declares ReactiveSwift's top-level names, so that a test can import it beside
        // Workflow as an app imports ReactiveSwift.
        .target(name: "ReactiveNames", path: "Tests/Support/ReactiveNames", swiftSettings: strictSettings),

        // MARK: Galley, one module per stage: config → sources → pages → theme → output
        .systemLibrary(
            name: "CMarkGFM",
            providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]
        ),
        .systemLibrary(name: "CZlib", providers: [.apt(["zlib1g-dev"])]),
        .target(name: "GalleyDiagnostics", swiftSettings: strictSettings),
        // Escaping text into HTML and SVG, shared by every stage that writes markup.
        .target(name: "GalleyMarkup", swiftSettings: strictSettings),
        // Paths and the system calls Foundation lacks or traps in, behind one wrapper.
        .target(name: "CGalleySystem"),
        .target(
            name: "GalleyFileSystem",
            dependencies: ["CGalleySystem"],
            swiftSettings: strictSettings
        ),
        .target(
            name: "GalleyConfig",
            dependencies: ["GalleyDiagnostics", .product(name: "Yams", package: "Yams")],
            swiftSettings: strictSettings
        ),
        .target(name: "GalleySources", dependencies: ["GalleyDiagnostics", "GalleyConfig", "GalleyFileSystem"], swiftSettings: strictSettings),
        .target(name: "GalleyLint", dependencies: ["GalleyMarkup", "GalleyDiagnostics", "GalleySources", "GalleyFileSystem", "GalleyMarkdown", "GalleyPages"], swiftSettings: strictSettings),
        .target(name: "GalleyMarkdown", dependencies: ["GalleyDiagnostics", "GalleyMarkup", "CMarkGFM", .product(name: "Yams", package: "Yams")], swiftSettings: strictSettings),
        // Diagrams drawn as SVG at build time: sequence diagrams (WebSequenceDiagrams and
        // Mermaid text) laid out here, Mermaid flowcharts laid out by Graphviz's library,
        // opened at run time through GalleyFileSystem.
        .target(name: "GalleyDiagrams", dependencies: ["GalleyDiagnostics", "GalleyMarkup", "GalleyFileSystem"], swiftSettings: strictSettings),
        .target(
            name: "GalleyHighlight",
            dependencies: [
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftSyntax", package: "swift-syntax"),
            ],
            swiftSettings: strictSettings
        ),
        // The API reference: symbol graphs the compiler extracts, read with SymbolKit, made into
        // pages (a source stage: what it makes is parsed like any page), and the table that
        // symbol links resolve against.
        .target(
            name: "GalleyAPI",
            dependencies: [
                "GalleyDiagnostics", "GalleyConfig", "GalleySources", "GalleyMarkup", "GalleyHighlight",
                .product(name: "SymbolKit", package: "swift-docc-symbolkit"),
            ],
            swiftSettings: strictSettings
        ),
        // Jinja templates, for pages (mkdocs-macros) and for theme overrides.
        .target(
            name: "GalleyTemplates",
            dependencies: [
                "GalleyDiagnostics", "GalleyConfig", "GalleyMarkup",
            ],
            swiftSettings: strictSettings
        ),
        .target(
            name: "GalleyPages",
            dependencies: [
                "GalleyDiagnostics", "GalleyFileSystem", "GalleyConfig", "GalleySources", "GalleyAPI", "GalleyMarkdown", "GalleyMarkup", "GalleyHighlight", "GalleyDiagrams", "GalleyTemplates",
            ],
            swiftSettings: strictSettings
        ),
        .target(
            name: "GalleySnippets",
            dependencies: [
                "GalleyDiagnostics", "GalleyDiagrams", "GalleyFileSystem", "GalleyConfig", "GalleyMarkdown",
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                // The remote cache's HTTP client.
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            swiftSettings: strictSettings
        ),
        .target(
            name: "GalleyTheme",
            dependencies: ["GalleyConfig", "GalleyDiagnostics", "GalleyDiagrams", "GalleyFileSystem", "GalleySources", "GalleyMarkdown", "GalleyMarkup", "GalleyPages", "GalleyTemplates"],
            // Embedded in the executable, so that `galley` runs as one file wherever it is copied.
            resources: [.embedInCode("Assets/favicon.svg"), .embedInCode("Assets/galley.css"), .embedInCode("Assets/galley.js")],
            swiftSettings: strictSettings
        ),
        .target(name: "GalleySearch", dependencies: ["GalleyMarkup", "GalleyPages", "GalleySources"], swiftSettings: strictSettings),
        .target(
            name: "GalleySite",
            dependencies: ["GalleyMarkup", "GalleyDiagnostics", "GalleyFileSystem", "GalleyConfig", "GalleySources", "GalleyAPI", "GalleyPages", "GalleySnippets", "GalleySearch", "GalleyTheme", "GalleyTemplates", "GalleyMarkdown", "CZlib"],
            swiftSettings: strictSettings
        ),
        // What a project does beside building its site: start one (`galley new`), publish it
        // (`gh-deploy`), clean it, and say what the machine offers (`doctor`).
        .target(
            name: "GalleyProject",
            dependencies: ["GalleyMarkup", "GalleyDiagnostics", "GalleyFileSystem", "GalleyConfig", "GalleySources", "GalleyPages", "GalleySite", "GalleySnippets", .product(name: "Yams", package: "Yams")],
            swiftSettings: strictSettings
        ),
        .target(
            name: "GalleyServe",
            dependencies: [
                "GalleyDiagnostics", "GalleyFileSystem", "GalleyConfig", "GalleySources", "GalleyMarkup", "GalleyPages", "GalleySite", "GalleySnippets",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
            ],
            resources: [.embedInCode("Client/live.js")],
            swiftSettings: strictSettings
        ),
        .target(
            name: "GalleyCheck",
            dependencies: ["GalleyMarkup", "GalleyDiagnostics", "GalleyDiagrams", "GalleyFileSystem", "GalleyConfig", "GalleySources", "GalleyAPI", "GalleySite", "GalleySnippets", "GalleyLint", "GalleyMarkdown", "GalleyPages", "GalleyTheme", "GalleyProject"],
            swiftSettings: strictSettings
        ),
        // A seeded mutation fuzzer of the Markdown stage and the config reader (`make fuzz`).
        .executableTarget(
            name: "galley-fuzz",
            dependencies: ["GalleyConfig", "GalleyDiagnostics", "GalleyDiagrams", "GalleyFileSystem", "GalleyLint", "GalleyMarkdown", "GalleyPages", "GalleySources"],
            path: "Sources/GalleyFuzz",
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "galley",
            dependencies: [
                "GalleyDiagnostics", "GalleyDiagrams", "GalleyFileSystem", "GalleyConfig", "GalleyPages", "GalleySite", "GalleySnippets", "GalleyLint", "GalleyServe", "GalleyCheck", "GalleyProject",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strictSettings,
            // The toolchain links executables with `-export-dynamic`, which puts every symbol
            // of every module (54,000 here) in the dynamic symbol table; the runtime's start-up
            // `dladdr` then scans them all, and the loader maps megabytes more. Nothing looks
            // galley's symbols up at run time (crash reports read the full symbol table).
            linkerSettings: [.unsafeFlags(["-Xlinker", "--no-export-dynamic"], .when(platforms: [.linux]))],
            plugins: ["GalleyBuildInfo"]
        ),
        // `galley --version` names the commit it was built from: the plugin runs the tool, which
        // reads git's files, whenever the checked-out commit changes.
        .executableTarget(name: "GalleyBuildInfoTool", swiftSettings: strictSettings),
        .plugin(name: "GalleyBuildInfo", capability: .buildTool(), dependencies: ["GalleyBuildInfoTool"]),

        // MARK: Tests
        .testTarget(
            name: "WorkflowTests",
            dependencies: ["Workflow", "WorkflowTrapScenarios", "ReactiveNames"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "WorkflowConcurrencyTests",
            dependencies: ["Workflow", "WorkflowConcurrency"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "WorkflowTestingTests",
            dependencies: ["Workflow", "WorkflowConcurrency", "WorkflowTesting", "WorkflowConcurrencyTesting"],
            swiftSettings: strictSettings
        ),
        // The tutorial's app and its tests, laid out as the tutorial's first page tells a reader
        // to lay out their own package: the code as its last step left it (`todos.swift` is
        // step 4's version of the todo workflow, which step 5's `adding.swift` replaces), and
        // the test files its "Tests" page shows.
        .target(
            name: "TodoApp",
            dependencies: ["Workflow", "WorkflowUI"],
            path: "docs/tutorial/includes",
            exclude: ["tests", "todos.swift"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "TodoAppTests",
            dependencies: ["TodoApp", "Workflow", "WorkflowUI", "WorkflowTesting"],
            path: "docs/tutorial/includes/tests",
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "WorkflowUITests",
            dependencies: ["Workflow", "WorkflowUI", "ViewEnvironment"],
            swiftSettings: strictSettings
        ),
        .testTarget(name: "GalleyFileSystemTests", dependencies: ["GalleyFileSystem"], swiftSettings: strictSettings),
        .testTarget(name: "GalleyConfigTests", dependencies: ["GalleyConfig", "GalleyDiagnostics", "GalleyOracle"], swiftSettings: strictSettings),
        .testTarget(
            name: "GalleyMarkdownTests",
            dependencies: ["GalleyFileSystem", "GalleyMarkup", "GalleyMarkdown", "GalleyPages", "GalleyDiagnostics", "GalleySources", "GalleyConfig"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "GalleySnippetsTests",
            dependencies: ["GalleySnippets", "GalleyMarkdown", "GalleyConfig", "GalleyDiagnostics", "GalleyFileSystem"],
            exclude: ["TopLevelCorpus"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "GalleyLintTests",
            dependencies: ["GalleyMarkup", "GalleyLint", "GalleyDiagnostics", "GalleyMarkdown", "GalleyPages", "GalleyOracle", "galley"],
            exclude: ["Fixtures"],
            swiftSettings: strictSettings
        ),
        // Runs the real renderers (Python-Markdown, Pygments) for the parity tests.
        .target(name: "GalleyOracle", path: "Tests/Support/GalleyOracle", swiftSettings: strictSettings),
        .testTarget(name: "GalleyTemplatesTests", dependencies: ["GalleyTemplates", "GalleyConfig", "GalleyDiagnostics", "GalleyOracle"], swiftSettings: strictSettings),
        .testTarget(name: "GalleySourcesTests", dependencies: ["GalleySources", "GalleyOracle"], swiftSettings: strictSettings),
        .testTarget(name: "GalleyDiagnosticsTests", dependencies: ["GalleyDiagnostics", "GalleyOracle"], swiftSettings: strictSettings),
        .testTarget(
            name: "GalleyAPITests",
            dependencies: ["GalleyAPI", "GalleyServe", "GalleySite", "GalleySnippets", "GalleyDiagnostics", "GalleyOracle", "galley"],
            swiftSettings: strictSettings
        ),
        .testTarget(name: "GalleyMarkupTests", dependencies: ["GalleyMarkup"], swiftSettings: strictSettings),
        .testTarget(name: "GalleyDiagramsTests", dependencies: ["GalleyDiagrams", "GalleyMarkup", "GalleyOracle"], exclude: ["Golden", "Flowcharts"], swiftSettings: strictSettings),
        .testTarget(name: "GalleyHighlightTests", dependencies: ["GalleyHighlight", "GalleyOracle"], exclude: ["Samples"], swiftSettings: strictSettings),
        .testTarget(
            name: "GalleyPagesTests",
            dependencies: ["GalleyFileSystem", "GalleyMarkup", "GalleyPages", "GalleyMarkdown", "GalleySources", "GalleyConfig", "GalleyDiagnostics", "GalleyOracle"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "GalleySearchTests",
            dependencies: ["GalleySearch", "GalleyMarkup", "GalleyPages", "GalleySources"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "GalleyThemeTests",
            dependencies: ["GalleyTheme", "GalleyConfig"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "GalleyServeTests",
            dependencies: ["GalleyFileSystem", "GalleyMarkdown", "GalleyServe", "GalleyDiagnostics", "GalleySite", "GalleySnippets", "GalleyConfig", "GalleyOracle", "galley"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "GalleyCheckTests",
            dependencies: ["GalleyConfig", "GalleyLint", "GalleyMarkup", "GalleyCheck", "GalleyDiagnostics", "GalleySnippets", "GalleyOracle", "galley"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "GalleyProjectTests",
            dependencies: ["GalleyProject", "GalleyOracle", "galley"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "GalleySiteTests",
            dependencies: ["GalleyFileSystem", "GalleySite", "GalleyConfig", "GalleyDiagnostics", "GalleySources", "GalleyOracle", "galley"],
            resources: [.copy("Fixtures")],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "WorkflowExamplesTests",
            dependencies: ["Workflow", "WorkflowConcurrency", "WorkflowTesting", "WorkflowUI"],
            swiftSettings: strictSettings
        ),
    ]
)
