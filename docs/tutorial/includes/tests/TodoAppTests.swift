// The tutorial's tests as a test target of their own, written with Swift Testing: the
// repository's `swift test` compiles the tutorial's code (the files in ../includes) and runs
// these. The tutorial's "Tests" page shows this file.
import Testing
@testable import TodoApp
import Workflow
import WorkflowTesting
import WorkflowUI

@Suite("The tutorial's todo app")
struct TodoAppTests {
    @Test func loggingInNeedsAName() {
        WelcomeWorkflow.Action
            .tester(withState: WelcomeWorkflow.State(name: ""))
            .send(action: .logIn)
            .assertNoOutput()
            .send(action: .nameChanged("Ada"))
            .send(action: .logIn)
            .verifyOutput { output in
                guard case .didLogIn(let name) = output else {
                    Issue.record("expected didLogIn, got \(output)")
                    return
                }
                #expect(name == "Ada")
            }
    }

    @Test func selectingATodoOpensTheEditor() {
        let stubList = TodoListScreen(title: "stub", rows: [], onRowTapped: { _ in }, onBackTapped: {})
        TodoWorkflow(name: "Ada")
            .renderTester()
            .expectWorkflow(type: TodoListWorkflow.self, producingRendering: stubList, producingOutput: .selectTodo(index: 0))
            .render { items in
                #expect(items.map(\.key) == ["list"])
            }
            .verifyState { state in
                #expect(state.editing == 0)
            }
    }

    @Test func cancellingANewTodoLeavesNoEmptyTodo() {
        let app = WorkflowHost(workflow: RootWorkflow())
        (app.rendering.value.topScreen?.wrappedScreen as? WelcomeScreen)?.onNameChanged("Grace")
        (app.rendering.value.topScreen?.wrappedScreen as? WelcomeScreen)?.onLogInTapped()
        let listItem = app.rendering.value.items.last
        guard case .visible(let bar) = listItem?.barVisibility, case .button(let new) = bar.rightItem else {
            Issue.record("the list has no New button")
            return
        }
        new.handler()
        #expect(app.rendering.value.items.map(\.key) == ["welcome", "list", "edit"])
        guard case .visible(let editorBar) = app.rendering.value.items.last?.barVisibility, case .button(let cancel) = editorBar.leftItem else {
            Issue.record("the editor has no Cancel button")
            return
        }
        cancel.handler()
        let list = app.rendering.value.topScreen?.wrappedScreen as? TodoListScreen
        #expect(list?.rows == ["Take the cat for a walk"])
    }
}
