// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Testing
import Workflow
import WorkflowTesting
import WorkflowUI

@Suite("Tic-tac-toe")
struct TicTacToeTests {
    @Test func xWinsOnTheDiagonal() {
        let host = WorkflowHost(workflow: TicTacToe())
        var outcomes: [TicTacToe.Outcome] = []
        host.output.observeValues { outcomes.append($0) }
        for (row, column) in [(0, 0), (0, 1), (1, 1), (0, 2), (2, 2)] {
            host.rendering.value.onTap(row, column)
        }
        #expect(host.rendering.value.rows == ["X O O", "· X ·", "· · X"])
        #expect(host.rendering.value.status == "X wins")
        #expect(outcomes == [.win(.x)])
        host.rendering.value.onTap(2, 0)
        #expect(host.rendering.value.rows[2] == "· · X", "no moves after the game ends")
    }

    @Test func takenSquaresAreIgnored() {
        TicTacToe.Take.tester(withState: TicTacToe.State())
            .send(action: .init(row: 1, column: 1))
            .send(action: .init(row: 1, column: 1))
            .verifyState { state in
                #expect(state.board[1][1] == .x)
                #expect(state.turn == .o)
            }
            .assertNoOutput()
    }

    @Test func fullBoardWithoutALineIsADraw() {
        var tester = TicTacToe.Take.tester(withState: TicTacToe.State())
        for (row, column) in [(0, 0), (0, 1), (0, 2), (1, 1), (1, 0), (1, 2), (2, 1), (2, 0), (2, 2)] {
            tester = tester.send(action: .init(row: row, column: column))
        }
        tester.assert(output: .draw)
    }

    @Test func renderTesterSeesATapBecomeAMove() {
        TicTacToe().renderTester()
            .render { screen in
                #expect(screen.status == "X to play")
                screen.onTap(2, 1)
            }
            .assert(action: TicTacToe.Take(row: 2, column: 1))
            .verifyState { #expect($0.turn == .o) }
    }
}

@Suite("Email browser")
struct EmailBrowserTests {
    let messages = [
        Email(id: 1, from: "Ada", subject: "Engines", body: "Notes on the analytical engine."),
        Email(id: 2, from: "Grace", subject: "Compilers", body: "A-0 is running."),
    ]

    @Test func selectionFlowsUpAndIntoTheSplitScreen() {
        let host = WorkflowHost(workflow: EmailBrowser(messages: messages))
        #expect(host.rendering.value.rightScreen == .init(heading: "No message selected", body: ""))
        host.rendering.value.leftScreen.onSelect(2)
        #expect(host.rendering.value.leftScreen.rows == ["  Ada: Engines", "▶ Grace: Compilers"])
        #expect(host.rendering.value.rightScreen.heading == "Compilers — Grace")
        host.rendering.value.leftScreen.onSelect(99)
        #expect(host.rendering.value.rightScreen.heading == "Compilers — Grace", "unknown ids keep the selection")
    }

    @Test func parentHandlesInboxOutputInARenderTest() {
        EmailBrowser(messages: messages)
            .renderTester()
            .expectWorkflow(
                type: Inbox.self,
                producingRendering: Inbox.InboxScreen(rows: [], onSelect: { _ in }),
                producingOutput: 1
            ) { inbox in
                #expect(inbox.messages.count == 2)
            }
            .expectWorkflow(
                type: MessageViewer.self,
                producingRendering: .init(heading: "stub", body: "")
            )
            .render { split in #expect(split.rightScreen.heading == "stub") }
            .assert(action: EmailBrowser.Action.select(1))
            .assert(state: .init(selectedID: 1))
    }

    @Test func theRenderingPrintsAsText() {
        let host = WorkflowHost(workflow: EmailBrowser(messages: messages))
        host.rendering.value.leftScreen.onSelect(1)
        let text = renderingDescription(host.rendering.value)
        #expect(text.contains("\"▶ Ada: Engines\""))
        #expect(text.contains("heading: \"Engines — Ada\""))
        #expect(text.contains("onSelect: (Function)"))
    }
}

@Suite("Login and todo list")
struct TodoFlowTests {
    private func screen<S>(_ item: BackStackScreen<AnyScreen>.Item, as type: S.Type) -> S? {
        item.screen.wrappedScreen as? S
    }

    @Test func loggingInPushesTheTodoListAndBackPopsIt() throws {
        let host = WorkflowHost(workflow: TodoApp())
        #expect(host.rendering.value.items.map(\.key) == ["login"])

        let login = try #require(screen(host.rendering.value.items[0], as: Login.LoginScreen.self))
        login.onLogin()
        #expect(host.rendering.value.items.count == 1, "an empty name does not log in")
        login.onNameChanged("Ada")
        try #require(screen(host.rendering.value.items[0], as: Login.LoginScreen.self)).onLogin()
        #expect(host.rendering.value.items.map(\.key) == ["login", "todos"])

        let todos = try #require(screen(host.rendering.value.items[1], as: TodoList.TodoListScreen.self))
        #expect(todos.todos == ["Walk the dog"])
        todos.onAdd("Write docs")
        let updated = try #require(screen(host.rendering.value.items[1], as: TodoList.TodoListScreen.self))
        #expect(updated.todos == ["Walk the dog", "Write docs"])
        updated.onDone(0)
        #expect(try #require(screen(host.rendering.value.items[1], as: TodoList.TodoListScreen.self)).todos == ["Write docs"])

        guard case .visible(let bar) = host.rendering.value.items[1].barVisibility,
              case .text(let title) = bar.title,
              case .button(let back) = bar.leftItem
        else {
            Issue.record("the todo list has a titled bar with a back button")
            return
        }
        #expect(title == "Ada's todos")
        back.handler()
        #expect(host.rendering.value.items.map(\.key) == ["login"])
    }

    @Test func loginNameSurvivesAcrossRenders() throws {
        let host = WorkflowHost(workflow: TodoApp())
        try #require(screen(host.rendering.value.items[0], as: Login.LoginScreen.self)).onNameChanged("Grace")
        #expect(try #require(screen(host.rendering.value.items[0], as: Login.LoginScreen.self)).name == "Grace")
    }
}
