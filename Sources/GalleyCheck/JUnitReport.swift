// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyDiagnostics
import GalleyMarkup
import GalleySnippets

/// JUnit XML, which CI systems show as test results: a suite of one case per snippet block,
/// a suite of one case per lint finding (or one passing case when the docs are clean), and
/// a suite for everything else the build and link validation found.
package enum JUnitReport {
    package static func xml(_ result: CheckResult) -> String {
        var suites: [Suite] = []

        var snippets = Suite(name: "snippets")
        for block in result.snippetBlocks {
            var testCase = Case(name: "\(block.location) \(block.mode)", classname: block.location.file, file: block.location.file, line: block.location.line)
            switch block.status {
            case .passed: break
            case .failed: testCase.failure = ((block.failureCodes.first ?? CheckCodes.snippetsFailure).description, block.message)
            case .skipped: testCase.skipped = block.message
            case .notRun: testCase.skipped = block.message.isEmpty ? "not run; nothing says why" : "not run: \(block.message)"
            }
            snippets.cases.append(testCase)
        }
        suites.append(snippets)

        var lint = Suite(name: "lint")
        for finding in result.lintFindings {
            var testCase = Case(name: "\(finding.location) \(finding.code.name)", classname: finding.location.file, file: finding.location.file, line: finding.location.line)
            testCase.failure = (finding.code.description, finding.message)
            lint.cases.append(testCase)
        }
        if lint.cases.isEmpty, result.linted {
            lint.cases.append(Case(name: "every page follows the style", classname: "lint"))
        }
        suites.append(lint)

        var build = Suite(name: "build")
        for problem in result.otherProblems {
            var testCase = Case(name: "\(problem.location) \(problem.code)", classname: problem.location.file, file: problem.location.file, line: problem.location.line)
            testCase.failure = (problem.code.description, "\(problem.severity.rawValue): \(problem.message)")
            build.cases.append(testCase)
        }
        if build.cases.isEmpty {
            build.cases.append(Case(name: "the site builds and every link resolves", classname: "build"))
        }
        suites.append(build)

        let all = suites.flatMap(\.cases)
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"galley check\" tests=\"\(all.count)\" failures=\"\(all.filter { $0.failure != nil }.count)\" skipped=\"\(all.filter { $0.skipped != nil }.count)\" errors=\"0\" time=\"\(String(format: "%.3f", result.seconds))\">\n"
        for suite in suites {
            xml += suite.xml
        }
        xml += "</testsuites>\n"
        return xml
    }

    struct Case {
        var name: String
        var classname: String
        var file: String?
        var line: Int?
        var failure: (type: String, message: String)?
        var skipped: String?

        var xml: String {
            var attributes = "name=\"\(MarkupText.escapeForXML(name))\" classname=\"\(MarkupText.escapeForXML(classname))\""
            if let file { attributes += " file=\"\(MarkupText.escapeForXML(file))\"" }
            if let line, line > 0 { attributes += " line=\"\(line)\"" }
            if let failure {
                let summary = failure.message.split(separator: "\n", omittingEmptySubsequences: true).first.map(String.init) ?? failure.type
                return "    <testcase \(attributes)>\n      <failure type=\"\(MarkupText.escapeForXML(failure.type))\" message=\"\(MarkupText.escapeForXML(summary))\">\(MarkupText.escapeForXML(failure.message))</failure>\n    </testcase>\n"
            }
            if let skipped {
                return "    <testcase \(attributes)>\n      <skipped message=\"\(MarkupText.escapeForXML(skipped))\"/>\n    </testcase>\n"
            }
            return "    <testcase \(attributes)/>\n"
        }
    }

    struct Suite {
        var name: String
        var cases: [Case] = []

        var xml: String {
            let failures = cases.filter { $0.failure != nil }.count
            let skipped = cases.filter { $0.skipped != nil }.count
            return "  <testsuite name=\"\(name)\" tests=\"\(cases.count)\" failures=\"\(failures)\" skipped=\"\(skipped)\" errors=\"0\">\n" + cases.map(\.xml).joined() + "  </testsuite>\n"
        }
    }

}
