import BindingRuntime
import Foundation

/// The demo's key commands, as an app would set them up: the table the BindKit plugin compiled
/// from `Keymap.bind` (a resource of this target) and the typed Swift it generated
/// (`DemoKeymap`, compiled into this target).
public enum DemoKeys {
    /// The compiled keymap, loaded from this target's bundle.
    public static func loadTable() throws -> BindingTable {
        guard let url = Bundle.module.url(forResource: "Keymap", withExtension: "bindtable") else {
            throw CocoaError(.fileNoSuchFile)
        }
        return try BindingTable(bytes: [UInt8](Data(contentsOf: url)))
    }

    /// The generated typed action for a performed invocation.
    public static func action(_ invocation: ActionInvocation) -> DemoKeymap.Action? {
        let argument: DemoKeymap.Argument
        switch invocation.argument {
        case .none: argument = .none
        case .int(let value): argument = .int(Int(value))
        case .string(let value): argument = .string(value.string)
        case .bool(let value): argument = .bool(value)
        }
        return DemoKeymap.Action(name: invocation.name, argument: argument)
    }
}
