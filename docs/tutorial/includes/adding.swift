import Workflow
import WorkflowUI

// --8<-- [start:todo-workflow]
typealias StackItem = BackStackScreen<AnyScreen>.Item

struct TodoWorkflow: Workflow {
    var name: String

    struct State {
        var todos = [Todo(title: "Take the cat for a walk", note: "Cats really need their outside sunshine time.")]
        var editing: Int?
        /// Whether the todo being edited was just added, so that discarding it removes it.
        var adding = false
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
        let edits = context.makeStateMutationSink()
        let back = BackStackScreen<AnyScreen>.BarContent.Button.back(handler: list.onBackTapped)
        let new = BackStackScreen<AnyScreen>.BarContent.Button(content: .text("New")) {
            edits.send { state in
                state.todos.append(Todo(title: "", note: ""))
                state.editing = state.todos.count - 1
                state.adding = true
            }
        }
        var items = [StackItem(key: "list", screen: AnyScreen(list), barContent: .init(title: list.title, leftItem: .button(back), rightItem: .button(new)))]

        if let index = state.editing {
            let editor = TodoEditWorkflow(initialTodo: state.todos[index])
                .onOutput { (state: inout State, output: TodoEditWorkflow.Output) -> Output? in
                    switch output {
                    case .save(let todo) where !todo.title.isEmpty:
                        state.todos[index] = todo
                    case .save, .discard:
                        // A new todo left without a title, or discarded, is not kept.
                        if state.adding { state.todos.remove(at: index) }
                    }
                    state.editing = nil
                    state.adding = false
                    return nil
                }
                .rendered(in: context)
            let bar = BackStackScreen<AnyScreen>.BarContent(
                title: state.adding ? "New todo" : "Edit",
                leftItem: .button(.init(content: .text("Cancel"), handler: editor.discard)),
                rightItem: .button(.init(content: .text("Save"), handler: editor.save))
            )
            items.append(StackItem(key: "edit", screen: AnyScreen(editor.screen), barContent: bar))
        }
        return items
    }
}
// --8<-- [end:todo-workflow]
