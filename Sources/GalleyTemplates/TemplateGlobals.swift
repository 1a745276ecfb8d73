// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0

/// The functions every Jinja template has: `range`, `dict`, `namespace`, `cycler` and `joiner`.
enum TemplateGlobals {
    static let all: [String: TemplateValue] = [
        "range": .callable(TemplateCallable(name: "range") { arguments in
            let numbers = arguments.positional.compactMap(\.integer)
            guard numbers.count == arguments.positional.count, (1...3).contains(numbers.count) else {
                throw TemplateRuntimeError(reason: "range expects 1 to 3 integer arguments")
            }
            let (start, stop, step) = numbers.count == 1 ? (0, numbers[0], 1) : (numbers[0], numbers[1], numbers.count == 3 ? numbers[2] : 1)
            guard step != 0 else { throw TemplateRuntimeError(reason: "range() arg 3 must not be zero") }
            // Jinja has no limit; ten million numbers are more than any page means to write.
            guard (stop - start) / step <= 10_000_000 else { throw TemplateRuntimeError(reason: "range() of more than ten million numbers") }
            return .list(Swift.stride(from: start, to: stop, by: step).map { .int($0) })
        }),
        "dict": .callable(TemplateCallable(name: "dict") { arguments in
            var map = TemplateDict()
            if case .dict(let first)? = arguments.positional.first { map = first }
            for (key, value) in arguments.keywords { map[key] = value }
            return .dict(map)
        }),
        "namespace": .callable(TemplateCallable(name: "namespace") { arguments in
            var map = TemplateDict()
            if case .dict(let first)? = arguments.positional.first { map = first }
            for (key, value) in arguments.keywords { map[key] = value }
            return .namespace(TemplateNamespace(map))
        }),
        "cycler": .callable(TemplateCallable(name: "cycler") { arguments in
            let items = arguments.positional
            guard !items.isEmpty else { throw TemplateRuntimeError(reason: "at least one item has to be provided") }
            let state = TemplateNamespace(TemplateDict([("position", .int(0))]))
            func position() -> Int { state.values["position"]?.integer ?? 0 }
            var cycler = TemplateDict()
            cycler["next"] = .callable(TemplateCallable(name: "next") { _ in
                let current = position()
                state.values["position"] = .int((current + 1) % items.count)
                return items[current]
            })
            cycler["reset"] = .callable(TemplateCallable(name: "reset") { _ in
                state.values["position"] = .int(0)
                return .none
            })
            cycler["items"] = .list(items)
            // `current` changes with each `next()`: a namespace holds it where templates read it.
            return .namespace(CyclerNamespace(items: items, state: state, methods: cycler))
        }),
        "joiner": .callable(TemplateCallable(name: "joiner") { arguments in
            let separator = arguments.value(0, "sep")?.stringValue ?? ", "
            let state = TemplateNamespace(TemplateDict())
            return .callable(TemplateCallable(name: "joiner") { _ in
                guard state.values["used"] != nil else {
                    state.values["used"] = .bool(true)
                    return .string("")
                }
                return .string(separator)
            })
        }),
    ]
}

/// A `cycler()`: `next()`, `reset()` and `current`, which follows `next()`.
final class CyclerNamespace: TemplateNamespace, @unchecked Sendable {
    init(items: [TemplateValue], state: TemplateNamespace, methods: TemplateDict) {
        var values = methods
        values["current"] = items[0]
        super.init(values)
        let cycle = self
        values["next"] = .callable(TemplateCallable(name: "next") { _ in
            let position = state.values["position"]?.integer ?? 0
            state.values["position"] = .int((position + 1) % items.count)
            cycle.values["current"] = items[(position + 1) % items.count]
            return items[position]
        })
        values["reset"] = .callable(TemplateCallable(name: "reset") { _ in
            state.values["position"] = .int(0)
            cycle.values["current"] = items[0]
            return .none
        })
        self.values["next"] = values["next"]
        self.values["reset"] = values["reset"]
    }
}
