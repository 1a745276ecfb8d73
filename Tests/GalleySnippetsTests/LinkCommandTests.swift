// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
@testable import GalleySnippets
import Testing

@Suite("Linking with the driver's own jobs, without the driver")
struct LinkCommandTests {
    static let plan = """
        /opt/swift/usr/bin/swift-autolink-extract /galley-placeholder/object.o -o /galley-placeholder/program.autolink
        /opt/swift/usr/bin/clang -fuse-ld=lld -pie /opt/swift/usr/lib/swift/linux/x86_64/swiftrt.o /c/dispatch.o /galley-placeholder/object.o @/galley-placeholder/program.autolink -L '/a b' -lHost -Xlinker --export-dynamic-symbol=galley_placeholder_entry -ldl -o /galley-placeholder/program

        """

    @Test func aPlanOfExtractionThenOneLinkIsACommand() throws {
        let command = try #require(LinkCommand.parse(plan: Self.plan))
        #expect(command.extractor == "/opt/swift/usr/bin/swift-autolink-extract")
        #expect(command.linker == "/opt/swift/usr/bin/clang")
        #expect(command.extractorArguments(objects: ["/p/1.o", "/p/2.o"], libraries: "/p/program.partial.autolink") == ["/p/1.o", "/p/2.o", "-o", "/p/program.partial.autolink"])
        #expect(command.linkerArguments(objects: ["/p/1.o", "/p/2.o"], output: "/p/program.partial", exports: ["galley_page_1", "galley_page_2"], libraries: "/p/program.partial.autolink")
            == ["-fuse-ld=lld", "-pie", "/opt/swift/usr/lib/swift/linux/x86_64/swiftrt.o", "/c/dispatch.o", "/p/1.o", "/p/2.o", "@/p/program.partial.autolink", "-L", "/a b", "-lHost",
                "-Xlinker", "--export-dynamic-symbol=galley_page_1", "-Xlinker", "--export-dynamic-symbol=galley_page_2", "-ldl", "-o", "/p/program.partial"])
    }

    @Test func anyOtherPlanLeavesTheLinkToTheDriver() {
        let lines = Self.plan.split(separator: "\n").map(String.init)
        // The link alone, no response file, another response file, an object named twice,
        // the export folded into another argument, another extractor.
        #expect(LinkCommand.parse(plan: lines[1]) == nil)
        #expect(LinkCommand.parse(plan: Self.plan.replacingOccurrences(of: " @/galley-placeholder/program.autolink", with: "")) == nil)
        #expect(LinkCommand.parse(plan: Self.plan.replacingOccurrences(of: " @/galley-placeholder/program.autolink", with: " @/elsewhere.autolink")) == nil)
        #expect(LinkCommand.parse(plan: Self.plan.replacingOccurrences(of: "-ldl", with: "-ldl /galley-placeholder/object.o")) == nil)
        #expect(LinkCommand.parse(plan: Self.plan.replacingOccurrences(of: "-Xlinker --export", with: "-Wl,--export")) == nil)
        #expect(LinkCommand.parse(plan: Self.plan.replacingOccurrences(of: "swift-autolink-extract", with: "extract")) == nil)
    }

    /// Against the real toolchain: the driver's plan is a command, and a program linked
    /// through it runs as one linked by `swiftc`, its libraries found.
    @Test func linksAsTheDriverDoes() throws {
        let toolchain = try SwiftToolchain.locate()
        let directory = FileManager.default.temporaryDirectory.path + "/galley-link-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try "import Foundation\n@_cdecl(\"galley_page_one\") public func one() -> Int32 { print(Date(timeIntervalSince1970: 0).timeIntervalSince1970); return 0 }\n"
            .write(toFile: directory + "/one.swift", atomically: true, encoding: .utf8)
        try "@_cdecl(\"galley_page_two\") public func two() -> Int32 { print(\"two\"); return 0 }\n".write(toFile: directory + "/two.swift", atomically: true, encoding: .utf8)
        try "int galley_page_one(void);\nint galley_page_two(void);\nint main(void) { galley_page_one(); return galley_page_two(); }\n"
            .write(toFile: directory + "/main.c", atomically: true, encoding: .utf8)
        for name in ["one", "two"] {
            let compiled = try ProcessRunner(executable: toolchain.swiftc, arguments: ["-c", "\(name).swift", "-parse-as-library", "-module-name", name.capitalized, "-o", "\(name).o"], directory: directory).run()
            #expect(compiled.ending == .exited(0), "\(compiled.output)")
        }
        #expect(try ProcessRunner(executable: toolchain.clang, arguments: ["-c", "main.c", "-o", "main.o"], directory: directory).run().ending == .exited(0))
        let objects = [directory + "/one.o", directory + "/two.o"]
        let template = [directory + "/main.o", LinkCommand.objectPlaceholder, "-o", LinkCommand.outputPlaceholder] + toolchain.fastLinkerFlags + ["-Xlinker", LinkCommand.exportPlaceholder]
        let command = try #require(LinkCommand.resolved(toolchain: toolchain, driverArguments: template))
        let libraries = directory + "/program.autolink"
        #expect(try ProcessRunner(executable: command.extractor, arguments: command.extractorArguments(objects: objects, libraries: libraries), directory: directory).run().ending == .exited(0))
        let linked = try ProcessRunner(executable: command.linker, arguments: command.linkerArguments(objects: objects, output: directory + "/program", exports: ["galley_page_one"], libraries: libraries), directory: directory).run()
        #expect(linked.ending == .exited(0), "\(linked.output)")
        let ran = try ProcessRunner(executable: directory + "/program", directory: directory).run()
        #expect(ran.ending == .exited(0) && ran.output == "0.0\ntwo\n", "\(ran.output)")
    }
}
