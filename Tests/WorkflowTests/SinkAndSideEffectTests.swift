// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Testing
import Workflow

/// Declares its action sink only while `declaresSink` is set, and runs named side effects.
struct Toggler: Workflow {
    typealias State = Int
    var declaresSink: Bool
    var effects: [String] = []
    var log: EffectLog

    final class EffectLog {
        var lines: [String] = []
    }

    func makeInitialState() -> Int { 0 }

    struct Bump: WorkflowAction {
        typealias WorkflowType = Toggler
        func apply(toState state: inout Int, context: ApplyContext<Toggler>) -> Never? {
            state += 1
            return nil
        }
    }

    func render(state: Int, context: RenderContext<Toggler>) -> (Int, Sink<Bump>?) {
        for key in effects {
            context.runSideEffect(key: key) { lifetime in
                log.lines.append("start \(key)")
                lifetime.onEnded { [log] in log.lines.append("end \(key)") }
            }
        }
        return (state, declaresSink ? context.makeSink(of: Bump.self) : nil)
    }
}

@Suite("Sinks and side effects")
struct SinkAndSideEffectTests {
    @Test func sinkFromAnEarlierRenderingKeepsWorkingWhileDeclared() throws {
        let host = WorkflowHost(workflow: Toggler(declaresSink: true, log: .init()))
        let firstSink = try #require(host.rendering.value.1)
        firstSink.send(Toggler.Bump())
        firstSink.send(Toggler.Bump())
        #expect(host.rendering.value.0 == 2)
    }

    @Test func sinkStopsWhenItsTypeIsNoLongerDeclared() throws {
        let log = Toggler.EffectLog()
        let host = WorkflowHost(workflow: Toggler(declaresSink: true, log: log))
        let oldSink = try #require(host.rendering.value.1)
        host.update(workflow: Toggler(declaresSink: false, log: log))
        oldSink.send(Toggler.Bump())
        #expect(host.rendering.value.0 == 0)

        host.update(workflow: Toggler(declaresSink: true, log: log))
        oldSink.send(Toggler.Bump())
        #expect(host.rendering.value.0 == 0, "a sink retired once stays retired")
        try #require(host.rendering.value.1).send(Toggler.Bump())
        #expect(host.rendering.value.0 == 1)
    }

    @Test func sideEffectsRunOncePerKeyAndEndWhenNoLongerRendered() {
        let log = Toggler.EffectLog()
        let host = WorkflowHost(workflow: Toggler(declaresSink: false, effects: ["a", "b"], log: log))
        host.update(workflow: Toggler(declaresSink: false, effects: ["a", "b"], log: log))
        #expect(log.lines == ["start a", "start b"])
        host.update(workflow: Toggler(declaresSink: false, effects: ["b"], log: log))
        #expect(log.lines == ["start a", "start b", "end a"])
        host.update(workflow: Toggler(declaresSink: false, effects: ["a", "b"], log: log))
        #expect(log.lines == ["start a", "start b", "end a", "start a"])
    }

    @Test func duplicateSideEffectKeyInOnePassRunsOnce() {
        let log = Toggler.EffectLog()
        let host = WorkflowHost(workflow: Toggler(declaresSink: false, effects: ["x", "x"], log: log))
        withExtendedLifetime(host) {
            #expect(log.lines == ["start x"])
        }
    }

    @Test func tearingDownTheHostEndsEverything() {
        let log = Toggler.EffectLog()
        var host: WorkflowHost<Toggler>? = WorkflowHost(
            workflow: Toggler(declaresSink: false, effects: ["a"], log: log)
        )
        #expect(host?.rendering.value.0 == 0)
        host = nil
        #expect(log.lines == ["start a", "end a"])
    }

    @Test func lifetimeOnEndedAfterEndRunsImmediately() {
        final class Holder { var lifetime: Lifetime? }
        struct Keeper: Workflow {
            typealias State = Void
            var runs: Bool
            let holder: Holder
            func render(state: Void, context: RenderContext<Keeper>) {
                if runs {
                    context.runSideEffect(key: "k") { holder.lifetime = $0 }
                }
            }
        }
        let holder = Holder()
        let host = WorkflowHost(workflow: Keeper(runs: true, holder: holder))
        #expect(holder.lifetime?.hasEnded == false)
        host.update(workflow: Keeper(runs: false, holder: holder))
        #expect(holder.lifetime?.hasEnded == true)
        var late = false
        holder.lifetime?.onEnded { late = true }
        #expect(late)
    }

    @Test func sideEffectsOfRemovedChildrenEnd() {
        struct Host: Workflow {
            typealias State = Void
            var showsChild: Bool
            let log: Toggler.EffectLog
            func render(state: Void, context: RenderContext<Host>) {
                if showsChild {
                    _ = Toggler(declaresSink: false, effects: ["child"], log: log).rendered(in: context)
                }
            }
        }
        let log = Toggler.EffectLog()
        let host = WorkflowHost(workflow: Host(showsChild: true, log: log))
        host.update(workflow: Host(showsChild: false, log: log))
        #expect(log.lines == ["start child", "end child"])
    }

    @Test func sinkContraMapConvertsValues() {
        var received: [Int] = []
        let sink = Sink<Int> { received.append($0) }
        let strings: Sink<String> = sink.contraMap { $0.count }
        strings.send("four")
        strings.send("")
        #expect(received == [4, 0])
    }
}
