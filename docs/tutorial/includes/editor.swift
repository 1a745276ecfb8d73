import Workflow
import WorkflowUI

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
