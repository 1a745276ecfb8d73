// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Workflow
import WorkflowUI

/// Two players take turns on a 3×3 board; the game ends with a line or a full board.
struct TicTacToe: Workflow {
    enum Player: String, Equatable {
        case x = "X"
        case o = "O"

        var other: Player { self == .x ? .o : .x }
    }

    enum Outcome: Equatable {
        case win(Player)
        case draw
    }

    typealias Output = Outcome

    struct State: Equatable {
        var board: [[Player?]] = Array(repeating: Array(repeating: nil, count: 3), count: 3)
        var turn: Player = .x
        var outcome: Outcome?
    }

    func makeInitialState() -> State { State() }

    struct Take: WorkflowAction, Equatable {
        typealias WorkflowType = TicTacToe
        var row: Int
        var column: Int

        func apply(toState state: inout State, context: ApplyContext<TicTacToe>) -> Outcome? {
            guard state.outcome == nil, state.board[row][column] == nil else { return nil }
            state.board[row][column] = state.turn
            if let winner = TicTacToe.winner(of: state.board) {
                state.outcome = .win(winner)
            } else if state.board.allSatisfy({ $0.allSatisfy { $0 != nil } }) {
                state.outcome = .draw
            } else {
                state.turn = state.turn.other
            }
            return state.outcome
        }
    }

    static func winner(of board: [[Player?]]) -> Player? {
        let lines: [[(Int, Int)]] = (0..<3).map { r in (0..<3).map { (r, $0) } }
            + (0..<3).map { c in (0..<3).map { ($0, c) } }
            + [[(0, 0), (1, 1), (2, 2)], [(0, 2), (1, 1), (2, 0)]]
        for line in lines {
            let marks = line.map { board[$0.0][$0.1] }
            if let first = marks[0], marks.allSatisfy({ $0 == first }) {
                return first
            }
        }
        return nil
    }

    struct GameScreen: Screen {
        var rows: [String]
        var status: String
        var onTap: (_ row: Int, _ column: Int) -> Void
    }

    func render(state: State, context: RenderContext<TicTacToe>) -> GameScreen {
        let sink = context.makeSink(of: Take.self)
        let rows = state.board.map { row in row.map { $0?.rawValue ?? "·" }.joined(separator: " ") }
        let status: String
        switch state.outcome {
        case .win(let player): status = "\(player.rawValue) wins"
        case .draw: status = "Draw"
        case nil: status = "\(state.turn.rawValue) to play"
        }
        return GameScreen(rows: rows, status: status, onTap: { sink.send(Take(row: $0, column: $1)) })
    }
}
