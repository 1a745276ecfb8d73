// --8<-- [start:todo-editor]
struct TodoEditScreen: Screen {
    var title: String
    var note: String
    var onTitleChanged: (String) -> Void
    var onNoteChanged: (String) -> Void
}

struct TodoEditWorkflow: Workflow {
    var initialTodo: Todo

    struct State {
        var draft: Todo
    }

    enum Output: Equatable {
        case discard
        case save(Todo)
    }

    func makeInitialState() -> State { State(draft: initialTodo) }

    func workflowDidChange(from previous: TodoEditWorkflow, state: inout State) {
        if previous.initialTodo != initialTodo { state.draft = initialTodo }
    }

    func render(state: State, context: RenderContext<TodoEditWorkflow>) -> (screen: TodoEditScreen, save: () -> Void, discard: () -> Void) {
        let edits = context.makeStateMutationSink()
        let output = context.makeOutputSink()
        let screen = TodoEditScreen(
            title: state.draft.title,
            note: state.draft.note,
            onTitleChanged: { title in edits.send { $0.draft.title = title } },
            onNoteChanged: { note in edits.send { $0.draft.note = note } }
        )
        return (screen, { output.send(.save(state.draft)) }, { output.send(.discard) })
    }
}
// --8<-- [end:todo-editor]

// --8<-- [start:todo-workflow]
typealias StackItem = BackStackScreen<AnyScreen>.Item

struct TodoWorkflow: Workflow {
    var name: String

    struct State {
        var todos = [Todo(title: "Take the cat for a walk", note: "Cats really need their outside sunshine time.")]
        var editing: Int?
    }

    enum Output {
        case back
    }

    func makeInitialState() -> State { State() }

    func render(state: State, context: RenderContext<TodoWorkflow>) -> [StackItem] {
        let list = TodoListWorkflow(name: name, todos: state.todos)
            .onOutput { (state: inout State, output: TodoListWorkflow.Output) -> Output? in
                switch output {
                case .back: return .back
                case .selectTodo(let index): state.editing = index
                }
                return nil
            }
            .rendered(in: context)
        let back = BackStackScreen<AnyScreen>.BarContent.Button.back(handler: list.onBackTapped)
        var items = [StackItem(key: "list", screen: AnyScreen(list), barContent: .init(title: list.title, leftItem: .button(back)))]

        if let index = state.editing {
            let editor = TodoEditWorkflow(initialTodo: state.todos[index])
                .onOutput { (state: inout State, output: TodoEditWorkflow.Output) -> Output? in
                    if case .save(let todo) = output { state.todos[index] = todo }
                    state.editing = nil
                    return nil
                }
                .rendered(in: context)
            let bar = BackStackScreen<AnyScreen>.BarContent(
                title: "Edit",
                leftItem: .button(.init(content: .text("Cancel"), handler: editor.discard)),
                rightItem: .button(.init(content: .text("Save"), handler: editor.save))
            )
            items.append(StackItem(key: "edit", screen: AnyScreen(editor.screen), barContent: bar))
        }
        return items
    }
}
// --8<-- [end:todo-workflow]

// --8<-- [start:root-workflow]
struct RootWorkflow: Workflow {
    typealias Output = Never

    enum State {
        case welcome
        case todos(name: String)
    }

    func makeInitialState() -> State { .welcome }

    func render(state: State, context: RenderContext<RootWorkflow>) -> BackStackScreen<AnyScreen> {
        let welcome = WelcomeWorkflow()
            .onOutput { (state: inout State, output: WelcomeWorkflow.Output) -> Never? in
                if case .didLogIn(let name) = output { state = .todos(name: name) }
                return nil
            }
            .rendered(in: context)
        var items = [StackItem(key: "welcome", screen: AnyScreen(welcome), barVisibility: .hidden)]
        if case .todos(let name) = state {
            items += TodoWorkflow(name: name)
                .onOutput { (state: inout State, _: TodoWorkflow.Output) -> Never? in
                    state = .welcome
                    return nil
                }
                .rendered(in: context)
        }
        return BackStackScreen(items: items)
    }
}
// --8<-- [end:root-workflow]
