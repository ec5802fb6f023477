/// Discoverability group titles interned to small integers while checking, so later phases
/// compare and hash integers instead of strings. The model's group indices are assigned
/// later, in order of first appearance among the final bindings.
struct GroupTable {
    private(set) var titles: [String] = []
    private var index: [String: Int] = [:]

    /// The id of `title`, adding it when new.
    mutating func id(_ title: String) -> Int {
        if let i = index[title] { return i }
        index[title] = titles.count
        titles.append(title)
        return titles.count - 1
    }

    /// The title of a group id.
    func title(_ id: Int) -> String { id >= 0 && id < titles.count ? titles[id] : "" }
}
