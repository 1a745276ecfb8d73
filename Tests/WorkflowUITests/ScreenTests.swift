// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Testing
import Workflow
import ViewEnvironment
import WorkflowUI

struct GreetingScreen: Screen {
    var name: String
    var onTap: () -> Void
}

struct ListScreen: Screen {
    var rows: [String]
    var selected: Int?
}

enum ThemeKey: ViewEnvironmentKey {
    static var defaultValue: String { "light" }
}

@Suite("WorkflowUI")
struct ScreenTests {
    @Test func backStackDescriptionIsStableAndReadable() {
        let stack = BackStackScreen<AnyScreen>(items: [
            .init(key: "list", screen: ListScreen(rows: ["a", "b"], selected: nil).asAnyScreen(), barVisibility: .hidden),
            .init(
                key: "detail",
                screen: GreetingScreen(name: "b", onTap: {}).asAnyScreen(),
                barContent: .init(title: "Detail", leftItem: .button(.back(handler: {})))
            ),
        ])
        let text = renderingDescription(stack)
        #expect(text == """
            BackStackScreen(
              items: [
                [0]: BackStackScreen.Item(
                  key: "list",
                  screen: AnyScreen(
                    wrappedScreen: ListScreen(
                      rows: [
                        [0]: "a",
                        [1]: "b"
                      ],
                      selected: nil
                    )
                  ),
                  barVisibility: .hidden
                ),
                [1]: BackStackScreen.Item(
                  key: "detail",
                  screen: AnyScreen(
                    wrappedScreen: GreetingScreen(
                      name: "b",
                      onTap: (Function)
                    )
                  ),
                  barVisibility: .visible(
                    BackStackScreen.BarContent(
                      title: .text("Detail"),
                      leftItem: .button(
                        BackStackScreen.Button(
                          content: .text("Back"),
                          handler: (Function)
                        )
                      ),
                      rightItem: .none
                    )
                  )
                )
              ]
            )
            """)
        #expect(text == renderingDescription(stack), "the same rendering always reads the same")
    }

    @Test func splitScreenDescription() {
        let split = SplitScreen(
            leftScreen: ListScreen(rows: ["inbox"], selected: 0),
            rightScreen: GreetingScreen(name: "hi", onTap: {}),
            ratio: SplitRatio.half
        )
        #expect(renderingDescription(split) == """
            SplitScreen(
              leftScreen: ListScreen(
                rows: [
                  [0]: "inbox"
                ],
                selected: 0
              ),
              rightScreen: GreetingScreen(
                name: "hi",
                onTap: (Function)
              ),
              ratio: 0.5
            )
            """)
        #expect(SplitScreen(leftScreen: ListScreen(rows: [], selected: nil), rightScreen: ListScreen(rows: [], selected: nil)).ratio == 1.0 / 3.0)
    }

    @Test func backButtonHandlerRuns() {
        var tapped = 0
        let stack = BackStackScreen(items: [
            BackStackScreen<ListScreen>.Item(
                screen: ListScreen(rows: [], selected: nil),
                barContent: .init(title: "List", leftItem: .button(.back { tapped += 1 }))
            ),
        ])
        guard case .visible(let bar) = stack.items[0].barVisibility,
              case .button(let button) = bar.leftItem
        else {
            Issue.record("expected a visible bar with a back button")
            return
        }
        button.handler()
        #expect(tapped == 1)
        #expect(stack.items[0].key == AnyHashable(String(reflecting: ListScreen.self)), "items default to their screen type as key")
        #expect(stack.topScreen?.rows == [])
    }

    @Test func anyScreenNeverNests() {
        let screen = ListScreen(rows: ["x"], selected: nil)
        let once = AnyScreen(screen)
        let twice = AnyScreen(once)
        #expect(twice.wrappedScreen is ListScreen)
        #expect((twice.wrappedScreen as? ListScreen)?.rows == ["x"])
    }

    @Test func environmentDefaultsAndOverrides() {
        let base = ViewEnvironment.empty
        #expect(base[ThemeKey.self] == "light")
        let dark = base.setting(key: ThemeKey.self, to: "dark")
        #expect(dark[ThemeKey.self] == "dark")
        #expect(base[ThemeKey.self] == "light", "setting returns a copy")
    }

    @Test func viewControllerDescriptionsUpdateOnlyTheSameKind() {
        let env = ViewEnvironment.empty
        let list = ListScreen(rows: [], selected: nil).viewControllerDescription(environment: env)
        let otherList = ListScreen(rows: ["a"], selected: 0).viewControllerDescription(environment: env)
        let greeting = GreetingScreen(name: "", onTap: {}).viewControllerDescription(environment: env)
        #expect(list.canUpdate(from: otherList))
        #expect(!list.canUpdate(from: greeting))
        #expect(list.kind.hasSuffix("ListScreen"))
        #expect(AnyScreen(GreetingScreen(name: "", onTap: {})).viewControllerDescription(environment: env).kind == greeting.kind)
    }
}

@Suite("WorkflowUI containers")
struct ScreenContainerTests {
    @Test func anAdaptedEnvironmentReachesTheScreenInside() {
        let screen = ListScreen(rows: [], selected: nil).adaptedEnvironment(key: ThemeKey.self, value: "dark")
        let description = screen.viewControllerDescription(environment: .empty)
        #expect(description.environment[ThemeKey.self] == "dark")
        #expect(description.kind.hasSuffix("ListScreen"), "the wrapped screen's own description")
        let nested = screen.adaptedEnvironment { $0[ThemeKey.self] += "-contrast" }
        #expect(nested.viewControllerDescription(environment: .empty).environment[ThemeKey.self] == "dark",
                "an outer adapter runs first; the inner one has the last word")
        #expect(ListScreen(rows: [], selected: nil).viewControllerDescription(environment: .empty).environment[ThemeKey.self] == "light")
    }

    @Test func theInnermostPrimaryScreenIsFoundThroughWrappers() {
        let wrapped = AnyScreen(GreetingScreen(name: "Ada", onTap: {}).adaptedEnvironment(key: ThemeKey.self, value: "dark"))
        let innermost = wrapped.findInnermostPrimaryScreen()
        #expect((innermost as? GreetingScreen)?.name == "Ada")
    }
}

/// An environment value behind a property, as apps declare theirs.
extension ViewEnvironment {
    var theme: String {
        get { self[ThemeKey.self] }
        set { self[ThemeKey.self] = newValue }
    }
}

@Suite("ViewEnvironment module")
struct ViewEnvironmentModuleTests {
    @Test func keyPathsReadAndWriteValues() {
        let environment = ViewEnvironment.empty.setting(keyPath: \.theme, to: "sepia")
        #expect(environment[ThemeKey.self] == "sepia")
        let screen = ListScreen(rows: [], selected: nil).adaptedEnvironment(keyPath: \.theme, value: "dark")
        #expect(screen.viewControllerDescription(environment: environment).environment.theme == "dark")
    }
}
