/// The members of a JSON object read and set by name, for documents that are read, changed in
/// a few places and written back with everything else as it was (``StringCatalog``).
enum JSONMembers {
    /// The value of the first member named `key`; nil when there is none.
    static func value(_ key: String, in members: [(String, JSONValue)]) -> JSONValue? {
        members.first { $0.0 == key }?.1
    }

    /// Sets member `key` to `value`: in its place when the object has it (later members of the
    /// same name are removed), else inserted before the first member whose name sorts after
    /// it, so an object written in key order (as Xcode writes) stays in key order. A nil
    /// `value` removes the member.
    static func set(_ key: String, _ value: JSONValue?, in members: inout [(String, JSONValue)]) {
        guard let first = members.firstIndex(where: { $0.0 == key }) else {
            guard let value else { return }
            let at = members.firstIndex { key < $0.0 } ?? members.endIndex
            members.insert((key, value), at: at)
            return
        }
        let rest = members[(first + 1)...].filter { $0.0 != key }
        members.removeSubrange((first + 1)...)
        if let value { members[first].1 = value } else { members.remove(at: first) }
        members += rest
    }
}
