// Steps of the `frontend` fuzz target that depend on parts landing later (formatter, emitter).
import BindingLang
import BindingRuntime

enum FrontendFuzzExtras {
    static func afterCheck(_ keymap: Keymap, _ compilation: Compilation) {}
}
