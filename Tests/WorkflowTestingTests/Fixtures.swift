// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Workflow
import WorkflowConcurrency

/// Loads a user's name through a worker and a child, then lets the user sign out.
struct Profile: Workflow {
    typealias Output = Event

    var userID: Int

    enum Event: Equatable {
        case signedOut(userID: Int)
    }

    struct State: Equatable {
        var name: String?
        var badge = 0
    }

    func makeInitialState() -> State { State() }

    enum Action: WorkflowAction, Equatable {
        typealias WorkflowType = Profile
        case loaded(String)
        case badgeTapped
        case signOut

        func apply(toState state: inout State, context: ApplyContext<Profile>) -> Event? {
            switch self {
            case .loaded(let name):
                state.name = name
                return nil
            case .badgeTapped:
                state.badge += 1
                return nil
            case .signOut:
                return .signedOut(userID: context[workflowValue: \.userID])
            }
        }
    }

    struct Screen {
        var title: String
        var badge: String
        var onSignOut: () -> Void
    }

    func render(state: State, context: RenderContext<Profile>) -> Screen {
        if state.name == nil {
            NameLoader(userID: userID).running(in: context, key: "name") { Action.loaded($0) }
        }
        let badge = Badge().rendered(in: context, key: "badge") { _ in Action.badgeTapped }
        context.runSideEffect(key: "analytics") { _ in }
        let sink = context.makeSink(of: Action.self)
        return Screen(title: state.name ?? "Loading…", badge: badge, onSignOut: { sink.send(.signOut) })
    }
}

struct NameLoader: Worker, Equatable {
    var userID: Int
    func run() async -> String { "User \(userID)" }
}

struct Badge: Workflow {
    typealias State = Void
    typealias Output = Tapped
    struct Tapped {}
    func render(state: Void, context: RenderContext<Badge>) -> String { "★" }
}
