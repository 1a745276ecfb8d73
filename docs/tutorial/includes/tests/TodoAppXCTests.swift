// One of the tutorial's tests written with XCTest instead, in the same target: both run
// under `swift test`, and a failed check fails either kind of test.
@testable import TodoApp
import Workflow
import WorkflowTesting
import XCTest

final class TodoAppXCTests: XCTestCase {
    func testSavingAnEditedTodoUpdatesTheList() {
        var editing = TodoWorkflow.State()
        editing.editing = 0
        let edited = Todo(title: "Take the cat for a long walk", note: "")
        let stubEditor = (
            screen: TodoEditScreen(title: "stub", note: "", onTitleChanged: { _ in }, onNoteChanged: { _ in }),
            save: {},
            discard: {}
        )
        let stubList = TodoListScreen(title: "stub", rows: [], onRowTapped: { _ in }, onBackTapped: {})
        TodoWorkflow(name: "Ada")
            .renderTester(initialState: editing)
            .expectWorkflow(type: TodoListWorkflow.self, producingRendering: stubList)
            .expectWorkflow(type: TodoEditWorkflow.self, producingRendering: stubEditor, producingOutput: .save(edited))
            .render { _ in }
            .verifyState { state in
                XCTAssertEqual(state.todos.map(\.title), ["Take the cat for a long walk"])
                XCTAssertNil(state.editing)
            }
    }
}
