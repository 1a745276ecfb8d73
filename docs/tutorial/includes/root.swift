import Workflow
import WorkflowUI

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
