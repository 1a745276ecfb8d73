// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation

/// What mkdocs-macros gives every page besides the site's variables: `now()` (the build's
/// date and time, with `year`, `month`… and `strftime`) and `fix_url(url)`.
package enum MacrosGlobals {
    package static func all(now date: Date = Date()) -> [String: TemplateValue] {
        let now = dateTime(date)
        return [
            "now": .callable(TemplateCallable(name: "now") { _ in now }),
            "fix_url": .callable(TemplateCallable(name: "fix_url") { arguments in
                guard let url = arguments.value(0, "url")?.stringValue else { throw TemplateRuntimeError(reason: "fix_url() takes a URL") }
                // Relative (no scheme, and a path): made to point from a page's folder to the docs' root.
                let hasScheme = url.range(of: "^[A-Za-z][A-Za-z0-9+.-]*:", options: .regularExpression) != nil
                let path = url.split(separator: "?", maxSplits: 1).first.map { $0.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? "" } ?? ""
                return .string(!hasScheme && !url.hasPrefix("//") && !path.isEmpty ? "../" + url : url)
            }),
        ]
    }

    /// Python's `datetime.now()` as templates read it: its fields, `strftime`, `isoformat`,
    /// and printed as Python prints it.
    static func dateTime(_ date: Date) -> TemplateValue {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        localtime_r(&seconds, &parts)
        let microsecond = Int((date.timeIntervalSince1970 - Double(seconds)) * 1_000_000)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let day = "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))"
        let clock = "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))"
        let fraction = microsecond == 0 ? "" : "." + String(format: "%06d", microsecond)
        var attributes = TemplateDict()
        attributes["year"] = .int(Int(parts.tm_year) + 1900)
        attributes["month"] = .int(Int(parts.tm_mon) + 1)
        attributes["day"] = .int(Int(parts.tm_mday))
        attributes["hour"] = .int(Int(parts.tm_hour))
        attributes["minute"] = .int(Int(parts.tm_min))
        attributes["second"] = .int(Int(parts.tm_sec))
        attributes["microsecond"] = .int(microsecond)
        let frozen = parts
        attributes["strftime"] = .callable(TemplateCallable(name: "strftime") { arguments in
            guard let format = arguments.value(0, "format")?.stringValue else { throw TemplateRuntimeError(reason: "strftime() takes a format") }
            var copy = frozen
            var buffer = [CChar](repeating: 0, count: 512)
            let count = strftime(&buffer, buffer.count, format, &copy)
            return .string(String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self))
        })
        attributes["isoformat"] = .callable(TemplateCallable(name: "isoformat") { _ in .string(day + "T" + clock + fraction) })
        attributes[TemplateValue.textKey] = .string(day + " " + clock + fraction)
        return .object(items: [], attributes: attributes)
    }
}
