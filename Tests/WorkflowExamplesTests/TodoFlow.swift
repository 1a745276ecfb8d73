// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import Workflow
import WorkflowUI

/// Asks for a name; logging in emits it.
struct Login: Workflow {
    typealias State = String
    typealias Output = String

    func makeInitialState() -> String { "" }

    struct LoginScreen: Screen {
        var name: String
        var onNameChanged: (String) -> Void
        var onLogin: () -> Void
    }

    enum Action: WorkflowAction {
        typealias WorkflowType = Login
        case nameChanged(String)
        case login

        func apply(toState state: inout String, context: ApplyContext<Login>) -> String? {
            switch self {
            case .nameChanged(let name):
                state = name
                return nil
            case .login:
                let name = state.trimmingCharacters(in: .whitespaces)
                return name.isEmpty ? nil : name
            }
        }
    }

    func render(state: String, context: RenderContext<Login>) -> LoginScreen {
        let sink = context.makeSink(of: Action.self)
        return LoginScreen(
            name: state,
            onNameChanged: { sink.send(.nameChanged($0)) },
            onLogin: { sink.send(.login) }
        )
    }
}

/// A user's todo list; the list is kept here, leaving is reported as output.
struct TodoList: Workflow {
    typealias Output = Event

    var name: String

    enum Event: Equatable {
        case logout
    }

    func makeInitialState() -> [String] { ["Walk the dog"] }

    struct TodoListScreen: Screen {
        var todos: [String]
        var onAdd: (String) -> Void
        var onDone: (Int) -> Void
    }

    func render(state: [String], context: RenderContext<TodoList>) -> TodoListScreen {
        let mutations = context.makeStateMutationSink()
        return TodoListScreen(
            todos: state,
            onAdd: { title in mutations.send { $0.append(title) } },
            onDone: { index in mutations.send { $0.remove(at: index) } }
        )
    }
}

/// The app: a back stack of the login screen and, once logged in, the todo list.
struct TodoApp: Workflow {
    enum State: Equatable {
        case loggedOut
        case loggedIn(String)
    }

    func makeInitialState() -> State { .loggedOut }

    func render(state: State, context: RenderContext<TodoApp>) -> BackStackScreen<AnyScreen> {
        let login = Login().rendered(in: context) { name in
            AnyWorkflowAction<TodoApp> { state in
                state = .loggedIn(name)
                return nil
            }
        }
        var items = [BackStackScreen<AnyScreen>.Item(key: "login", screen: login.asAnyScreen(), barVisibility: .hidden)]
        if case .loggedIn(let name) = state {
            let logout = context.makeSink(of: AnyWorkflowAction<TodoApp>.self)
            let todos = TodoList(name: name)
                .rendered(in: context) { (event: TodoList.Event) in
                    AnyWorkflowAction<TodoApp> { state in
                        if event == .logout { state = .loggedOut }
                        return nil
                    }
                }
            items.append(
                .init(
                    key: "todos",
                    screen: todos.asAnyScreen(),
                    barContent: .init(
                        title: "\(name)'s todos",
                        leftItem: .button(.back { logout.send(AnyWorkflowAction { $0 = .loggedOut; return nil }) })
                    )
                )
            )
        }
        return BackStackScreen(items: items)
    }
}
