import Workflow
import WorkflowUI

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
