// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyDiagnostics
import Yams

/// A YAML file beside the configuration (a data file, the blog's authors), read as the
/// configuration is: mkdocs' tags allowed, aliases bounded, problems at their line.
package enum YAMLFile {
    /// The value of `text`, the file `shown`; what is wrong is an error with `code`.
    package static func value(of text: String, shown: String, environment: [String: String] = [:], code: DiagnosticCode) throws(DiagnosticError) -> ConfigValue {
        let reader = ConfigReader(file: shown, environment: environment)
        do {
            guard let node = try Yams.compose(yaml: text, .basic) else { return .map([]) }
            var budget = YAMLGuard.nodeLimit
            try YAMLGuard.check(node, budget: &budget, allowsTag: YAMLGuard.mkdocsAllows)
            return reader.value(node)
        } catch let error as YamlError {
            throw DiagnosticError(at: reader.location(of: error), "invalid YAML: \(YamlMessage.describe(error))", code: code)
        } catch let refusal as YAMLGuard.Refusal {
            throw DiagnosticError(at: SourceLocation(file: shown, line: refusal.mark?.line ?? 0, column: refusal.mark?.column ?? 0), refusal.message, code: code)
        } catch {
            throw DiagnosticError(at: SourceLocation(file: shown), "invalid YAML: \(error)", code: code)
        }
    }
}
