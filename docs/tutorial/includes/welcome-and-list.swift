import Workflow
import WorkflowUI

// --8<-- [start:welcome-screen]
struct WelcomeScreen: Screen {
    var name: String
    var onNameChanged: (String) -> Void
    var onLogInTapped: () -> Void
}
// --8<-- [end:welcome-screen]

// --8<-- [start:welcome-workflow]
struct WelcomeWorkflow: Workflow {
    struct State {
        var name = ""
    }

    enum Output {
        case didLogIn(name: String)
    }

    enum Action: WorkflowAction {
        typealias WorkflowType = WelcomeWorkflow
        case nameChanged(String)
        case logIn

        func apply(toState state: inout State, context: ApplyContext<WelcomeWorkflow>) -> Output? {
            switch self {
            case .nameChanged(let name):
                state.name = name
                return nil
            case .logIn:
                return state.name.isEmpty ? nil : .didLogIn(name: state.name)
            }
        }
    }

    func makeInitialState() -> State { State() }

    func render(state: State, context: RenderContext<WelcomeWorkflow>) -> WelcomeScreen {
        let sink = context.makeSink(of: Action.self)
        return WelcomeScreen(
            name: state.name,
            onNameChanged: { sink.send(.nameChanged($0)) },
            onLogInTapped: { sink.send(.logIn) }
        )
    }
}
// --8<-- [end:welcome-workflow]

// --8<-- [start:todo-model]
struct Todo: Equatable {
    var title: String
    var note: String
}

struct TodoListScreen: Screen {
    var title: String
    var rows: [String]
    var onRowTapped: (Int) -> Void
    var onBackTapped: () -> Void
}
// --8<-- [end:todo-model]

// --8<-- [start:todo-list-workflow]
struct TodoListWorkflow: Workflow {
    typealias State = Void
    var name: String
    var todos: [Todo]

    enum Output: Equatable {
        case selectTodo(index: Int)
        case back
    }

    func render(state: Void, context: RenderContext<TodoListWorkflow>) -> TodoListScreen {
        let sink = context.makeOutputSink()
        return TodoListScreen(
            title: "\(name)'s todos",
            rows: todos.map(\.title),
            onRowTapped: { sink.send(.selectTodo(index: $0)) },
            onBackTapped: { sink.send(.back) }
        )
    }
}
// --8<-- [end:todo-list-workflow]
